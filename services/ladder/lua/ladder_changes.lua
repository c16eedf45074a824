-- Whose ladder rows moved since an earlier version, with those rows, in one atomic step
-- (services/ladder/store.py ladder_changes).
--
-- KEYS: bots (hash), matches (hash), recent (list, newest first: each entry a match's
--       seq packed as a double, then its participants' names joined by NUL; written by
--       apply_match.lua).
-- ARGV: the earlier version (a count of applied matches).
-- Returns {version} when nothing moved, {version, 0} when the recent list does not
-- cover every match since (too far behind, ahead of the ladder, or a gap), else
-- {version, 1, name, row, name, row, ...}: each distinct participant of the matches
-- applied since, with its current row.

local version = redis.call('HLEN', KEYS[2])
local behind = version - tonumber(ARGV[1])
if behind == 0 then
  return {version}
end
if behind < 0 then
  return {version, 0}
end
local entries = redis.call('LRANGE', KEYS[3], 0, behind - 1)
if #entries < behind then
  return {version, 0}
end
local reply, seen = {version, 1}, {}
for i = 1, behind do
  local entry = entries[i]
  if struct.unpack('<d', entry) ~= version - i + 1 then
    return {version, 0}
  end
  for name in string.gmatch(string.sub(entry, 9), '[^%z]+') do
    if not seen[name] then
      seen[name] = true
      local row = redis.call('HGET', KEYS[1], name)
      if not row then
        return {version, 0}
      end
      reply[#reply + 1] = name
      reply[#reply + 1] = row
    end
  end
end
return reply
