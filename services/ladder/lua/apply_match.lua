-- Rate one finished match in one round trip: check the match id, read the ratings and
-- tallies of its participants, apply the Elo update, write ratings, tallies, the match
-- record and each participant's bounded rating history. Redis runs a script atomically,
-- so there is nothing to conflict with and nothing to retry.
--
-- The arithmetic is services/ladder/elo.py and records.py operation for operation, in
-- IEEE doubles like Python's floats, so both stores compute bit-identical values.
-- Ratings and deltas are kept as whole millionths (rating units) and statistics as
-- whole tally units, so every stored number is an integer below 2^53, exact as a
-- double. Rows and history points are packed doubles (struct '<dddd', '<dd'): no
-- text conversion, nothing rounds.
--
-- Written for speed: Redis runs this for every rated match, and in its Lua most of the
-- cost is making tables, so the script makes five (two of them presized) and decodes
-- no JSON.
--
-- KEYS: bots (hash), matches (hash), then the history list of each of the n distinct
--       participants, in order of first seat, then the recent list (newest first: for
--       each of the newest matches its seq packed as a double, then its n names joined
--       by NUL; trimmed back to store.RECENT_MATCHES entries past a quarter more),
--       from which a reader learns whose rows moved (ladder_changes.lua).
-- ARGV: k, Unix time in ms, last history index (length - 1), the history length above
--       which a history is trimmed, match id, seat bytes (for each seat its participant's
--       number 1..n, then for each seat its rank), then the n participant names.
-- The result text, which a repeat of the match id must match, is the seat bytes and the
-- names joined by NUL.
-- Returns {'ok', seq, delta units...} (one per distinct participant), {'applied', seq,
-- delta units...} for a match id recorded with the same result, or {'conflict', seats,
-- recorded result} when it was recorded with another one.

local bots_key, matches_key = KEYS[1], KEYS[2]
local n = #KEYS - 3
local match_id, seat_bytes = ARGV[5], ARGV[6]
local result = seat_bytes .. table.concat(ARGV, '\0', 7, 6 + n)

-- A record packs n, the seat count, seq and the n deltas, then the result text.
local stored = redis.call('HGET', matches_key, match_id)
if stored then
  local count, seat_count = struct.unpack('<dd', stored)
  local recorded = string.sub(stored, 8 * (count + 3) + 1)
  if recorded ~= result then
    return {'conflict', seat_count, recorded}
  end
  local reply = {'applied', struct.unpack('<' .. string.rep('d', count + 1), stored, 17)}
  reply[#reply] = nil  -- struct.unpack's last value is the next read position
  return reply
end

local RATING_UNITS, TALLY_UNITS = ${RATING_UNITS}, ${TALLY_UNITS}
local floor = math.floor
local sr = {string.byte(seat_bytes, 1, -1)}  -- sr[i]: seat i's participant; sr[seats + i]: its rank
local seats = #sr / 2

-- State of participant j at s[8j .. 8j+7]: rating, games, win units, rank units (as read),
-- then this match's Elo total, win units, rank sum and seat count. Presized for n <= 7.
local s = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0}
local rows = redis.call('HMGET', bots_key, unpack(ARGV, 7, 6 + n))
for j = 1, n do
  local b = 8 * j
  if rows[j] then
    local units
    units, s[b + 1], s[b + 2], s[b + 3] = struct.unpack('<dddd', rows[j])
    s[b] = units / RATING_UNITS
  else
    s[b], s[b + 1], s[b + 2], s[b + 3] = ${INITIAL_RATING}, 0, 0, 0
  end
  s[b + 4], s[b + 5], s[b + 6], s[b + 7] = 0.0, 0, 0, 0
end

-- elo.win_units and elo.rank_units (exact integers), and elo.match_deltas: every pair of
-- seats is one Elo game, pairs visited in seat order. First places and the pair score
-- mirror engine/core/outcomes.py (share_units, pair_score).
local best = sr[seats + 1]
for i = 2, seats do
  if sr[seats + i] < best then best = sr[seats + i] end
end
local firsts = 0
for i = 1, seats do
  if sr[seats + i] == best then firsts = firsts + 1 end
end
local share = TALLY_UNITS / firsts
local k_pair = tonumber(ARGV[1]) / (seats - 1)
for i = 1, seats do
  sr[i] = 8 * sr[i]  -- from here on: the offset of seat i's participant in s
end
for a = 1, seats do
  local ba, rank_a = sr[a], sr[seats + a]
  local rating_a = s[ba]
  if rank_a == best then s[ba + 5] = s[ba + 5] + share end
  s[ba + 6] = s[ba + 6] + rank_a
  s[ba + 7] = s[ba + 7] + 1
  -- Nothing else touches a's total in this loop (pairs with itself are skipped), so a
  -- local running sum adds in exactly Python's order.
  local total_a = s[ba + 4]
  for b = a + 1, seats do
    local bb = sr[b]
    if ba ~= bb then
      local rank_b = sr[seats + b]
      local score = 0.0
      if rank_a < rank_b then
        score = 1.0
      elseif rank_a == rank_b then
        score = 0.5
      end
      local expected = 1.0 / (1.0 + 10.0 ^ ((s[bb] - rating_a) / ${ELO_SCALE}))
      local change = k_pair * (score - expected)
      total_a = total_a + change
      s[bb + 4] = s[bb + 4] - change
    end
  end
  s[ba + 4] = total_a
end

-- records.settle_match: new rows, history points (newest first; past ARGV[4] points a
-- history is trimmed back to ARGV[3] + 1, redis_format.history_trim_length) and the
-- deltas, which go straight into the reply. Presized for n <= 8.
local new_rows = {false, false, false, false, false, false, false, false, false, false,
  false, false, false, false, false, false}
local reply = {'ok', 0, 0, 0, 0, 0, 0, 0, 0, 0}
-- A history point is the new rating (the row's first 8 bytes), the time, the match id.
local when = struct.pack('<d', tonumber(ARGV[2]) / 1000) .. match_id
local last = ARGV[3]
local trim_above = tonumber(ARGV[4])
for j = 1, n do
  local b = 8 * j
  local delta = floor(s[b + 4] * RATING_UNITS + 0.5)
  local units = floor((s[b] + delta / RATING_UNITS) * RATING_UNITS + 0.5)
  local row = struct.pack('<dddd', units, s[b + 1] + 1, s[b + 2] + s[b + 5],
    s[b + 3] + s[b + 6] * TALLY_UNITS / s[b + 7])
  new_rows[2 * j - 1], new_rows[2 * j] = ARGV[6 + j], row
  reply[2 + j] = delta
  if redis.call('LPUSH', KEYS[2 + j], string.sub(row, 1, 8) .. when) > trim_above then
    redis.call('LTRIM', KEYS[2 + j], '0', last)
  end
end
for i = #reply, 3 + n, -1 do
  reply[i] = nil
end
redis.call('HSET', bots_key, unpack(new_rows, 1, 2 * n))

local seq = redis.call('HLEN', matches_key) + 1
reply[2] = seq
local header = struct.pack('<' .. string.rep('d', n + 3), n, seats, seq, unpack(reply, 3, 2 + n))
redis.call('HSET', matches_key, match_id, header .. result)
local recent_key = KEYS[#KEYS]
if redis.call('LPUSH', recent_key, struct.pack('<d', seq) .. table.concat(ARGV, '\0', 7, 6 + n))
    > ${RECENT_TRIM_ABOVE} then
  redis.call('LTRIM', recent_key, '0', '${RECENT_LAST}')
end
return reply
