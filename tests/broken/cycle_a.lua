-- BROKEN (inheritance cycle): cycle_a extends cycle_b, which extends cycle_a.
return { extends = "cycle_b" }
