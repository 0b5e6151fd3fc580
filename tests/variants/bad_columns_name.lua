-- bad_columns_name.lua -- a column named by a number.
return {
  extends = "tiny",
  columns = { "points", 7 },
}
