import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Build mode's water and planet tools and the tracer key in the real window,
/// as a person would use them: a pool poured with W, a crate dropped over it
/// and traced with T, a planet placed with P (selected, deleted, brought back
/// with Ctrl+Z), saved, then played: the crate floats in the water drawn.
@Suite struct ToysBuildWindowTests: WindowTesting {
    /// Mean row of the wood-coloured pixels (the crate above the water) and how
    /// many there are, below the HUD (its yellow text is not wood, nor is the
    /// crate's pale yellow trail, whose red and green are close).
    func wood(in data: [UInt8]) -> (meanY: Double, count: Int) {
        var sum = 0.0, count = 0
        for i in stride(from: 3 * 1280 * 200, to: data.count - 2, by: 3) {
            let r = Int(data[i]), g = Int(data[i + 1]), b = Int(data[i + 2])
            guard r > 90 && r < 215 && r >= g + 30 && g > b + 15 && b < 120 else { continue }
            sum += Double((i / 3) / 1280)
            count += 1
        }
        return (count > 0 ? sum / Double(count) : 0, count)
    }

    /// Pixels of the water's blue.
    func water(in data: [UInt8]) -> Int {
        var n = 0
        for i in stride(from: 0, to: data.count - 2, by: 3) {
            let r = Int(data[i]), g = Int(data[i + 1]), b = Int(data[i + 2])
            if b > 90 && b < 150 && b > r + 50 && b > g + 30 { n += 1 }
        }
        return n
    }

    @Test func pourWaterDropATracedCrateInItPlaceAPlanetSaveAndPlay() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("pool")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/pool.json"
        let (app, out) = try launchProgram(crateboxBinary, ["run", "--build", file, "--no-splash", "--size", "1280x720"],
                                           environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build pool", of: app, env: display.env)
        try person.focus()
        // The empty 1280 x 720 box is drawn at about 0.759 in the room the HUD's
        // band (59 pixels), the panel (250) and the toolbar (46) leave:
        // x 29...1001, y 93...640 on the screen.
        func at(_ x: Double, _ y: Double) -> (Int, Int) { (Int((29.2 + x * 0.7591).rounded()), Int((639.7 - y * 0.7591).rounded())) }
        let (poolA, poolB, crateA, crateB, crate, planet) = (at(51, 2.3), at(1048, 210), at(527, 402), at(583, 346), at(555, 374), at(878, 606))
        try person.key("w")
        try person.drag(poolA.0, poolA.1, poolB.0, poolB.1)  // a pool along the floor, its surface about 210 up
        try person.key("2")
        try person.drag(crateA.0, crateA.1, crateB.0, crateB.1)  // a crate over it
        try person.at(crate.0, crate.1)
        try person.key("t")  // traced
        try person.key("p")
        try person.click(planet.0, planet.1)  // a planet high on the right (the panel is past x 1030)
        try person.key("1")
        try person.click(planet.0, planet.1)  // selected, deleted, and back
        try person.key("Delete")
        try person.key("ctrl+z")
        try person.key("ctrl+s")
        try person.key("b")
        // The screen while playing, taken again until the crate floats: the
        // box fills the window at about 0.94, so the surface is drawn about 500 down.
        let shot = directory + "/playing.png"
        let floats = try self.screenshot(shot, until: { screen in
            let crate = wood(in: screen)
            return water(in: screen) > 100_000 && crate.count > 300 && abs(crate.meanY - 500) < 60
        }, env: display.env)
        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0 && !output.contains("refused"), "\(output)")
        #expect(output.contains("bodies[0] traced") && output.contains("saved \(file)"), "\(output)")

        // The saved scene: the water, the planet and the traced crate, valid.
        let validate = try cratebox("validate", file)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let scene = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let fluids = try #require(scene["fluids"] as? [[String: Any]]), attractors = try #require(scene["attractors"] as? [[String: Any]])
        let bodies = try #require(scene["bodies"] as? [[String: Any]])
        try #require(fluids.count == 1 && attractors.count == 1 && bodies.count == 1, "\(scene)")
        #expect(bodies[0]["trace"] as? Bool == true)
        let surface = try #require((fluids[0]["max"] as? [Double])?[1])
        #expect(abs(surface - 210) < 10 && (fluids[0]["min"] as? [Double])?[1] ?? 99 < 5, "\(fluids[0])")

        // Headless, the crate (density 0.1 in water of 0.15) floats at that surface.
        let run = try cratebox("simulate", file, "--seconds", "8", "--json")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])["bodies"] as? [[String: Any]]
        let y = try #require((after?.first?["position"] as? [Double])?[1])
        #expect(abs(y - surface) < 30, "the crate's centre is at \(y), the surface at \(surface)")

        // The picture while playing: the pool, and the crate at its surface (not on the floor, not in the air).
        let screen = try rgbPixels(shot)
        #expect(floats, "the pool (\(water(in: screen)) water pixels) with the crate floating at its surface (\(wood(in: screen))) never showed")
    }
}
