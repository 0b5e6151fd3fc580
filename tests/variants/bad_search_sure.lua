-- bad_search_sure.lua -- search.sure is out of its range.
return {
  extends = "tiny",
  search = { sure = 20 },
}
