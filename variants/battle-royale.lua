-- Battle Royale (seeds/gin-rummy-and-variants.ja.txt, 3人ルール 3つ目のやり方; RULINGS.md): Gin
-- Rummy for three at one table. Ten cards each, turns to the left; each player discards to their
-- own pile and may take the top of either other player's ("take 7h"); the upcard starts the
-- dealer's pile and is offered from the dealer's left round to the dealer; when all three pass it
-- is dead: nobody takes it later (dead_upcard). After a knock both
-- others lay off on the knocker's melds only, never on each other's layoffs. Gin wins both
-- others' deadwood + 40; a knock wins the two differences; an undercut costs the knocker 20 and
-- scores nobody anything. Void with 3 stock cards left. Game 200, game bonus 200, and then each
-- pair settles the difference of their totals. The deal passes to the left.
local three = fuda.import("three")

-- Gin's verbs, "take" naming the card on top of the pile taken from (the upcard: plain "take").
local verbs = fuda.moves{
  draw = { doc = "draw the top card of the stock" },
  take = { "card?", doc = "take the upcard, or (take CARD) the top card of another player's discard pile" },
  pass = { doc = "leave the upcard to the next player" },
  discard = { "card", doc = "discard a card and end your turn" },
  knock = { "card", doc = "discard a card and knock: your deadwood is within the knock limit" },
  gin = { "card", doc = "discard a card and go gin: every other card is in a meld" },
}

return {
  extends = "gin",
  title = "Battle Royale (three-handed Gin)",
  players = 3,
  options = {
    target = 200,
    game_bonus = 200,
    gin_bonus = 40,
    void_at = 3,
    box_bonus = 0,
    shutout = "none",
    next_dealer = "alternate",
    dead_upcard = true,
    discard_piles = "each",
  },
  new_options = {
    undercut_penalty = { 20, min = 0, doc = "what an undercut costs the knocker, instead of anybody scoring" },
  },
  verbs = verbs,
  layout = { stock = "hidden", discard = { vis = "top", per_seat = true }, hand = "owner" },
  columns = three.COLUMNS,
  match = three.battle_royale,
  check = {
    expect = {
      "upcard:non-dealer takes", "upcard:next player takes", "upcard:dealer takes", "upcard:both pass",
      "take:discard", "hand:knock", "hand:gin", "hand:undercut", "hand:void", "layoff", "match:pairs settled",
    },
  },
}
