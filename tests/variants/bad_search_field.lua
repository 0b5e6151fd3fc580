-- bad_search_field.lua -- a field the search table does not have.
return {
  extends = "tiny",
  search = { playouts = 100 },
}
