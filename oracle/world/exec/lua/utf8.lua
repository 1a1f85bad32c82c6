-- SPDX-License-Identifier: MIT OR Apache-2.0
--
-- utf8.lua -- Lua 5.4's utf8 library as an --exec decoder
-- (doc/audit-exec.md).
--
--   lua5.4 utf8.lua strict       utf8.len(s): the length, or fail and the
--                                position of the first invalid byte (the
--                                accepted prefix is everything before it);
--                                the code points come from utf8.codes over
--                                the accepted part.
--   lua5.4 utf8.lua strict lax   the same with lax = true, Lua's own
--                                relaxation: surrogates and code points up to
--                                7fffffff (5- and 6-byte forms) pass.
-- Lua has no replacing decoder; the version comes from `lua5.4 -v`.

local mode, lax = arg[1], arg[2]
if mode ~= "strict" or (lax ~= nil and lax ~= "lax") or arg[3] ~= nil then
  io.stderr:write("usage: lua5.4 utf8.lua strict [lax]\n")
  os.exit(2)
end
lax = lax == "lax"
io.stdout:setvbuf("line")

-- Returns " hex" for each code point of the (accepted) string s.
local function code_points(s)
  local out = {}
  for _, c in utf8.codes(s, lax) do
    out[#out + 1] = string.format(" %x", c)
  end
  return table.concat(out)
end

for line in io.lines() do
  line = line:gsub("\r$", "")
  if not line:match("^[%x]*$") or #line % 2 ~= 0 then
    io.stderr:write("utf8.lua: a request that is not hex\n")
    os.exit(2)
  end
  local s = line:gsub("%x%x", function(h) return string.char(tonumber(h, 16)) end)
  local n, bad = utf8.len(s, 1, -1, lax)
  if n then
    io.stdout:write("ok", code_points(s), "\n")
  else
    io.stdout:write("reject ", bad - 1, code_points(s:sub(1, bad - 1)), "\n")
  end
  io.stdout:flush()
end
os.exit(0)
