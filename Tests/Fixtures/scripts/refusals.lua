-- A module the fixtures share (scene-format.md 16.18): what folds a refusal's words into a number
-- a fixture pushes with, so that other words change the hashes cratebox and the reference compare.
local M = {}

-- `text` folded into `h`, byte by byte.
function M.fold(h, text)
  for i = 1, #text do h = (h * 31 + text:byte(i)) % 1000003 end
  return h
end

-- The words `f(...)` is refused with (it must be refused).
function M.refused(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok)
  return tostring(err)
end

return M
