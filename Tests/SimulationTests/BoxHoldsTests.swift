import Foundation
import CrateboxGeometry
import SceneFormat
import Testing
import TestSupport
@testable import Simulation

/// Issue 46: the sandbox's own tools put bodies outside the world (an
/// explosion under the bridge sent its crates 50,000 points away; planks
/// ended above the ceiling). Under rules 2 an explosion gives at most 2,000
/// points/s, the grab's hand moves at most 3,000, and each wall has a backing
/// 100 points thick: on every shipped scene with walls, explosions at a grid of
/// points, a throw at the hand's top speed and a cut across the box leave no
/// body outside the walls.
@Suite struct BoxHoldsTests {
    /// The shipped scenes with walls (their scripts read beside them).
    static let scenes: [String] = {
        let folder = packageRoot.appendingPathComponent("Scenes").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The live bodies that are not static and are outside the walls (their
    /// centres past the walls' outer surfaces by more than a point: a crate a
    /// pile crushes against a wall may have its centre in the wall itself).
    func outside(_ world: World) -> [(Int, Vector)] {
        let s = world.scene, r = (s.walls?.radius ?? 0) + 1
        return world.bodies.enumerated().compactMap { i, entry in
            guard let entry, entry.body.kind != .static else { return nil }
            let p = entry.body.position
            let inside = p.x >= s.origin.x - r && p.x <= s.origin.x + s.width + r && p.y >= s.origin.y - r && p.y <= s.origin.y + s.height + r
            return inside ? nil : (i, p)
        }
    }

    @Test(arguments: scenes) func explosionsThrowsAndCutsLeaveEveryBodyInTheBox(name: String) throws {
        let scene = try loadShippedScene(name)
        guard scene.walls != nil else { return }
        #expect(scene.rules == 2)
        let world = try World(scene: scene)
        #expect(outside(world).isEmpty, "\(name) starts with bodies outside: \(outside(world))")
        let (o, w, h) = (scene.origin, scene.width, scene.height)
        // Only what the scene's sandbox leaves on (a game turns its hands off: scene-format.md 16.14).
        func apply(_ event: Event) throws {
            guard event.sandboxInput.map({ scene.sandbox[$0] }) ?? true else { return }
            try world.apply(event)
        }
        // The window's explosion and the strongest a journal may hold, at a grid of points over the box.
        for (k, (fx, fy)) in [(0.2, 0.1), (0.5, 0.1), (0.8, 0.1), (0.2, 0.5), (0.5, 0.5), (0.8, 0.5), (0.5, 0.9)].enumerated() {
            let at = Vector(o.x + w * fx, o.y + h * fy)
            try apply(.explode(x: at.x, y: at.y, radius: 200, impulse: k % 2 == 0 ? 150_000 : 1e12))
            try world.step(30)
        }
        // A throw: the lightest dynamic body grabbed and flung at a point far past the wall, at the hand's top speed.
        if let (index, body) = world.bodies.enumerated().compactMap({ i, e in e.flatMap { $0.body.kind == .dynamic ? (i, $0.body) : nil } })
            .min(by: { $0.1.mass < $1.1.mass }) {
            let p = body.position
            try apply(.grab(body: index, x: p.x, y: p.y))
            for target in [Vector(o.x - 1e5, p.y), Vector(o.x + w + 1e5, p.y), Vector(p.x, o.y + h + 1e5)] {
                try world.apply(.drag(x: target.x, y: target.y))
                try world.step(20)
            }
            try world.apply(.release)
        }
        // The knife across the box, then time to fly and settle.
        // (A line that crosses no polygon is refused, and nothing happens: then the explosion alone.)
        _ = try? apply(.slice(a: Vector(o.x - 10, o.y + h * 0.3), b: Vector(o.x + w + 10, o.y + h * 0.6)))
        try apply(.explode(x: o.x + w / 2, y: o.y + h * 0.4, radius: max(w, h), impulse: 1e12))
        try world.step(600)
        #expect(outside(world).isEmpty, "\(name): outside the walls after explosions, a throw and a cut: \(outside(world).prefix(5))")
    }

    /// The walls' backings are shapes in a spatial hash too: the cell-size rule counts them,
    /// so a scene of tiny bounds and tiny cells is refused, not left to hang its build
    /// (Chipmunk visits every cell a backing covers: 10^14 of them there).
    @Test func aSpatialHashTooFineForTheBackingsIsRefused() throws {
        let text = #"{"format": "cratebox/scene@1", "bounds": [0.01, 0.01], "walls": {"radius": 0}, "spawn": {"shapes": [{"circle": 0.001}], "mass": 1}, "spatialHash": {"cellSize": 0.001, "cells": 1000}}"#
        let errors = #expect(throws: SceneErrors.self) { try Scene.decode(Array(text.utf8), file: "tiny.json") }
        #expect(errors?.errors.first?.description.contains("spatialHash.cellSize: 0.001 is too small for shapes 200.01 across") == true,
                "\(String(describing: errors))")
        // At the smallest cell the rule allows, the world builds and steps at once.
        let allowed = text.replacingOccurrences(of: "\"cellSize\": 0.001", with: "\"cellSize\": 3.2")
        let world = try World(scene: try Scene.decode(Array(allowed.utf8), file: "tiny.json"))
        try world.step()
    }
}
