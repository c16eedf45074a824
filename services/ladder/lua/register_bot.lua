-- Bind a token digest to a bot name atomically, in one round trip.
-- KEYS: digests (hash digest -> name), names (hash name -> digest).
-- ARGV: name, digest, rotate ('1' to replace an existing token).
-- Returns 'ok', or 'exists' when the name has another token and rotate is not set.
-- A retried call whose first attempt committed finds its own digest and returns 'ok'.
local digests_key, names_key = KEYS[1], KEYS[2]
local name, digest = ARGV[1], ARGV[2]
local old = redis.call('HGET', names_key, name)
if old == digest then
  return 'ok'
end
if old then
  if ARGV[3] ~= '1' then
    return 'exists'
  end
  redis.call('HDEL', digests_key, old)
end
redis.call('HSET', digests_key, digest, name)
redis.call('HSET', names_key, name, digest)
return 'ok'
