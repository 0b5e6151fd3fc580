-- bad_search_others.lua -- search.others names no bot of the variant.
return {
  extends = "tiny",
  search = { others = "nosuch" },
}
