-- BROKEN (extends a missing variant).
return {
  extends = "gin-deluxe-nonexistent",
}
