return { extends = "bad_cycle_a" }
