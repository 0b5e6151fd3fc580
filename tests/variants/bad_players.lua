-- bad_players.lua -- a seat count given as a bare integer beyond what a match can seat: refused
-- at load (tests/lua/engine_sandbox.lua), as the same count in { min =, max = } is.
return { extends = "tiny", players = 128 }
