-- BROKEN (unknown option): a typo in an option name; the loader suggests undercut_bonus.
return {
  extends = "gin",
  options = { undercut_bonsu = 30 },
}
