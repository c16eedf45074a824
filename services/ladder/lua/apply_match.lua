-- Rate one finished match in one round trip: check the match id, read the ratings,
-- skills and tallies of its participants, apply the Elo and the Plackett-Luce skill
-- updates, write ratings, skills, tallies, the match record and each participant's
-- bounded rating history. Redis runs a script atomically, so there is nothing to
-- conflict with and nothing to retry, and the match record written with the new rows
-- makes a repeat (a retry, a replay after a restart) change nothing.
--
-- The arithmetic is services/ladder/elo.py, skill.py and records.py operation for
-- operation, in IEEE doubles like Python's floats, so both stores compute bit-identical
-- values. Ratings and deltas are kept as whole millionths (rating units) and statistics
-- as whole tally units, so every stored number is an integer below 2^53, exact as a
-- double; mu and sigma are kept as the doubles computed. Rows and history points are
-- packed doubles (struct '<dddddd', '<dd'): no text conversion, nothing rounds. A row
-- of four doubles (written before skills were kept) reads as the starting skill.
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

-- State of participant j at s[14j .. 14j+13]: rating, games, win units, rank units (as
-- read), then this match's Elo total, win units, rank sum and seat count, then mu and
-- sigma (as read; replaced by the new ones once computed), then for the skill update
-- (skill.rate_teams) its strength, sum_q, mean rank and how many share that rank.
-- Presized for n <= 7.
local s = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
local rows = redis.call('HMGET', bots_key, unpack(ARGV, 7, 6 + n))
for j = 1, n do
  local b = 14 * j
  local row = rows[j]
  if row then
    local units
    if #row == 48 then
      units, s[b + 1], s[b + 2], s[b + 3], s[b + 8], s[b + 9] = struct.unpack('<dddddd', row)
    else
      units, s[b + 1], s[b + 2], s[b + 3] = struct.unpack('<dddd', row)
      s[b + 8], s[b + 9] = ${MU0}, ${SIGMA0}
    end
    s[b] = units / RATING_UNITS
  else
    s[b], s[b + 1], s[b + 2], s[b + 3] = ${INITIAL_RATING}, 0, 0, 0
    s[b + 8], s[b + 9] = ${MU0}, ${SIGMA0}
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
  sr[i] = 14 * sr[i]  -- from here on: the offset of seat i's participant in s
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

-- skill.rate_ladder_match: each distinct participant is a one-player team ranked by the
-- mean rank of its seats; skill.rate_teams with one-player teams, where a player's share
-- of its team's variance is exactly 1. Each sigma is first widened by the dynamics TAU.
-- A participant's new mu and sigma replace its own only: the updates of the others read
-- its strength, sum_q, mean rank and tie count. One distinct participant moves nothing.
if n > 1 then
  local exp, sqrt = math.exp, math.sqrt
  local c_squared = 0.0
  for j = 1, n do
    local b = 14 * j
    local sigma = sqrt(s[b + 9] * s[b + 9] + ${TAU_SQUARED})
    s[b + 9] = sigma
    s[b + 12] = s[b + 6] / s[b + 7]
    c_squared = c_squared + (sigma * sigma + ${BETA_SQUARED})
  end
  local c = sqrt(c_squared)
  for j = 1, n do
    local b = 14 * j
    s[b + 10] = exp(s[b + 8] / c)
  end
  for q = 1, n do
    local bq = 14 * q
    local rank_q, sum, tied = s[bq + 12], 0.0, 0
    for i = 1, n do
      local rank_i = s[14 * i + 12]
      if rank_i >= rank_q then sum = sum + s[14 * i + 10] end
      if rank_i == rank_q then tied = tied + 1 end
    end
    s[bq + 11], s[bq + 13] = sum, tied
  end
  for i = 1, n do
    local bi = 14 * i
    local rank_i, strength_i = s[bi + 12], s[bi + 10]
    local omega, delta = 0.0, 0.0
    for q = 1, n do
      local bq = 14 * q
      if s[bq + 12] <= rank_i then
        local share, tied = strength_i / s[bq + 11], s[bq + 13]
        delta = delta + share * (1.0 - share) / tied
        if q == i then
          omega = omega + (1.0 - share) / tied
        else
          omega = omega - share / tied
        end
      end
    end
    local sigma = s[bi + 9]
    local var = sigma * sigma
    omega = omega * (var / c)
    delta = delta * (var / (c * c))
    delta = delta * (sqrt(var) / c)
    local keep = 1.0 - delta
    if keep < ${KAPPA} then keep = ${KAPPA} end
    s[bi + 8], s[bi + 9] = s[bi + 8] + omega, sigma * sqrt(keep)
  end
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
  local b = 14 * j
  local delta = floor(s[b + 4] * RATING_UNITS + 0.5)
  local units = floor((s[b] + delta / RATING_UNITS) * RATING_UNITS + 0.5)
  local row = struct.pack('<dddddd', units, s[b + 1] + 1, s[b + 2] + s[b + 5],
    s[b + 3] + s[b + 6] * TALLY_UNITS / s[b + 7], s[b + 8], s[b + 9])
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
