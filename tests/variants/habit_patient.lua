-- habit_patient.lua -- habit.lua with the search playing the seat as patient
-- in its playouts: it holds in the first hand (habit.lua: it cashes).
return {
  extends = "habit",
  search = { bot = "patient" },
}
