-- The newest point of each named bot's rating history, for the web's "last active".
-- KEYS: the history list of each bot (all under the game's hash tag). Returns one
-- entry per key: the list's head (its newest packed point), or nil if it is empty.
local heads = {}
for i, key in ipairs(KEYS) do
  heads[i] = redis.call('LINDEX', key, 0) or false
end
return heads
