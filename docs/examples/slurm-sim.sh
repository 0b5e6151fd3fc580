#!/bin/sh
# slurm-sim.sh -- a fuda run larger than one machine as a Slurm job array:
# one array task per shard (`fuda ... --shard K/N`), then `fuda merge` as a
# job that starts when they have all ended. Run it on the login node:
#
#   sh slurm-sim.sh                                  # sim gin -n 10000000, 64 shards
#   SHARDS=16 RUN="check zun -n 100000" sh slurm-sim.sh
#   RUN="duel gin --bots search,basic -n 20000 --iters 200" sh slurm-sim.sh
#
# The report lands in $OUT/report.txt (and $OUT/report.json); each shard's
# result in $OUT/K.json, its messages in $OUT/K.log. fuda must be on every
# node's PATH, the same build and the same variant file at the same path
# (merge compares them, and refuses shards of different runs). A shard's
# threads (-j) change nothing in the figures: give it the node's CPUs.
#
# Under Slurm this same file is each array task: it plays its shard.
set -eu
SHARDS=${SHARDS:-64}
RUN=${RUN:-sim gin -n 10000000 --seed 1}
OUT=${OUT:-fuda-run}
CPUS=${CPUS:-2}

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then # the login node: submit
    mkdir -p "$OUT"
    export SHARDS RUN OUT # the tasks get the environment (sbatch --export=ALL, the default)
    job=$(sbatch --parsable --job-name=fuda-shards --array=1-"$SHARDS" --cpus-per-task="$CPUS" \
        --time=04:00:00 --output="$OUT/%a.log" "$0")
    # afterany: a shard with a failed match exits 1 and its result still
    # counts; merge says which shard is missing if one did not finish
    sbatch --job-name=fuda-merge --dependency=afterany:"${job%%;*}" --output="$OUT/merge.log" \
        --wrap "fuda merge $OUT/*.json >$OUT/report.txt; fuda merge --json $OUT/*.json >$OUT/report.json"
    echo "submitted: array $job ($SHARDS shards of 'fuda $RUN'), then the merge into $OUT/report.txt"
    exit 0
fi

# an array task: shard K of N
# shellcheck disable=SC2086 # RUN is the command's words
exec fuda $RUN -j "${SLURM_CPUS_PER_TASK:-1}" --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" >"$OUT/$SLURM_ARRAY_TASK_ID.json"
