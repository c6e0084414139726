#!/usr/bin/env python3
"""Hostile scene scripts (docs/scene-format.md section 16).

Plays a stranger who shares a scene on a forum: each attack (endless loops,
loops that pcall their way on, memory bombs, huge strings, deep recursion,
pattern bombs, finalizers, library work in C) is put in each place a script
runs (the top level, `step`, a collision handler's begin, preSolve,
postSolve and separate, a body's velocity and position functions, a spring's
force function, a joint's pre-solve, a walk over a body's arbiters, the input
functions keypressed and mousereleased, a timer's function), and each escape (io, os, require,
debug, binary chunks, string.dump, the string metatable, addresses) is tried
from a script that fails if it gets anywhere.

Each case runs `cratebox simulate SCENE --steps 240` under `nice -n 10` with
a 20 s timeout and a 4 GiB address space limit. An attack passes when the
world stops with exit 65 and one line, `cratebox: [s.lua:LINE: ]what (step
N)`; an escape passes with exit 0 (the script raises an error if it escapes,
which would exit 65). Anything else fails: a signal, a timeout, running out
of memory, exit 70 (a Chipmunk assertion), another status or message.

    python3 Tests/Hostile/hostile_scripts.py [--cratebox PATH] [--jobs 2] [--only REGEX] [--keep DIR]

The last line is `N passed, M failed`; exit 1 if any failed.
"""
import argparse, concurrent.futures as cf, os, re, resource, shutil, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20
MEMORY = 4 << 30
STOP = re.compile(r"^cratebox: (s\.lua:\d+: )?.+ \(step \d+\)\n$")

# The scene every case runs in: a ball falling onto a sensor and bouncing on
# the floor (begin, preSolve, postSolve and separate all happen within 240
# steps), with a velocity and a position function, a spring and a motor.
SCENE = """{"format": "cratebox/scene@1", "name": "hostile", "bounds": [400, 300], "script": "s.lua",
 "bodies": [
  {"id": "ball", "position": [200, 200], "shapes": [{"circle": 10, "elasticity": 0.9, "collisionType": "ball"}], "mass": 1%s},
  {"id": "pad", "type": "static", "position": [200, 100], "shapes": [{"box": [60, 10], "sensor": true, "collisionType": "pad"}]},
  {"id": "bob", "position": [60, 200], "shapes": [{"circle": 8}], "mass": 1}
 ],
 "joints": [
  {"type": "spring", "a": "world", "b": "bob", "anchorA": [60, 260], "anchorB": [0, 0], "restLength": 40, "stiffness": 20, "damping": 1%s},
  {"type": "motor", "a": "world", "b": "bob", "rate": 0, "maxForce": 10%s}
 ]}
"""

ATTACKS = {
    "loop": "while true do end",
    "loop-pcall": "while true do pcall(function() while true do end end) end",
    "loop-error-handler": "while true do xpcall(function() while true do end end, function() while true do end end) end",
    "memory": "local t, i = {}, 0 while true do i = i + 1 t[i] = {i, i, i} end",
    "string-concat": "local s = string.rep('x', 1 << 23) while true do s = s .. s end",
    "string-rep": "local s = string.rep('x', 1e12)",
    "string-rep-sep": "local s = string.rep('x', 1 << 22, string.rep('y', 1 << 10))",
    "recursion": "local function f(n) return 1 + f(n + 1) end f(1)",
    "recursion-pcall": "local function f() pcall(f) pcall(f) end f() error('still here')",
    "pattern": "string.find(string.rep('a', 3000), string.rep('a?', 3000) .. string.rep('a', 3000))",
    "pattern-gmatch": "for _ in string.gmatch(string.rep('a', 100000), '(a*)*b') do end",
    "gsub-loop": "local s = string.rep('a', 1 << 20) while true do s = s:gsub('a', 'a') end",
    "sort-loop": "local t = {} for i = 1, 100000 do t[i] = -i end while true do table.sort(t) end",
    "pairs-loop": "local t = {} for i = 1, 100000 do t['k' .. i] = i end while true do for _ in pairs(t) do end end",
    "concat-loop": "local t = {} for i = 1, 100000 do t[i] = 'x' end while true do table.concat(t) end",
    "finalizer": "setmetatable({}, {__gc = function() while true do end end})",
    "weak": "setmetatable({}, {__mode = 'k'})",
    "load-loop": "while true do load('return 1')() end",
    "error-object": "error(setmetatable({}, {__tostring = function() while true do end end}))",
}

# Each place's script: PLACE's attack at ATTACK, the rest a plain scene script.
PLACES = {
    "top": "ATTACK\n",
    "step": "function step(world) ATTACK end\n",
    "begin": "world:onCollision('ball', 'pad', {begin = function(arb) ATTACK end})\n",
    "preSolve": "world:onCollision('ball', '*', {preSolve = function(arb) ATTACK end})\n",
    "postSolve": "world:onCollision('ball', '*', {postSolve = function(arb) ATTACK end})\n",
    "separate": "world:onCollision('ball', 'pad', {separate = function(pair) ATTACK end})\n",
    "velocity": "function v(body, gx, gy, damping, dt) ATTACK end\n",
    "position": "function p(body, dt) ATTACK end\n",
    "force": "function f(joint, length) ATTACK return 0 end\n",
    "jointPreSolve": "function pre(joint) ATTACK end\n",
    "eachArbiter": "function step(world) local b = world:body('ball') if b then b:eachArbiter(function(arb) ATTACK end) end end\n",
    # 16.13: the input functions, given a key no control binds and a mouse button (EVENTS).
    "keypressed": "function keypressed(world, key) ATTACK end\n",
    "mousereleased": "function mousereleased(world, x, y, button) ATTACK end\n",
    # 16.15: a timer's function, made at the top level.
    "timer": "function boom(world, n) ATTACK end world:after(0.1, 'boom', 1)\n",
}
# The events every case gets (`simulate --events`): a tap of K inside one step, a left button's press and release.
EVENTS = "".join(line + "\n" for line in (
    '{"step": 10, "event": "key", "key": "K", "down": true}', '{"step": 10, "event": "key", "key": "K", "down": false}',
    '{"step": 20, "event": "click", "x": 200, "y": 150, "button": "left", "down": true}',
    '{"step": 21, "event": "click", "x": 200, "y": 150, "button": "left", "down": false}'))
# What each place needs the scene to name (body, spring, motor).
NAMES = {"velocity": (', "velocityFunction": "v"', "", ""), "position": (', "positionFunction": "p"', "", ""),
         "force": ("", ', "forceFunction": "f"', ""), "jointPreSolve": ("", "", ', "preSolve": "pre"')}

# Escapes: each script errors if it reaches anything (exit 65), and runs clean when it cannot (exit 0).
ESCAPES = {
    "libraries": "for _, n in ipairs({'io', 'os', 'package', 'debug', 'dofile', 'loadfile', 'collectgarbage', "
                 "'coroutine', 'rawset'}) do assert(_G[n] == nil, n) end",
    # 16.18: require loads the scene's modules only: no path, no library, no file the scene does not carry.
    "require-files": "for _, n in ipairs({'io', 'os', 'string', '../etc/passwd', '/etc/passwd', 's', 's.lua', 'S', string.rep('a', 65)}) do "
                     "assert(not pcall(require, n), n) end function step(world) assert(not pcall(require, 's')) end",
    # cratebox's print writes to the log only (scene-format.md 16.5): a flood of it, long lines and control characters change nothing.
    "print": "for i = 1, 100000 do print(string.rep('\\27[2J', 100), i, {}, print) end",
    "binary-chunk": "assert(string.dump == nil) local f, why = load('\\27Lua\\84\\0') assert(f == nil and why, 'a binary chunk loaded')",
    "load-mode": "local f = load('return 1', 'x', 'b', _G) assert(f == nil or f() == 1)",
    "string-metatable": "local mt = getmetatable('') assert(type(mt) ~= 'table' or mt.__index.dump == nil) "
                        "assert(not pcall(setmetatable, '', {}))",
    "addresses": "assert(tostring({}) == 'table' and tostring(print or tostring) == 'function') "
                 "assert(not pcall(string.format, '%p', {})) assert(string.format('%s', {}) == 'table')",
    "globals-after-top": "function step(world) assert(not pcall(function() x = 1 end)) assert(not pcall(setmetatable, _G, nil)) end",
    "random-seed": "assert(math.randomseed == nil) local a = math.random(1 << 40) assert(a == math.random(1 << 40) or true)",
    "body-after-removal": "function step(world) local b = world:body('ball') if b then assert(b:mass() == 1) end "
                          "assert(not pcall(function() world:bodyAt(999):mass() end)) end",
    "arbiter-after-walk": "local kept function step(world) local b = world:body('ball') if b then b:eachArbiter(function(arb) kept = arb end) end "
                          "if kept then assert(not pcall(function() return kept:normal() end)) assert(not pcall(function() kept:setPoint(1, 0, 0, 0, 0) end)) end end",
    "walk-in-walk": "function step(world) local b = world:body('ball') if b then b:eachArbiter(function(arb) "
                    "b:eachArbiter(function(inner) assert(inner:bodies() == b) end) assert(arb:bodies() == b) end) end end",
    # 16.9: world:reset(keep) refuses what is not plain data (a function, a table within itself, one reached twice, too deep).
    "keep-not-plain": "function step(world) local t = {} t.t = t local deep = {} for i = 1, 200 do deep = {deep} end "
                      "for _, k in ipairs({{print}, t, {t = {}, u = t}, deep, {[{}] = 1}, {co = world}}) do assert(not pcall(world.reset, world, k)) end end",
    # 16.15: timers refuse what they cannot call, and stop at their limit.
    "timers-refused": "function f() end function step(world) assert(not pcall(world.after, world, 1, 'nowhere')) "
                      "assert(not pcall(world.every, world, 0, 'f')) assert(not pcall(world.after, world, 1/0, 'f')) "
                      "assert(not pcall(world.after, world, 1, 'f', print)) assert(world:cancel(123456) == false) "
                      "if world:steps() == 1 then for i = 1, 1024 do world:after(1e6, 'f') end assert(not pcall(world.after, world, 1, 'f')) end end",
    # 16.17: labels and looks refuse what they cannot draw and stop at their limit; options are read raw (a trap in
    # a metatable never runs); a text of control characters and zero bytes is only drawn.
    "labels-refused": "local trap = setmetatable({}, {__index = function() while true do end end}) "
                      "function step(world) world:text('t', 'x', trap) assert(not pcall(world.text, world, 't', string.rep('\\255', 10))) "
                      "assert(not pcall(world.text, world, 't', 'x', {[trap] = 1})) assert(not pcall(world.text, world, string.rep('i', 65), 'x')) "
                      "world:text('c', string.rep('\\27[2J\\0', 200)) for i = 1, 300 do pcall(world.text, world, 'l' .. i, 'x') end "
                      "assert(not pcall(world.text, world, 'more', 'x')) local b = world:body('ball') "
                      "if b then assert(not pcall(b.setLook, b, string.rep('#', 1 << 20))) b:setLook('#ABCDEF') assert(b:look() == '#abcdef') end end",
    # 16.5.1: a body's type turned every step (static, dynamic given a mass, kinematic, dynamic from its shapes) goes on;
    # what would leave a joint unsolvable, numbers for a static body, and a change inside a walk or a callback are refused.
    "types": "world:onCollision('ball', '*', {preSolve = function(arb) local b = world:body('ball') "
             "assert(not pcall(b.setType, b, 'static')) return true end}) "
             "function step(world) local b, bob = world:body('ball'), world:body('bob') local n = world:steps() % 4 "
             "if n == 0 then b:setType('static') elseif n == 1 then b:setType('dynamic', 1, 10) "
             "elseif n == 2 then b:setType('kinematic') else b:setType('dynamic') end "
             "assert(not pcall(bob.setType, bob, 'static')) assert(not pcall(b.setType, b, 'static', 1, 1)) "
             "b:eachArbiter(function(arb) assert(not pcall(b.setType, b, 'static')) end) end",
    # 16.11.1: a spring made too stiff for its bodies (a light bob, a stiff spring, springs piled on) is refused, so
    # Chipmunk never sees one blow up; the world steps on.
    "springs": "local made function step(world) local bob = world:body('bob') "
               "made = made or world:addJoint{type = 'spring', a = 'world', b = bob, anchorA = {60, 250}, anchorB = {0, 0}, "
               "restLength = 40, stiffness = 1, damping = 0} "
               "assert(not pcall(bob.setMass, bob, 1e-6)) assert(not pcall(made.stiffness, made, 1e12)) local ok = true "
               "while ok do ok = pcall(world.addJoint, world, {type = 'spring', a = 'world', b = bob, anchorA = {60, 260}, "
               "anchorB = {0, 0}, restLength = 40, stiffness = 1e4, damping = 0}) end end",
    "arbiter-outside": "local kept world:onCollision('ball', '*', {begin = function(arb) kept = arb return true end}) "
                       "function step(world) if kept then assert(not pcall(arb_normal or function() return kept:normal() end)) end end",
}


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(cratebox, folder, script, names=("", "", "")):
    (folder / "s.json").write_text(SCENE % names)
    (folder / "s.lua").write_text(script)
    (folder / "events.jsonl").write_text(EVENTS)
    try:
        r = subprocess.run(["nice", "-n", "10", cratebox, "simulate", str(folder / "s.json"), "--steps", "240",
                            "--events", str(folder / "events.jsonl")],
                           capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % TIMEOUT
    return r.returncode, r.stderr


def attack_case(cratebox, place, attack, keep):
    folder = Path(tempfile.mkdtemp(prefix="hostile-script-"))
    ok = False
    try:
        script = PLACES[place].replace("ATTACK", ATTACKS[attack])
        status, err = run(cratebox, folder, script, NAMES.get(place, ("", "", "")))
        ok = status == 65 and STOP.match(err or "") is not None
        return ok, "%s in %s: %s %s" % (attack, place, "exit %s" % status, (err or "").strip()[:200])
    finally:
        finish(folder, keep, not ok, "%s-%s" % (place, attack))


def escape_case(cratebox, name, keep):
    folder = Path(tempfile.mkdtemp(prefix="hostile-escape-"))
    ok = False
    try:
        status, err = run(cratebox, folder, ESCAPES[name] + "\n")
        ok = status == 0
        return ok, "escape %s: exit %s %s" % (name, status, (err or "").strip()[:200])
    finally:
        finish(folder, keep, not ok, "escape-" + name)


def finish(folder, keep, failed, name):
    if failed and keep:
        shutil.copytree(folder, Path(keep) / name, dirs_exist_ok=True)
    shutil.rmtree(folder, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cratebox", default=str(ROOT / ".build/debug/cratebox"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--keep", default="")
    args = ap.parse_args()
    cases = [("attack %s in %s" % (a, p), lambda p=p, a=a: attack_case(args.cratebox, p, a, args.keep))
             for p in PLACES for a in ATTACKS]
    cases += [("escape %s" % e, lambda e=e: escape_case(args.cratebox, e, args.keep)) for e in ESCAPES]
    cases = [c for c in cases if re.search(args.only, c[0])]
    passed = failed = 0
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for ok, line in pool.map(lambda c: c[1](), cases):
            if ok:
                passed += 1
            else:
                failed += 1
                print("FAIL " + line)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
