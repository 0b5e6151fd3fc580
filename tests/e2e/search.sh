#!/bin/sh
# search.sh -- end-to-end tests of the search bot (--bots search, --iters,
# --think): the same seed and iteration budget give the same match, it plays
# claim windows and several seats, survives a playout bot that fails, passes
# fuda check (its choices are asked again in a fresh engine), is refused with
# a bad budget, keeps the basic bot's move unless sure of a better one (the
# floor), and gives hints in fuda play that say how sure they are without
# changing the game.
. "$(dirname "$0")/lib/check.sh"

untimed() { grep -v -E '"elapsed_s"|^(elapsed|matches/s|hands/s|moves/s) ' "$1" |
    sed -E 's/, "elapsed_s": [0-9.]+, "matches_per_s": [0-9.]+, "hands_per_s": [0-9.]+, "moves_per_s": [0-9.]+//'; }

run sim gin -n 2 --seed 3 --bots search,basic --iters 24 --json
expect "search in gin: exit 0" status 0
expect "search in gin: names the bots" has "$OUT" '"bots": \["search", "basic"\]'
untimed "$OUT" >"$TMP/a"
run sim gin -n 2 --seed 3 --bots search,basic --iters 24 --json
untimed "$OUT" >"$TMP/b"
expect "search with --iters: the same match again" cmp -s "$TMP/a" "$TMP/b"

# claim windows (several actors at once) and more than two seats
run sim zun -n 1 --seats 3 --bots search,basic,random --iters 8 --option games=1
expect "search in zun, 3 seats: exit 0" status 0
expect "search in zun: a match is played" has "$OUT" '^matches +1$'
run sim dobon -n 2 --seats 4 --bots search --iters 8
expect "search at every seat of dobon: exit 0" status 0
run sim tests/variants/snap.lua -n 2 --seats 3 --bots search --iters 8
expect "search in snap (a claim window for every seat): exit 0" status 0

# a match of two tables: the search deals anew its own table from its place, the other as a
# looker-on, and passes fuda check (leak rule included)
run sim partnership -n 1 --bots search,basic --iters 6 --option target=30
expect "search in partnership: exit 0" status 0
expect "search in partnership: a match is played" has "$OUT" '^matches +1$'
run check partnership -n 2 --bots search,basic --iters 4 --option target=30
expect "check partnership with search: OK" has "$OUT" '^check: OK \(2 matches, [0-9]+ moves\)$'
expect "check partnership: the leak rule ran" has "$OUT" '^hidden +[1-9][0-9]* positions: dealing anew'

# a playout bot that fails: the search falls back to random moves there
run sim tests/variants/flaky_bot.lua -n 1 --bots search --iters 4 --option hand_size=2
expect "search over a failing playout bot: exit 0" status 0
run sim tests/variants/flaky_bot.lua -n 1 --bots flaky
expect "... which fails on its own" status 1

# a playout bot that never answers (each call stopped by the 40 ms limit, so each move of a
# playout costs 40 ms): under --think the search still ends each decision near its budget; it
# used to finish its first round of playouts, over a minute a decision here
cat >"$TMP/slow.lua" <<'EOF'
fuda.search_budget{ think = 10 }
local m = fuda.match{ variant = "tests/variants/slow_bot.lua", seats = 2, seed = 1, limits = { time = 40 } }
for _ = 1, 5 do
  local seat = m:actors()[1]
  assert(m:apply(seat, assert(m:bot(seat, "search"))))
end
print("five decisions")
EOF
timeout 30 "$FUDA" run "$TMP/slow.lua" >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "a slow playout bot: five searched decisions within 30 s" status 0
expect "a slow playout bot: all five made" has "$OUT" '^five decisions$'

# a variant's evaluate hook: playouts cut short and scored by it; one that gives no number
run sim tests/variants/tiny_eval.lua -n 2 --bots search,random --iters 8
expect "search with an evaluate hook: exit 0" status 0
expect "search with an evaluate hook beats random" has "$OUT" '^seat 1 +wins 2,'
run sim tests/variants/tiny_eval.lua -n 1 --bots search,random --iters 2 --option bad_eval=true --option hand_size=2
expect "search over an evaluate that gives no number: exit 0" status 0

# the choice rule: twenty bets worth the same, one of which wins now and then in a few deals,
# never lure the search from the basic bot's "bet 1"; a move far better than it is found
run sim tests/variants/lottery.lua -n 20 --bots search,basic --iters 200 --json
expect "lottery: exit 0" status 0
expect "lottery: luck in a few deals never moves the search from the bot's bet" has "$OUT" '"tallies": \{"bet 1": 20\}'
run sim tests/variants/lottery.lua -n 20 --bots search,basic --iters 200 --option sure=true --json
expect "lottery: the sure 500 points are found every time" has "$OUT" '"tallies": \{"sure": 20\}'

# the floor: basic's "safe" (10 points) is left for a gamble worth 100/13, which luck makes look
# better in a few deals of some decisions, at most once in 300 matches (a lead of 2 standard
# errors is luck now and then: the rule before took it 3, 5 and 6 times at these budgets)
for it in 30 60 200; do
    run sim tests/variants/floor.lua -n 300 --bots search,basic --iters $it --json
    expect "floor, --iters $it: exit 0" status 0
    expect "floor, --iters $it: basic's move kept in 299 matches of 300 or more" \
        has "$OUT" '"tallies": \{("first hand: gamble": 1, )?"first hand: safe": (299|300)\}'
done
# ... which a variant may lower: with search = { sure = 0 } luck takes it to the gamble 3 times
run sim tests/variants/floor_loose.lua -n 300 --bots search,basic --iters 30 --json
expect "floor, search.sure 0: exit 0" status 0
expect "floor, search.sure 0: luck moves it from basic's move 3 times in 300" \
    has "$OUT" '"tallies": \{"first hand: gamble": 3, "first hand: safe": 297\}'
run rules tests/variants/floor_loose.lua
expect "floor, search.sure 0: fuda rules says so" has "$OUT" \
    "^search +leaves its bot's move on a lead of 0 standard errors \\(search.sure\\)$"

# what it plays for: in the match's last hand the sure point that wins the match, not the
# gamble worth more points (half the time it loses); in the hands before it, points
run sim tests/variants/steady.lua -n 20 --bots search,basic --iters 200 --json
expect "steady: exit 0" status 0
expect "steady: the match's last hand is played for the match" has "$OUT" '"tallies": \{"last hand: steady": 20\}'
expect "steady: so seat 1 wins every match" has "$OUT" '"wins": \[20, 0\]'
run sim tests/variants/steady.lua -n 20 --bots search,basic --iters 200 --option hands=2 --json
expect "steady: a hand before the last is played for points" has "$OUT" '"earlier hand: gamble": 20[,}]'
# ... unless the variant says search = { hands = "winner" }: then for the hand's win
run sim tests/variants/steady_winner.lua -n 20 --bots search,basic --iters 200 --option hands=2 --json
expect "steady, hands judged by the winner: exit 0" status 0
expect "steady, hands judged by the winner: the sure points before the last hand" has "$OUT" '"earlier hand: steady": 20[,}]'
# ... however low a real margin goes (a loss of 2,000,000 is a lost hand, not a refused move)
run sim tests/variants/longshot.lua -n 20 --bots search,basic --iters 200 --json
expect "longshot: exit 0" status 0
expect "longshot: the hand won 51 deals in 52 is played (a sentinel for refusal: 4 of 20)" has "$OUT" '"first hand: bold": 20[,}]'

# the seat's own playout bot (search = { bot = NAME }): a habit that pays only when kept up is
# played when the seat keeps it up in the playouts (patient), not when it cashes at once (hasty)
run sim tests/variants/habit.lua -n 10 --bots search --iters 60 --json
expect "habit: exit 0" status 0
expect "habit: with the first bot's playouts the search cashes" has "$OUT" '"tallies": \{"first hand: cash": 10\}'
run sim tests/variants/habit_patient.lua -n 10 --bots search --iters 60 --json
expect "habit, search.bot patient: exit 0" status 0
expect "habit, search.bot patient: the search holds" has "$OUT" '"tallies": \{"first hand: hold": 10\}'
run rules tests/variants/habit_patient.lua
expect "rules names the search's own playout bot" has "$OUT" '^search +plays the seat as patient in its playouts, the others as hasty \(search.bot\)$'
run sim tests/variants/bad_search_bot.lua -n 1
expect "search.bot naming no bot: exit 1" status 1
expect "search.bot naming no bot: file:line and the bots" has "$ERR" "bad_search_bot.lua:4: search.bot: 'nosuch' is not one of the variant's bots \(it has none\)"

# the search's picture of the others (search = { others = NAME }): a bait that the first bot
# snaps is left, one that the named bot walks past is made
run sim tests/variants/bait.lua -n 10 --bots search,alert --iters 60 --json
expect "bait: exit 0" status 0
expect "bait: with the first bot as the picture the search plays safe" has "$OUT" '"tallies": \{"first hand: safe": 10\}'
run sim tests/variants/bait_trusting.lua -n 10 --bots search,alert --iters 60 --json
expect "bait, search.others trusting: exit 0" status 0
expect "bait, search.others trusting: the search baits" has "$OUT" '"tallies": \{"first hand: bait": 10\}'
expect "bait, search.others trusting: ... and alert snaps it" has "$OUT" '"mean_score": \[0.00, 6.00\]'
run rules tests/variants/bait_trusting.lua
expect "rules names the others' playout bot" has "$OUT" '^search +plays the seat as alert in its playouts, the others as trusting \(search.others\)$'
run sim tests/variants/bad_search_others.lua -n 1
expect "search.others naming no bot: exit 1" status 1
expect "search.others naming no bot: file:line and the bots" has "$ERR" "bad_search_others.lua:4: search.others: 'nosuch' is not one of the variant's bots \(it has none\)"

# fuda check with search bots: deterministic, so the replays agree
run check gin -n 2 --bots search,basic --iters 6
expect "check gin with search: exit 0" status 0
expect "check gin with search: OK" has "$OUT" '^check: OK \(2 matches, [0-9]+ moves\)$'
expect "check names the leak rule" has "$OUT" '^hidden +[1-9][0-9]* positions: dealing anew what a seat cannot see changed none of its moves or views, nor the events it was shown \([1-9][0-9]* comparisons\)$'

# bad budgets
run sim gin -n 1 --bots search --iters 0
expect "--iters 0: usage error" status 2
expect "--iters 0: says why" has "$ERR" 'iters: 0 is out of range'
run sim gin -n 1 --bots search --think abc
expect "--think abc: usage error" status 2
run sim gin -n 1 --bots nosuch
expect "an unknown bot lists search among the bots" has "$ERR" "has no bot 'nosuch' \(bots: basic, simple, random, search\)"
run rules gin
expect "rules lists the search bot" has "$OUT" '^bots +basic, simple, random, search$'

# hint: the search's move and how sure it is, twice the same, and the game goes on as before
run_in "$(printf 'hint\nhint\nmoves\nquit\ny')" play gin --seed 5 --iters 40
expect "hint: exit 0" status 0
expect "hint names a move and how sure it is" has "$OUT" \
    "hint: (take|pass) \\((basic's move; none did better in 40 playouts|not sure: 40 playouts; (take|pass) did \\+[0-9.]+ points a hand, within luck: basic's move|sure: 40 playouts, \\+[0-9.]+ points a hand over basic's (take|pass))\\)\$"
n=$(grep -c -E 'hint: (take|pass) \(' "$OUT")
expect "hint twice" [ "$n" -eq 2 ]
h1=$(grep -E 'hint: ' "$OUT" | sed -n 1p)
h2=$(grep -E 'hint: ' "$OUT" | sed -n 2p)
expect "the same hint twice with --iters" [ "$h1" = "$h2" ]
expect "the game goes on after a hint" has "$OUT" 'legal moves: take, pass'
run_in "$(printf 'hint\nquit\ny')" play zun --seats 2 --seed 5 --iters 40
expect "hint in zun: its playouts are 24 moves deep (zun's evaluate), from careful's move" \
    has "$OUT" "hint: .* \\(.*40 playouts 24 moves deep.*careful's.*\\)\$"
# ... sure of a move better than basic's, with the gain (the lottery's one hand: in matches won)
run_in "$(printf 'hint\nquit\ny')" play tests/variants/lottery.lua --option sure=true --seed 1 --iters 200
expect "hint, sure: the move, the playouts, the gain over basic's move" \
    has "$OUT" "hint: sure \\(sure: [0-9]+ playouts, \\+[0-9]+% of matches won over basic's bet 1\\)\$"
# ... not sure: a gamble that did better by its mean in 30 playouts, but within luck
run_in "$(printf 'hint\nquit\ny')" play tests/variants/floor.lua --seed 1 --iters 30
expect "hint, not sure: basic's move, the rival named with its gain" \
    has "$OUT" "hint: safe \\(not sure: 30 playouts; gamble did \\+[0-9.]+ points a hand, within luck: basic's move\\)\$"
run_in "$(printf 'help\nquit\ny')" play gin --seed 5
expect "help lists hint" has "$OUT" '^  hint +the move the search bot would play, and why$'
finish
