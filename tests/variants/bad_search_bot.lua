-- bad_search_bot.lua -- search.bot names no bot of the variant.
return {
  extends = "tiny",
  search = { bot = "nosuch" },
}
