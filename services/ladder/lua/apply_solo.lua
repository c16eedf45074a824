-- Count one finished one-seat (solo) match in one round trip: check the match id, then
-- add the score to the bot's solo row and record the match. Redis runs a script
-- atomically, so the count happens exactly once however often the match is applied.
--
-- The arithmetic is records.SoloEntry.counting operation for operation, in IEEE doubles
-- like Python's floats, so both stores keep bit-identical values; a game is won as
-- engine/core/outcomes.py's solo_won says (a score of at least SOLO_WIN_SCORE). The score arrives as a
-- packed double: nothing is converted to text or rounded.
--
-- KEYS: solo standings (hash bot name -> row: games, total score, best score, wins as
--       four little-endian doubles), solo matches (hash match id -> record).
-- ARGV: match id, bot name, score (struct '<d').
-- A record is the score (8 bytes) then the bot name; a repeat must carry the same.
-- Returns {'ok'} when counted now, {'applied'} for a match id recorded with the same
-- bot and score, {'conflict', recorded record} when it was recorded with another one.

local standings_key, matches_key = KEYS[1], KEYS[2]
local match_id, name, packed = ARGV[1], ARGV[2], ARGV[3]
local record = packed .. name

local stored = redis.call('HGET', matches_key, match_id)
if stored then
  if stored == record then
    return {'applied'}
  end
  return {'conflict', stored}
end

local score = struct.unpack('<d', packed)
local games, total, best, wins = 0, 0.0, score, 0
local row = redis.call('HGET', standings_key, name)
if row then
  games, total, best, wins = struct.unpack('<dddd', row)
  if score > best then best = score end
end
if score >= ${SOLO_WIN_SCORE} then wins = wins + 1 end
redis.call('HSET', standings_key, name, struct.pack('<dddd', games + 1, total + score, best, wins))
redis.call('HSET', matches_key, match_id, record)
return {'ok'}
