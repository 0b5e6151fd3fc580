-- load_expect_len_meta.lua -- check.expect with a __len claiming 400 million entries: the loader
-- reads the list raw (its own entries), never sizing or walking anything by the script's __len.
return {
  extends = "gin",
  check = {
    expect = setmetatable({ "hand:gin" }, { __len = function() return 400000000 end }),
  },
}
