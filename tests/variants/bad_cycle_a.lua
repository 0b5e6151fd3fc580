return { extends = "bad_cycle_b" }
