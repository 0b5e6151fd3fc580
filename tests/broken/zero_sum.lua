-- BROKEN (declares zero_sum but is not): tiny only adds points (10 for going out, 1 a snap).
return {
  extends = "tiny",
  check = { max_moves = 5000, zero_sum = true },
}
