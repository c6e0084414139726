-- Every 20 steps a crate drops (odd ones sticky); at most six stay (the
-- oldest goes). A sticky crate's first contact with another body makes a
-- pivot there once the step is done (Chipmunk's Sticky demo); at most four
-- such joints stay. Everything it keeps is in `state`.
state = {crates = {}, joints = {}, made = 0, joined = 0}

world:onCollision("sticky", "*", {
  postSolve = function(arb)
    if not arb:isFirstContact() then return end
    local a, b = arb:bodies()
    local x, y = arb:point(1)
    if a and b then
      world:afterStep(function()
        if not (pcall(a.mass, a) and pcall(b.mass, b)) then return end  -- one went meanwhile
        local j = world:addJoint{type = "pivot", a = a, b = b, anchor = {x, y}, maxForce = 20000}
        state.joints[#state.joints + 1] = j
        state.joined = state.joined + 1
        if #state.joints > 4 then world:removeJoint(table.remove(state.joints, 1)) end
      end)
    end
  end,
})

function step(world)
  local n = world:steps()
  if n % 20 == 0 then
    state.made = state.made + 1
    local sticky = state.made % 2 == 1
    local crate = world:spawn{
      position = {120 + (state.made * 37) % 160, 240}, angle = state.made / 7,
      shapes = {{box = {16, 16}, collisionType = sticky and "sticky" or "crate"}}, mass = 1,
      look = sticky and "#2ecc71" or "crate",
    }
    state.crates[#state.crates + 1] = crate
    if #state.crates > 6 then
      local old = table.remove(state.crates, 1)
      world:remove(old)  -- its joints go with it: forget them
      for i = #state.joints, 1, -1 do
        if not pcall(function() return state.joints[i]:impulse() end) then table.remove(state.joints, i) end
      end
    end
  end
  world:say(#state.crates .. " crates, " .. #state.joints .. " joints")
end
