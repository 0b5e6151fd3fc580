#!/bin/sh
# first_move.sh [SEEN [bare]] -- a test agent for `fuda agent` and `--bots
# cmd:...`, in another process: it answers every act line with the seat's
# first legal move, except the first question, answered with a malformed line
# and then with an illegal move (each must get an error line and the question
# again). Every line it reads is appended to the file SEEN when given; with
# `bare` it answers with the move's bare text instead of {"move":"..."}.
seen=${1:-}
bare=${2:-}
n=0
while IFS= read -r line; do
    [ -n "$seen" ] && printf '%s\n' "$line" >>"$seen"
    case $line in
    '{"type":"over"'*) exit 0 ;;
    '{"type":"act"'*) ;;
    *) continue ;;
    esac
    n=$((n + 1))
    if [ $n -eq 1 ]; then
        echo '{"move": oops'
        continue
    fi
    if [ $n -eq 2 ]; then
        echo '{"move":"no such move"}'
        continue
    fi
    mv=$(printf '%s\n' "$line" | sed -n 's/.*"moves":\["\([^"]*\)".*/\1/p')
    if [ "$bare" = bare ]; then
        printf '%s\n' "$mv"
    else
        printf '{"move":"%s"}\n' "$mv"
    fi
done
exit 1
