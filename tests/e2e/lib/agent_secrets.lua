-- agent_secrets.lua SEED -- replays what `fuda agent gin --seed SEED` plays
-- when seat 1 always takes its first legal move and seat 2 is the basic bot,
-- and prints, each time seat 1 must act, "MOVE_NO card card ...": the cards
-- seat 2 was dealt in this hand and has held ever since (seat 1 never saw
-- them), then "over TOTAL1 TOTAL2". agent.sh checks that no act line names one.
local seed = assert(tonumber(arg[1]), "usage: agent_secrets.lua SEED")
local m = fuda.match{ variant = "gin", seats = 2, seed = seed }
local done = 0

local function hand2()
    local s = {}
    for _, c in ipairs(m:pile("hand", 2)) do s[tostring(c)] = true end
    return s
end

local secret = hand2()
local function forget_gone()
    local now = hand2()
    for c in pairs(secret) do
        if not now[c] then secret[c] = nil end
    end
end

while m:phase() ~= "match_over" do
    if m:phase() == "hand_over" then
        m:next_hand()
        secret = hand2()
    else
        local seat = m:actors()[1]
        local mv
        if seat == 1 then
            local list = {}
            for c in pairs(secret) do list[#list + 1] = c end
            table.sort(list)
            print(done .. " " .. table.concat(list, " "))
            mv = m:moves(1)[1]
        else
            mv = m:bot(2, "basic")
        end
        assert(m:apply(seat, mv))
        done = done + 1
        forget_gone()
    end
end
print("over " .. m:total(1) .. " " .. m:total(2))
