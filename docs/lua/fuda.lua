---@meta fuda
-- fuda.lua -- LuaLS (lua-language-server) annotations of the Lua API of fuda:
-- the `fuda` module, the variant table a rules script returns, its hooks, the
-- game object `g`, piles, meld rules, declared moves, and fuda.match for host
-- scripts (`fuda run`). Nothing here runs: it only tells an editor the names
-- and types. docs/lua-api.md is the reference these lines summarise.
--
-- Installed to $(PREFIX)/share/fuda/lua/ by `make install`; point LuaLS at it:
--   "workspace.library": [ "/usr/local/share/fuda/lua" ]
-- tests/e2e/editor.sh checks that every name here exists in the program and
-- every name the program offers is here.

---A card: its canonical name, rank then suit ("As", "7h", "10d", "Qc"), or "Jk" for the joker.
---@alias fuda.Card string

---A suit letter: "s" spades, "h" hearts, "d" diamonds, "c" clubs.
---@alias fuda.Suit "s"|"h"|"d"|"c"

---Who may see a pile's cards.
---@alias fuda.Visibility "hidden"|"owner"|"public"|"top"

---A list of cards, or a pile (meld rules accept either).
---@alias fuda.Cards fuda.Card[]|fuda.Pile

---The fuda module: card functions, meld rules, declared moves; inside a variant also
---fuda.variant and fuda.import; in host scripts (`fuda run`, the REPL) also fuda.match,
---fuda.replay and fuda.list.
---@class fudalib
---@field version string the version of the Lua API ("0.1")
fuda = {}

---The canonical name of any accepted spelling ("H7", "ts", "10S").
---@param text string
---@return fuda.Card|nil card
---@return string? message why `text` is not a card
function fuda.card(text) end

---The rank of a card: 1 (ace) to 13 (king), 0 for the joker.
---@param c fuda.Card
---@return integer
function fuda.rank(c) end

---The suit of a card, or nil for the joker.
---@param c fuda.Card
---@return fuda.Suit|nil
function fuda.suit(c) end

---The card of a rank (1..13, 0: joker) and a suit: fuda.make(7, "h") == "7h".
---@param rank integer
---@param suit? fuda.Suit
---@return fuda.Card
function fuda.make(rank, suit) end

---Text marking the card(s) for display: "{7h}", "{7h} {8h}"; rendered as 7♥ or 7h.
---@param c fuda.Card|fuda.Card[]
---@return string
function fuda.show(c) end

---"1 card", "2 cards", "0 cards".
---@param n integer
---@param word string
---@return string
function fuda.plural(n, word) end

---The seats' lines of a view, in the layout every game shares: "Seat 2: 4 cards, score 12", the
---viewer's line "Seat 1 (you): ...", "  <- to play" after the seat whose turn it is and
---"  <- to decide" after the seats an open claim window waits for. `describe(g, seat)` gives the
---text after the name (default: the seat's piles as the viewer sees them, and its score).
---@param g fuda.Game
---@param viewer? integer the seat looking (nil or 0: a spectator)
---@param describe? fun(g: fuda.Game, seat: integer): string
---@return string lines joined by newlines
function fuda.seat_lines(g, viewer, describe) end

---Compile meld rules once; their methods take a pile or a list of cards.
---@param spec? fuda.RulesSpec
---@return fuda.Rules
function fuda.rules(spec) end

---Declared moves: a table of move builders, one per verb, with M.parse and M.verbs.
---spec maps each verb to its arguments: {} for none, one type or a list of up to 4
---("card", "cards", "suit", "suits", "seat", "int", "word"; "name suits?": a keyword, optional).
---A list may carry doc = "one line": what the verb does, listed by `help` in fuda play.
---@param spec table<string, string|string[]|{doc?: string}>
---@return fuda.Moves
function fuda.moves(spec) end

---Variants only: the definition of another variant (its table, hooks resolved),
---to call a base's hook from an override: fuda.variant("gin-base").play(g, s, m).
---@param name string a variant name or a path relative to the script's folder
---@return fuda.Variant
function fuda.variant(name) end

---Variants only: what variants/lib/NAME.lua returns (shared code, loaded once).
---@param name string
---@return any
function fuda.import(name) end

---Host scripts only: a new match of any variant, started (its first hand dealt).
---Raises the engine's message when the variant does not load or start.
---@param spec fuda.MatchSpec
---@return fuda.Match
function fuda.match(spec) end

---Host scripts only: a match replayed from a saved log, up to move `upto` (default: all).
---@param log string the log's text
---@param upto? integer
---@return fuda.Match
function fuda.replay(log, upto) end

---Host scripts only: the names of the variants on the search path.
---@return string[]
function fuda.list() end

---@class fuda.SearchBudget
---@field iters? integer playouts per decision (the same position, the same move)
---@field think? integer ms per decision

---Host scripts only: the search bot's budget per decision from now on, for every match
---(as --iters and --think); give one of the two. Returns the budget set before.
---@param budget fuda.SearchBudget
---@return fuda.SearchBudget
function fuda.search_budget(budget) end

---@class fuda.Surface
---@field reached string[] every path by which a C function is reachable
---@field unlisted string[] reachable C functions with no entry in the audited list
---@field stale string[] entries of the list nothing reaches
---@field list table<string, string> the list: name -> what bounds its work

---Host scripts only: the audited surface (lua-bindings/surface.c, the walk surface_walk.c): a walk
---of every C function a script can reach, from a match's engine (a variant's scripts) or, without
---`m`, from this host script's state, checked against the list of functions and their bounds.
---@param m? fuda.Match
---@return fuda.Surface
function fuda.surface(m) end

---------------------------------------------------------------------------------------------------
-- The variant table

---What a rules script returns. The loader rejects any other field.
---@class fuda.Variant
---@field title? string the name shown to players
---@field description? string a longer description, kept in the definition
---@field extends? string the variant this one builds on (its fields are replaced one by one)
---@field abstract? boolean a base for presets, not listed by `fuda list`
---@field round? string what one deal is called in the program's prompts: "hand" (default), "game"...
---@field players? integer|{min: integer, max: integer, default?: integer, step?: integer} how many seats (step 2: min, min + 2, ... max)
---@field options? table<string, fuda.OptionDecl> options and their defaults (in an `extends`: only the base's)
---@field new_options? table<string, fuda.OptionDecl> options an `extends` variant adds
---@field state? table<string, integer|boolean|string> game variables and their initial values (g.var)
---@field seat_state? table<string, integer|boolean|string> per-seat variables (g.seat[k])
---@field setup? fun(g: fuda.Game) once per match: piles and deck
---@field deal? fun(g: fuda.Game) each hand: shuffle, deal, give a seat the turn
---@field moves? fun(g: fuda.Game, seat: integer): string[] the legal moves of a seat that must act
---@field play? fun(g: fuda.Game, seat: integer, move: string) apply a move that was listed
---@field resolve? fun(g: fuda.Game, choices: table<integer, string>, kind: string) a claim window closed
---@field view? fun(g: fuda.Game, seat: integer): string what a seat sees (0: a spectator)
---@field status? fun(g: fuda.Game, seat: integer?): string? a line of the default view
---@field prompt? fun(g: fuda.Game, seat: integer): string? why the open claim window asks seat (fuda play's question)
---@field why_not? fun(g: fuda.Game, seat: integer, move: string): string? why the typed move is not legal (nil: the program's own reason)
---@field confirm? fun(g: fuda.Game, seat: integer, move: string): string? what a legal move throws away ("discard {7h} breaks your run ..."): fuda play asks "...; sure? [y/N]" before a human plays it (nil: nothing to ask)
---@field evaluate? fun(g: fuda.Game, seat: integer): number how good the position is for seat, in column-1 points against the best other seat (the search bot's playouts stop early and use it)
---@field likely? fun(g: fuda.Game, seat: integer): number how likely the search's deal of the cards seat cannot see is, from 0 to 1 (it deals 32 times and keeps one in proportion)
---@field tensor? fun(g: fuda.Game, seat: integer): (number|boolean|fuda.Pile|string[])[] what seat sees as numbers, for the Python module's observation_tensor: numbers, and card planes of piles (only the cards seat sees or knows) or of card lists (each card one seat knows)
---@field result? fun(g: fuda.Game, r: fuda.Result) a hand's result, before the match format sees it
---@field match? fun(g: fuda.Game, r: fuda.Result) the match format: score a result, end the match
---@field columns? string[] names of the score columns (1 to 4)
---@field tables? fuda.Tables|fun(seats: integer): fuda.Tables the match is several tables at once (default: one table of every seat)
---@field teams? integer[][]|fun(seats: integer): integer[][] teams of seats; a team's total is the sum of its members'
---@field seating? fun(m: fuda.Game): integer[][] each hand, the seats at each table (first place listed deals); seats not listed sit out
---@field hand_over? fun(m: fuda.Game, results: fuda.TableResult[], teams: integer[][]) once every table has ended its hand: score the results (m: the match, every seat)
---@field layout? table<string, fuda.Visibility|{vis: fuda.Visibility, per_seat?: boolean}> the piles setup makes
---@field deck? false|fuda.DeckSpec|fun(g: fuda.Game): fuda.DeckSpec the cards put on the deck's pile
---@field verbs? fuda.Moves the moves the phases handle (from fuda.moves)
---@field phase? string the phase each hand begins in (g.var.phase)
---@field phases? table<string, fuda.Phase> moves and handlers by phase
---@field bots? table<string, fun(g: fuda.Game, seat: integer, moves: string[]): string> bots by name
---@field check? fuda.Check what `fuda check` may assume
---@field search? fuda.SearchHints how the search bot should judge the game

---An option's declaration: its default (integer, boolean or string: the option's type), or
---a table { default, min =, max =, one_of =, doc = }.
---@alias fuda.OptionDecl integer|boolean|string|{[1]: integer|boolean|string, min?: integer, max?: integer, one_of?: string[], doc?: string}

---@class fuda.DeckSpec
---@field decks? integer how many 52-card decks (default 1)
---@field jokers? integer jokers added (default 0)
---@field pile? string the pile the cards go on (default "stock")

---A family of declared moves: a verb alone (M.pass), or { verb, cards = pile | seats = "all"|"others"
---| from = a, to = b, when = filter } (docs/lua-api.md, "Declared moves").
---@class fuda.MoveFamily
---@field [1] string the verb (M.discard, or its name)
---@field cards? string a move for each card of this pile (the seat's own, else the shared one)
---@field seats? "all"|"others" a move for each seat (without the one to act)
---@field from? integer a move for each integer from..to
---@field to? integer
---@field when? fun(g: fuda.Game, seat: integer, arg?: string|integer): any keeps the moves it returns true for

---A phase: its moves (a function listing them, or a declaration of them), a handler per verb it
---accepts, and `resolve` for a claim window of its name.
---@class fuda.Phase
---@field moves? (fun(g: fuda.Game, seat: integer): string[])|(string|fuda.MoveFamily)[]
---@field resolve? fun(g: fuda.Game, choices: table<integer, string>, kind: string)
---@field prompt? fun(g: fuda.Game, seat: integer): string? why this claim window asks seat ("your hand totals 10, the field card is {10h}")
---@field [string] fun(g: fuda.Game, seat: integer, ...: any)

---What `fuda check` may assume of a variant.
---How the search bot plays out and judges a decision.
---@class fuda.SearchHints
---@field hands? "points"|"winner" how a playout that ended a hand before the match's last is judged: by the seat's margin of points (default), or by who won the hand (1, 0, -1): for scores too wide for a mean, such as zun's multipliers
---@field bot? string the variant's bot the searching seat plays as in the playouts, and whose move the search keeps unless another is clearly better (default: the first bot)
---@field others? string the variant's bot the other seats play as in the playouts, the search's picture of them (default: the first bot)
---@field sure? number the lead over the bot's move, in standard errors of the paired difference (0 to 10, default 2), another move needs before the search plays it (more when several moves contend)

---@class fuda.Check
---@field max_moves? integer a match ends within this many moves
---@field zero_sum? boolean every column of totals sums to 0
---@field expect? string[] g:tally names that should occur
---@field invariant? fun(g: fuda.Game): boolean, string? must hold after every deal and move
---@field random? number the share of random moves in check's random rounds (0 to 1)
---@field leaks? boolean false: the view shows cards beyond the piles' visibility on purpose, so check's leak rule is not run (default true)

---Several tables (the variant's `tables`): how many, and places at each.
---@class fuda.Tables
---@field count integer tables, 1 to 6
---@field places integer|integer[] places at every table, or one count per table

---A table's result as hand_over sees it: seats of the match.
---@class fuda.TableResult
---@field table integer
---@field seats integer[] the seats at the table, in place order
---@field winner? integer
---@field loser? integer
---@field kind string ("ended" when the table ended its hand without g:result)
---@field points integer
---@field note string
---@field boxes integer

---A hand's result, as given to g:result and the result and match hooks. Its fields are these and
---the rules' own (those the table given to g:result has); any other name raises, read or written.
---For the editor, name the rules' own in a class of yours: ---@class MyResult: fuda.Result.
---@class fuda.Result
---@field winner? integer
---@field loser? integer
---@field kind? string
---@field points? integer
---@field note? string
---@field boxes? integer boxes the hand is worth to the match formats (default 1)

---------------------------------------------------------------------------------------------------
-- The game object

---The game object of a match, passed to every hook. Empty, with a locked metatable.
---@class fuda.Game
---@field seats integer number of seats (at a table of several: its places)
---@field table integer|nil the table being played (1..n) in a match of several tables, else nil
---@field turn integer|nil the seat whose turn it is (read/write)
---@field dir integer turn direction, 1 or -1 (read/write)
---@field hand_no integer hands started in this match
---@field move_no integer moves applied in this match
---@field claim string|nil the kind of the open claim window
---@field phase "setup"|"playing"|"hand_over"|"match_over"
---@field options table<string, any> the options (integer, boolean or string each, as declared): a read-only view (index by name, pairs walks it; not a plain table, so rawset/next fail)
---@field var table<string, any> the variables declared in `state` (integer, boolean, string or nil each)
---@field seat table<integer, table<string, any>> g.seat[k]: seat k's `seat_state` variables
---@field columns string[] the names of the score columns
---@field title string the variant's title
local Game = {}

---The seat `steps` (default 1) places after `seat` in turn order, skipping seats that are out.
---@param seat integer
---@param steps? integer
---@return integer
function Game:next(seat, steps) end

---Take a seat out of the turn order, or back in.
---@param seat integer
---@param out boolean
function Game:set_out(seat, out) end

---A uniform integer 1..n from the game's seeded generator.
---@param n integer
---@return integer
function Game:random(n) end

---Create a pile.
---@param name string
---@param spec? {owner?: integer, vis?: fuda.Visibility}
---@return fuda.Pile
function Game:new_pile(name, spec) end

---The pile (an error if it does not exist).
---@param name string
---@param owner? integer
---@return fuda.Pile
function Game:pile(name, owner) end

---The same as g:pile("hand", seat).
---@param seat integer
---@return fuda.Pile
function Game:hand(seat) end

---Put new cards on a pile (only in setup).
---@param pile string|fuda.Pile
---@param spec? {decks?: integer, jokers?: integer}
function Game:new_deck(pile, spec) end

---Every card of every other pile onto the shared pile `name` (default "stock"); returns it.
---@param name? string
---@return fuda.Pile
function Game:gather(name) end

---n cards to every seat, one at a time, from opts.from (default "stock") to opts.to (default "hand").
---@param n integer
---@param opts? {first?: integer, from?: string, to?: string, sort?: boolean|"rank"}
function Game:deal(n, opts) end

---"Seat 2", or "you" when `seat` is `viewer`.
---@param seat integer
---@param viewer? integer
---@return string
function Game:name(seat, viewer) end

---The seats an open claim window still waits for, as a set ({ [2] = true }); {} when none is open.
---@return table<integer, boolean>
function Game:waiting() end

---The seat of the match at `place` of the table being played (the place itself at a match of one
---table).
---@param place integer
---@return integer
function Game:seat_of(place) end

---Every pile, in the order they were made.
---@return fuda.Pile[]
function Game:piles() end

---Open a claim window named `kind` for the listed seats.
---@param kind string
---@param seats integer[]
function Game:open_claim(kind, seats) end

---Add points to a seat's total in a column (default 1), and a line to the scoresheet.
---@param seat integer
---@param points integer
---@param note? string
---@param column? integer
function Game:score(seat, points, note, column) end

---A seat's total.
---@param seat integer
---@param column? integer
---@return integer
function Game:total(seat, column) end

---The hand is over with result r; the result and match hooks see it. Returns r.
---@param r fuda.Result
---@return fuda.Result
function Game:result(r) end

---The hand is over; the next is dealt unless the match is over.
---@param summary? string
function Game:end_hand(summary) end

---The match is over; `winners` names who won when it is not the highest total.
---@param winners? integer|integer[]
function Game:end_match(winners) end

---An event everybody sees (with arguments: string.format(fmt, ...), formatted only when read).
---@param fmt string
---@param ... any
function Game:say(fmt, ...) end

---An event only `seat` sees.
---@param seat integer
---@param fmt string
---@param ... any
function Game:tell(seat, fmt, ...) end

---Count an occurrence for `fuda check`'s coverage report.
---@param name string
function Game:tally(name) end

---------------------------------------------------------------------------------------------------
-- Piles

---An ordered stack of cards: index 1 is the bottom, #p the top.
---@class fuda.Pile
---@field name string
---@field owner integer|nil the owner seat
---@field vis fuda.Visibility
---@operator len: integer
local Pile = {}

---The number of cards.
---@return integer
function Pile:count() end

---The top card, or nil.
---@return fuda.Card|nil
function Pile:top() end

---The card at index i (1 = bottom).
---@param i integer
---@return fuda.Card|nil
function Pile:at(i) end

---The cards, bottom to top.
---@return fuda.Card[]
function Pile:cards() end

---Does the pile hold the card?
---@param card fuda.Card
---@return boolean
function Pile:has(card) end

---Move a card (the one nearest the top) to `dest`, on top or at index `pos`.
---@param card fuda.Card
---@param dest fuda.Pile
---@param pos? integer
function Pile:move(card, dest, pos) end

---Move the top card (n cards, one by one) onto `dest`.
---@param dest fuda.Pile
---@param n? integer
function Pile:move_top(dest, n) end

---Move every card onto `dest`, keeping their order.
---@param dest fuda.Pile
function Pile:move_all(dest) end

---Shuffle with the game's generator.
function Pile:shuffle() end

---Sort by suit then rank (default), or by rank.
---@param by? "suit"|"rank"
function Pile:sort(by) end

---------------------------------------------------------------------------------------------------
-- Meld rules

---@class fuda.RulesSpec
---@field ace? "low"|"high"|"corner" where the ace goes in runs (default "low")
---@field min_set? integer (default 3)
---@field min_run? integer (default 3)
---@field values? table<integer, integer> deadwood values by rank
---@field wild? "joker" jokers are wild
---@field wild_in_sets? boolean
---@field wild_in_runs? boolean
---@field wild_max? integer most wilds in one meld (0: no limit)
---@field wild_min_natural? integer
---@field set_max? integer most cards in one set (4 to 16)
---@field gin_shapes? integer[][] the meld sizes a gin may have; a shape may add `natural = k` (a set or run of k+ without wilds) or `natural_run = k`
---@field gin_natural_run? integer a gin needs a run of this many cards without wilds
---@field gin_natural? integer a gin needs a meld (set or run) of this many cards without wilds

---An arrangement of cards in melds.
---@class fuda.Melds
---@field deadwood integer
---@field melds fuda.Card[][]
---@field kinds ("run"|"set")[]
---@field dead fuda.Card[]

---Compiled meld rules (fuda.rules).
---@class fuda.Rules
local Rules = {}

---The least deadwood value.
---@param cards fuda.Cards
---@return integer
function Rules:deadwood(cards) end

---An arrangement with the least deadwood.
---@param cards fuda.Cards
---@return fuda.Melds
function Rules:melds(cards) end

---nil, or a gin's arrangement.
---@param cards fuda.Cards
---@return fuda.Melds|nil
function Rules:gin(cards) end

---card -> least deadwood after discarding it.
---@param cards fuda.Cards
---@return table<fuda.Card, integer>
function Rules:discards(cards) end

---The cards, and the least deadwood after discarding each, in the order of `cards`.
---@param cards fuda.Cards
---@return fuda.Card[] cards
---@return integer[] deadwood
function Rules:discard_list(cards) end

---The moves of a Gin-family discard turn ("discard C", "knock C", "gin C").
---@param cards fuda.Cards
---@param except? fuda.Card|"" the card just taken
---@param limit? integer the most deadwood that may knock (nil: no knocking)
---@param verbs? {discard?: string, knock?: string, gin?: string}
---@return string[]
function Rules:discard_moves(cards, except, limit, verbs) end

---Gone: the layoff rule is the Gin family's Lua (variants/lib/gin-layoff.lua); calling this raises
---a message saying to call its `showdown(R, knocker, defender, spec)`, which returns what this did.
---@deprecated
---@param knocker fuda.Cards
---@param defender fuda.Cards
---@param spec? {allow?: boolean, defender_rules?: fuda.Rules}
function Rules:layoff(knocker, defender, spec) end

---Every arrangement of least deadwood (each as `melds` gives one), in the order the exact search
---meets them; the same cards in any order give the same list.
---@param cards fuda.Cards
---@param max? integer at most this many (default 4096, up to 65536)
---@return fuda.Melds[]
function Rules:arrangements(cards, max) end

---The rules as a table `fuda.rules` takes, every field given.
---@return fuda.RulesSpec
function Rules:spec() end

---Can `card` extend `meld`?
---@param meld fuda.Card[]
---@param card fuda.Card
---@param kind? "set"|"run" what the meld is (nil: guessed from its cards)
---@return boolean
function Rules:accepts(meld, card, kind) end

---------------------------------------------------------------------------------------------------
-- Declared moves

---What fuda.moves returns: M.verb is the move text of a verb without arguments, M.verb(...) or
---M.verb[x] builds one with arguments; an unknown M.name raises an error.
---@class fuda.Moves
---@field verbs string[] the verb names, sorted
---@field read table<string, table> M.read[text]: a move's read, { verb, arguments... }, or nil (read only; for bots walking many moves)
---@field [string] string|fun(...: any): string|table<any, string>
local Moves = {}

---Read a move's text: its verb and arguments, or nil and a message.
---@param text string
---@return string|nil verb
---@return any ... the arguments, typed, or the message
function Moves.parse(text) end

---------------------------------------------------------------------------------------------------
-- Host scripts: fuda.match

---A point of a match to go back to (m:mark(), m:undo_to()).
---@class fuda.Mark

---@class fuda.MatchSpec
---@field variant string a variant name or file
---@field seats? integer (default: the variant's)
---@field seed? integer (default 1)
---@field options? table<string, integer|boolean|string>
---@field limits? {memory?: integer, time?: integer, instructions?: integer}

---A match driven from a host script; m:free() (or garbage collection) frees it.
---@class fuda.Match
local Match = {}

---The legal moves of a seat.
---@param seat integer
---@return string[]
function Match:moves(seat) end

---Apply a move: true, or nil and a message (the state unchanged).
---@param seat integer
---@param move string
---@return true|nil ok
---@return string? message
function Match:apply(seat, move) end

---Would the move be accepted? Nothing changes.
---@param seat integer
---@param move string
---@return true|nil ok
---@return string? message
function Match:try(seat, move) end

---The seats that must act now.
---@return integer[]
function Match:actors() end

---The open claim window's kind, or nil.
---@return string|nil
function Match:claim() end

---The move bot `name` (default "random") would make.
---@param seat integer
---@param name? string
---@return string|nil move
---@return string? message
function Match:bot(seat, name) end

---@class fuda.SearchReport
---@field moves integer legal moves
---@field playouts integer playouts over all moves
---@field visits integer playouts of the chosen move
---@field win_rate number share of them the seat won (ties half)
---@field margin number their mean score margin over the best other seat
---@field failed integer playouts a hook's error stopped, or whose end the evaluate hook failed to score, and deals the likely hook failed to weigh
---@field worlds integer deals that fit what the others did since the seat's earlier decisions of the hand
---@field tries integer deals tried and mended for them
---@field own? string the seat's own bot (search.bot, else the first): the floor's
---@field own_move? string its move here, kept unless another is better beyond luck
---@field sure boolean the move is not own_move: it did better by more than luck explains
---@field rival? string own_move kept: the move that did best against it by its mean
---@field gain number the move's (sure) or the rival's mean gain over own_move a deal
---@field unit "points"|"hands"|"matches" gain's unit
---@field stopped boolean a stop request (Ctrl-C in fuda play) cut the search short

---The search bot's move for seat, and what it found.
---@param seat integer
---@return string|nil move
---@return fuda.SearchReport|string report or message
function Match:search(seat) end

---Bots act for every seat until the hand is over: the number of moves, or nil and a message.
---@param names? string[]|string
---@return integer|nil
---@return string? message
function Match:play_bots(names) end

---Deal the next hand after a hand ended.
---@return true|nil
---@return string? message
function Match:next_hand() end

---"idle", "playing", "hand_over" or "match_over".
---@return "idle"|"playing"|"hand_over"|"match_over"
function Match:phase() end

---The seats the match format named winners.
---@return integer[]
function Match:winners() end

---A mark of the point the match is at (its state, scoresheet, log and the bots' generator).
---@return fuda.Mark
function Match:mark() end

---Go back to a mark: true, or nil and a message (nothing changes) when the mark is another
---match's or lies on a line of play an earlier undo dropped.
---@param mark fuda.Mark
---@return true|nil
---@return string? message
function Match:undo_to(mark) end

---The cards of a pile.
---@param name string
---@param owner? integer
---@return fuda.Card[]
function Match:pile(name, owner) end

---A game variable.
---@param name string
---@return integer|boolean|string|nil
function Match:var(name) end

---A seat's variable.
---@param seat integer
---@param name string
---@return integer|boolean|string|nil
function Match:seat_var(seat, name) end

---A seat's total.
---@param seat integer
---@param column? integer
---@return integer
function Match:total(seat, column) end

---Rig a pile for a test: the listed cards are swapped into it from wherever they are.
---@param name string
---@param owner integer|nil
---@param cards fuda.Card[]
---@param from_top? boolean
function Match:arrange(name, owner, cards, from_top) end

---The events this reader has not had yet (all, or those `seat` may see).
---@param seat? integer
---@return string[]
function Match:events(seat) end

---What a seat sees (0: a spectator).
---@param seat? integer
---@return string
function Match:view(seat) end

---What the variant's confirm hook says `move` of `seat` throws away: the text, nil (nothing to ask),
---or nil and a message when the hook failed.
---@param seat integer
---@param move string
---@return string?
---@return string? message
function Match:confirm(seat, move) end

---The scoresheet as text: a row per line scored, the totals last; only the columns with
---something in them. With a width, laid out to it as `fuda play` shows it: notes that do not
---fit beside their rows turn the rows into lines, a table too wide the totals too.
---@param width? integer columns (0 or none: no limit)
---@return string
function Match:scoresheet(width) end

---The match's log (replayable with fuda.replay or `fuda play --replay`).
---@return string
function Match:log() end

---The hash of the state.
---@return string
function Match:hash() end

---Moves applied so far.
---@return integer
function Match:move_count() end

---{ name = count } of what the variant tallied.
---@return table<string, integer>
function Match:tallies() end

---Free the match's engine; later calls fail with "match was freed".
function Match:free() end

---Host scripts: the arguments after the script's name.
---@type string[]
arg = {}
