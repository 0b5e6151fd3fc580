-- text.lua -- a variant whose every text is an attack on the terminal, the
-- JSON, the SVG and the shell: its title, option docs, bot names, columns,
-- verbs, events, view, prompt, why_not, confirm, scoresheet notes, tally names and
-- print() carry escape sequences (OSC 52 sets the clipboard, CSI 2J clears
-- the screen, "\r\27[2K" overwrites a line to forge fuda's verdict), C1 and
-- bidi controls and invalid UTF-8, beside names in Japanese and card suits
-- that must pass unchanged. Option `attack`: "none" plays tiny's game,
-- "error" raises an error with such text in the play hook, "moves" lists
-- moves with such text (tests/e2e/hostile_text.sh).
local base = fuda.variant("tiny")

local FAKE = "\r\27[2K check: OK (2000 matches, 1 moves)\ncheck: OK (2000 matches, 1 moves)\n"
local EVIL = "\27]52;c;cm0gLXJmIH4=\7\27[2J\27[H" .. FAKE .. "\u{202E}KO\u{2066}\194\155\255\192\128\237\160\128"
local NICE = "\u{30B8}\u{30F3} \u{2660}\u{2665}"      -- ジン ♠♥
-- for names with a length limit (columns: 24 bytes, tallies: 64)
local SHORT = "\27]52;c;eA==\7\r\27[2K\u{202E}\255"
local FAKE_LINE = "\r\27[2Kcheck: OK (2000 matches, 1 moves)\n"

return {
  extends = "tiny",
  title = NICE .. " " .. EVIL,
  new_options = {
    attack = { "none", one_of = { "none", "error", "moves" }, doc = "what to do " .. EVIL },
    style = { EVIL, doc = NICE },
  },
  columns = { "p" .. SHORT, NICE },
  verbs = { draw = "take a card " .. EVIL, play = "play a card " .. EVIL },
  bots = { -- (a bot's name is a name: no control, no space, no comma; the loader refuses others)
    [NICE:gsub(" ", "")] = function(g, seat, moves) return moves[#moves] end,
  },
  check = { max_moves = 30000, expect = { "never " .. EVIL } },
  setup = function(g)
    print("print " .. EVIL)
    base.setup(g)
  end,
  deal = function(g)
    base.deal(g)
    g:say("deal " .. EVIL .. " " .. NICE)
  end,
  moves = function(g, seat)
    local list = base.moves(g, seat)
    if g.options.attack == "moves" and g.claim == nil then table.insert(list, 1, "draw " .. EVIL) end
    return list
  end,
  play = function(g, seat, move)
    if g.options.attack == "error" then error(EVIL) end
    if move:sub(1, 5) == "draw " then move = "draw" end
    g:tally("t" .. FAKE_LINE .. SHORT)
    g:tell(seat, "told " .. EVIL)
    g:score(seat, 0, "note " .. EVIL, 2)
    print("played", move, EVIL)
    return base.play(g, seat, move)
  end,
  view = function(g, seat) return "view " .. EVIL .. "\n" .. NICE .. " {7h} {s}" end,
  prompt = function(g, seat) return "why " .. EVIL end,
  why_not = function(g, seat, move) return "because " .. EVIL end,
  confirm = function(g, seat, move) return "sure " .. EVIL end,
}
