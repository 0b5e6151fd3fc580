-- BROKEN (result field typo): a house rule meant to hand every won hand to seat 1, but it
-- writes r.winer; the result would keep its winner and check would say OK.
return {
  extends = "gin",
  title = "Our gin (seat 1 takes every hand)",
  result = function(g, r)
    if r.winner then r.winer = 1 end
  end,
}
