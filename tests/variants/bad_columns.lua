-- bad_columns.lua -- five score columns: the engine keeps at most four.
return {
  extends = "tiny",
  columns = { "a", "b", "c", "d", "e" },
}
