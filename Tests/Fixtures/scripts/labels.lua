-- world:text, body:setLook and body:look (scene-format.md 16.17). Drawing
-- only, so what they say is folded into a number that pushes the ball: a
-- refusal in other words, or a look read otherwise, changes the hashes.
-- Every body's look is read each step (a knife's piece takes its body's).
-- At step 560 an option out of range stops the world.
local checks = require("refusals")
local fold, refused = checks.fold, checks.refused

world:text("score", "Score: 0", {screen = true, x = 10, y = 10, size = 24, color = "#ffcc00"})
world:body("crate"):setLook("#30C0FF")

state = {h = 0}

function step(world)
  local n = world:steps()
  local h = state.h
  if n == 1 then
    local w = world
    for _, args in ipairs({
      {}, {""}, {string.rep("i", 65)}, {7, "x"}, {"a", 5}, {"a", {}}, {"a", string.rep("x", 1001)},
      {"a", "\xff"}, {"a", "\xed\xa0\x80"}, {"a", "\xc0\x80"}, {"a", "x", 3}, {"a", "x", {[1] = true}},
      {"a", "x", {colour = "#fff", bogus = 1, align = "left"}}, {"a", "x", {x = "1"}}, {"a", "x", {y = 2e6}},
      {"a", "x", {y = 0 / 0}}, {"a", "x", {screen = 1}}, {"a", "x", {size = 3.5}}, {"a", "x", {size = 201}},
      {"a", "x", {color = "#12345"}}, {"a", "x", {color = "#12345g"}}, {"a", "x", {align = "middle"}},
      {"a", "x", {align = "left\0"}},
    }) do
      h = fold(h, refused(w.text, w, table.unpack(args)))
    end
    local crate = world:body("crate")
    for _, look in ipairs({"box", 7, "#1234567", string.rep("c", 65), "#12345G"}) do
      h = fold(h, refused(crate.setLook, crate, look))
    end
    h = fold(h, refused(crate.setLook, "crate"))
    -- Labels: 256 at most; removing one makes room, changing one does not take room.
    for i = 1, 255 do world:text("l" .. i, "label " .. i, {x = i, y = i, align = "center"}) end
    world:text("score", "Score: 1", {screen = true})
    h = fold(h, refused(world.text, world, "one more", "x"))
    world:text("l7")
    world:text("l7")
    world:text("one more", "now there is room", {size = 4, color = "#000000", align = "right"})
    h = fold(h, refused(world.text, world, "l8 again", "x"))
  end
  if n % 20 == 0 then
    world:body("ball"):setLook(n % 40 == 0 and "ball" or "#FF8800")
    world:text("score", "Score: " .. n .. "\nline two\ttab", {screen = true, x = n, size = 12 + n % 50})
  end
  for i = 0, 64 do
    local b = world:bodyAt(i)
    if b then h = fold(h, i .. b:look()) end
  end
  state.h = h
  world:body("ball"):setVelocity(h % 97 - 48, 0)
  if n == 560 then world:text("score", "x", {size = 3}) end
end
