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
-- KEYS: bots (hash), matches (hash), then the history list of
--       each distinct participant, in order of first seat.
-- ARGV: k, timestamp, last history index (length - 1), match id, result: the JSON
--       [participants, ranks].
-- Returns {'ok', seq, delta units...} (one per distinct participant), {'applied', seq,
-- delta units...} for a match id recorded with the same result, or {'conflict', result}
-- when it was recorded with another one.

local bots_key, matches_key = KEYS[1], KEYS[2]
local match_id, result = ARGV[4], ARGV[5]

local stored = redis.call('HGET', matches_key, match_id)
if stored then
  -- A record packs n (distinct participants), seq and n deltas, then the result text.
  local n = struct.unpack('<d', stored)
  local recorded = string.sub(stored, 8 * (n + 2) + 1)
  if recorded ~= result then
    return {'conflict', recorded}
  end
  local reply = {'applied', struct.unpack('<' .. string.rep('d', n + 1), stored, 9)}
  reply[#reply] = nil  -- struct.unpack's last value is the next read position
  return reply
end

local RATING_UNITS, TALLY_UNITS = ${RATING_UNITS}, ${TALLY_UNITS}
local floor = math.floor
local decoded = cjson.decode(result)
local names, ranks = decoded[1], decoded[2]
local seats = #names
-- Participants are numbered 1..n in order of first seat; slot[i] is seat i's number.
local distinct, slot, number = {}, {}, {}
for i = 1, seats do
  local name = names[i]
  local j = number[name]
  if not j then
    j = #distinct + 1
    distinct[j], number[name] = name, j
  end
  slot[i] = j
end
local n = #distinct

-- Current rating and tallies: a row packs rating, games, win units, rank units (a bot
-- new to this ladder starts at the initial rating).
local rows = redis.call('HMGET', bots_key, unpack(distinct))
local rating, games, won, ranked = {}, {}, {}, {}
for j = 1, n do
  if rows[j] then
    local units
    units, games[j], won[j], ranked[j] = struct.unpack('<dddd', rows[j])
    rating[j] = units / RATING_UNITS
  else
    rating[j], games[j], won[j], ranked[j] = ${INITIAL_RATING}, 0, 0, 0
  end
end

-- elo.match_deltas: every pair of seats is one Elo game, pairs visited in seat order.
local k_pair = tonumber(ARGV[1]) / (seats - 1)
local total, wins, rank_sum, seat_count = {}, {}, {}, {}
for j = 1, n do
  total[j], wins[j], rank_sum[j], seat_count[j] = 0.0, 0, 0, 0
end
for a = 1, seats do
  local ja, rank_a = slot[a], ranks[a]
  local rating_a = rating[ja]
  for b = a + 1, seats do
    local jb = slot[b]
    if ja ~= jb then
      local rank_b = ranks[b]
      local score = 0.0
      if rank_a < rank_b then
        score = 1.0
      elseif rank_a == rank_b then
        score = 0.5
      end
      local expected = 1.0 / (1.0 + 10.0 ^ ((rating[jb] - rating_a) / ${ELO_SCALE}))
      local change = k_pair * (score - expected)
      total[ja] = total[ja] + change
      total[jb] = total[jb] - change
    end
  end
end

-- elo.win_units and elo.rank_units: exact integers.
local best = ranks[1]
for i = 2, seats do
  if ranks[i] < best then best = ranks[i] end
end
local firsts = 0
for i = 1, seats do
  if ranks[i] == best then firsts = firsts + 1 end
end
local share = TALLY_UNITS / firsts
for i = 1, seats do
  local j, rank = slot[i], ranks[i]
  if rank == best then wins[j] = wins[j] + share end
  rank_sum[j] = rank_sum[j] + rank
  seat_count[j] = seat_count[j] + 1
end

-- records.settle_match: new ratings, tallies and history points.
local new_rows, delta_units, history = {}, {}, {}
local stamp = tonumber(ARGV[2])
for j = 1, n do
  local delta = floor(total[j] * RATING_UNITS + 0.5)
  local units = floor((rating[j] + delta / RATING_UNITS) * RATING_UNITS + 0.5)
  new_rows[2 * j - 1] = distinct[j]
  new_rows[2 * j] = struct.pack('<dddd', units, games[j] + 1, won[j] + wins[j],
    ranked[j] + rank_sum[j] * TALLY_UNITS / seat_count[j])
  delta_units[j] = delta
  history[j] = struct.pack('<dd', units, stamp) .. match_id
end
redis.call('HSET', bots_key, unpack(new_rows))

-- The match record: n, seq and the n deltas packed as doubles, then the result text.
local seq = redis.call('HLEN', matches_key) + 1
local record = struct.pack('<' .. string.rep('d', n + 2), n, seq, unpack(delta_units))
redis.call('HSET', matches_key, match_id, record .. result)

-- Rating history: newest first, at most ARGV[3] points per bot and game.
local last = ARGV[3]
for j = 1, n do
  redis.call('LPUSH', KEYS[2 + j], history[j])
  redis.call('LTRIM', KEYS[2 + j], '0', last)
end
return {'ok', seq, unpack(delta_units)}
