#!/bin/sh
# cli.sh -- end-to-end tests of the command line: help, usage errors (exit 2),
# list, rules and run.
. "$(dirname "$0")/lib/check.sh"

run --help
expect "--help exits 0" status 0
expect "--help shows usage" has "$OUT" '^usage: fuda'
expect "--help lists play" has "$OUT" '^  play '
expect "--help lists sim" has "$OUT" '^  sim '
run help
expect "help exits 0" status 0
expect "help shows usage" has "$OUT" '^usage: fuda'
run help play
expect "help play shows its flags" has "$OUT" '--replay LOGFILE'
run play --help
expect "play --help exits 0" status 0
expect "play --help shows its usage" has "$OUT" '^usage: fuda play VARIANT'
run sim --help
expect "sim --help shows -n" has "$OUT" '^  -n N'
run rules --help
expect "rules --help exits 0" status 0
expect "rules --help shows its usage" has "$OUT" '^usage: fuda rules VARIANT'

# usage errors: exit 2, a message and the usage line on stderr
run bogus
expect "unknown command exits 2" status 2
expect "unknown command is named" has "$ERR" "unknown command 'bogus'"
expect "unknown command shows usage" has "$ERR" '^usage: fuda'
run --bogus
expect "unknown flag exits 2" status 2
expect "unknown flag is named" has "$ERR" "unknown flag '--bogus'"
run play gin --bogus
expect "unknown play flag exits 2" status 2
expect "unknown play flag is named" has "$ERR" "fuda play: unknown flag '--bogus'"
expect "play usage shown" has "$ERR" '^usage: fuda play VARIANT'
run play
expect "play without variant exits 2" status 2
expect "play without variant says so" has "$ERR" 'missing VARIANT'
run sim gin -n x
expect "bad number exits 2" status 2
expect "bad number is named" has "$ERR" "'x' is not a number"
run sim gin -n 0
expect "-n 0 exits 2" status 2
run sim gin --option target
expect "option without = exits 2" status 2
expect "option without = says so" has "$ERR" "'target' is not name=value"
run sim gin --seed
expect "flag without value exits 2" status 2
expect "flag without value says so" has "$ERR" '--seed needs a value'
run sim gin --seats 3 -n 1
expect "wrong seat count exits 2" status 2
expect "wrong seat count says so" has "$ERR" 'gin is played by 2 players, not 3'
run sim gin --bots nosuchbot -n 1
expect "unknown bot exits 2" status 2
expect "unknown bot is named" has "$ERR" "no bot 'nosuchbot'"
run play gin --to 3
expect "--to without --replay exits 2" status 2
run rules
expect "rules without variant exits 2" status 2
run rules gin extra
expect "rules with two variants exits 2" status 2
run help bogus
expect "help of unknown command exits 2" status 2
run play nosuchvariant
expect "unknown variant exits 1" status 1
expect "unknown variant reports an error" has "$ERR" '^fuda: .*nosuchvariant'

# list
run list
expect "list exits 0" status 0
expect "list shows gin with its title" has "$OUT" '^gin +Gin Rummy \(Official Rules of Card Games\)$'
expect "list shows gin-bicycle" has "$OUT" '^gin-bicycle +'
expect "list: one column of titles, the longest name included" has "$OUT" '^round-the-corner  Round-the-Corner Gin$'
expect "list: ... and gin's title in the same column" has "$OUT" '^gin               Gin Rummy'

# rules
run rules gin
expect "rules gin exits 0" status 0
expect "rules gin shows the title" has "$OUT" '^Gin Rummy \(Official Rules of Card Games\)$'
expect "rules gin shows the players" has "$OUT" '^players +2$'
expect "rules gin shows options with values" has "$OUT" '^  target = 100 +.*points'
expect "rules gin shows option docs" has "$OUT" 'knock_limit = 10 .*deadwood'
expect "rules gin shows the bots" has "$OUT" '^bots +.*random'
expect "rules gin shows the rules document, its title underlined" has "$OUT" '^====+$'
expect "rules gin: its search judges hands by points (no search line)" hasnt "$OUT" '^search '
run rules zun
expect "rules zun: its search judges hands by the winner" has "$OUT" "^search +judges a hand before the match's last by who won it \(search.hands\)$"
expect "rules zun: its search plays the seat as careful" has "$OUT" '^search +plays the seat as careful in its playouts, the others as basic \(search.bot\)$'
expect "rules zun: its search cuts playouts at 24 moves" has "$OUT" '^search +stops a playout 24 moves in and scores it by the variant.s estimate \(evaluate\)$'
run rules gin-bicycle
expect "a preset shows its family's rules document" has "$OUT" '^Gin Rummy .*as fuda plays it$'
run rules gin --option
expect "rules takes no flags" status 2

# run
printf 'print("sum", 20 + 22)\nprint(#arg, arg[1], arg[2])\n' >"$TMP/ok.lua"
run run "$TMP/ok.lua" a b
expect "run exits 0" status 0
expect "run prints" has "$OUT" '^sum	42$'
expect "run passes arguments" has "$OUT" '^2	a	b$'
printf 'local x = 1\nerror("boom")\n' >"$TMP/bad.lua"
run run "$TMP/bad.lua"
expect "run of a failing script exits 1" status 1
expect "run error names file and line" has "$ERR" 'bad\.lua:2: boom'
expect "run error goes to stderr only" hasnt "$OUT" boom
run run "$TMP/missing.lua"
expect "run of a missing file exits 1" status 1
expect "run of a missing file says so" has "$ERR" 'missing\.lua'
run run
expect "run without a file exits 2" status 2

# -j takes the same forms in every command that has it (one parser: args.c)
for cmd in "check gin -n 2" "sim gin -n 2 --bots random"; do
    for j in "-j 2" "-j2" "--jobs 2" "--jobs=2"; do
        run $cmd $j
        expect "${cmd%% *} $j: exit 0" status 0
    done
    run $cmd -j0
    expect "${cmd%% *} -j0: a usage error" status 2
    expect "${cmd%% *} -j0: says the range" has "$ERR" 'out of range'
done

finish
