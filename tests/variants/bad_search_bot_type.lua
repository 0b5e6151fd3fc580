-- bad_search_bot_type.lua -- search.bot is not a name.
return {
  extends = "tiny",
  search = { bot = 1 },
}
