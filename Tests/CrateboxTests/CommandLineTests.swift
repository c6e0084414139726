import Foundation
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation
@testable import JSONText
@testable import cratebox

@Suite struct CommandLineTests {
    @Test func simulateJSONIsCleanAndReadsBack() throws {
        let r = try cratebox("simulate", "Scenes/crates.json", "--steps", "600", "--json")
        #expect(r.status == 0 && !r.exitedBySignal)
        // Chipmunk's debug banner must not reach stdout: the output is one JSON object.
        #expect(r.stdout.hasPrefix("{") && r.stdout.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["steps"] as? Int == 600)
        #expect(object["hash"] as? String == "132f3411b9c999a3")
        let bodies = try #require(object["bodies"] as? [[String: Any]])
        #expect(bodies.count == 5)
        #expect(Set(bodies[0].keys) == ["position", "angle", "velocity", "angularVelocity"])

        // The numbers read back to exactly the doubles the world holds.
        let world = try World(scene: Scene.decode(Array(try Data(contentsOf: packageRoot.appendingPathComponent("Scenes/crates.json"))), file: "crates.json"))
        try world.step(600)
        let mine = world.dynamicWorldBodies
        let node = try JSONParser.parse(Array(r.stdout.utf8))
        guard case .object(let top) = node.value, case .array(let items)? = top.first(where: { $0.key == "bodies" })?.node.value else {
            Issue.record("no bodies array"); return
        }
        for (item, wb) in zip(items, mine) {
            guard case .object(let fields) = item.value,
                  case .array(let p)? = fields.first(where: { $0.key == "position" })?.node.value,
                  case .number(let x) = p[0].value, case .number(let y) = p[1].value,
                  case .number(let angle)? = fields.first(where: { $0.key == "angle" })?.node.value else {
                Issue.record("bad body \(item)"); continue
            }
            #expect(x.bitPattern == wb.body.position.x.bitPattern && y.bitPattern == wb.body.position.y.bitPattern)
            #expect(angle.bitPattern == wb.body.angle.bitPattern)
        }
    }

    /// The water scene after 10 s: the light crate at the surface (y 320), the heavy one on the bottom.
    @Test func inTheWaterLightFloatsAndHeavySinks() throws {
        let r = try cratebox("simulate", "Scenes/water.json", "--seconds", "10", "--json")
        #expect(r.status == 0, "\(r.stderr)")
        let bodies = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])["bodies"] as? [[String: Any]]
        func y(_ id: String) -> Double? { ((bodies?.first { $0["id"] as? String == id }?["position"]) as? [Double])?[1] }
        let light = try #require(y("light")), heavy = try #require(y("heavy"))
        #expect(abs(light - 320) < 25, "light at \(light)")
        #expect(heavy < 40, "heavy at \(heavy)")
    }

    @Test func twoProcessesGiveTheSameHashAsThisOne() throws {
        for name in ["crates.json", "bridge.json", "mixed.json", "elevator.json", "paddle.json", "bounce.json"] {
            let a = try cratebox("simulate", "Scenes/\(name)", "--steps", "300", "--tilt", "-0.5,-0.8", "--json")
            let b = try cratebox("simulate", "Scenes/\(name)", "--seconds", "2.5", "--tilt=-0.5,-0.8", "--json")
            #expect(a.status == 0 && a.stdout == b.stdout)
            let world = try World(scene: Scene.decode(Array(try Data(contentsOf: packageRoot.appendingPathComponent("Scenes/\(name)"))), file: name))
            try world.apply(.tilt(x: -0.5, y: -0.8))
            try world.step(300)
            #expect(a.stdout.contains("\"hash\":\"\(StateHash.hex(world.stateHash))\""))
        }
    }

    @Test func idsAppearInTheJSON() throws {
        let r = try cratebox("simulate", "Scenes/bridge.json", "--steps", "1", "--json")
        #expect(r.stdout.contains("\"id\":\""))
    }

    @Test func withoutADisplayRunSaysSoAndExits69() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        for args in [[], ["run"], ["run", "Scenes/tower.json"]] {
            let process = Process()
            process.executableURL = crateboxBinary
            process.arguments = args
            process.environment = env
            process.currentDirectoryURL = packageRoot
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 69)
            #expect(text.hasPrefix("cratebox: no display") && text.contains("render") && text.contains("simulate"))
            #expect(text.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func anUnreachableDisplayIsNoDisplay() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":49"  // no server there
        env["SDL_VIDEODRIVER"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try cratebox("run", environment: env)
        #expect(r.status == 69 && r.stderr.hasPrefix("cratebox: no display"))
    }

    @Test func aRecordingThatCannotBeWrittenStopsBeforeTheWindow() throws {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let r = try cratebox("run", "--record", "/nonexistent/dir/session.jsonl", environment: env)
        #expect(r.status == 73 && r.stderr.contains("cannot record") && r.stderr.contains("/nonexistent/dir/session.jsonl"))
    }

    @Test func renderWritesAPicture() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-cli-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try cratebox("render", "Scenes/crates.json", "--steps", "60", "--output", path, "--size", "320x240", "--debug")
        #expect(r.status == 0 && r.stdout.hasPrefix(path))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let bad = try cratebox("render", "--output", "/nonexistent/x.png")
        #expect(bad.status == 73 && bad.stderr.contains("/nonexistent/x.png"))
        #expect(refusal(["render", "--output", "x.png", "--size", "0x10"], running: true)?.status == 64)
    }

    @Test func curvesDrawsEveryTimingFunction() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-curves-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try cratebox("curves", "--output", path, "--function", "1,0,0.75,1", "--size", "800x400")
        #expect(r.status == 0 && r.stdout == "\(path): 8 curves, 800x400\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(refusal(["curves", "--output", path, "--function", "1.5,0,0.5,1"], running: true)?.status == 64)
    }

    @Test func plainSummaryAndDefaultScene() throws {
        let r = try cratebox("simulate")
        #expect(r.status == 0)
        #expect(r.stdout == "Crates: 600 steps (5 s), 5 dynamic bodies, hash 132f3411b9c999a3\n")
        #expect(try cratebox("simulate", "--steps", "0").stdout.contains("0 steps"))
    }

    @Test func invalidSceneExits65WithOneLinePerError() throws {
        let r = try cratebox("simulate", "Tests/Fixtures/invalid/box-negative-width.json")
        #expect(r.status == 65 && !r.exitedBySignal && r.stdout.isEmpty)
        #expect(r.stderr == "Tests/Fixtures/invalid/box-negative-width.json: bodies[0].shapes[0].box: width must be greater than 0, got -10\n")
        let syntax = try cratebox("validate", "Tests/Fixtures/invalid/syntax-bad-escape.json")
        #expect(syntax.status == 65 && syntax.stderr.hasPrefix("Tests/Fixtures/invalid/syntax-bad-escape.json:1:42: "))
    }

    @Test func unreadableFileExits66() throws {
        let r = try cratebox("simulate", "no/such/scene.json")
        #expect(r.status == 66)
        #expect(r.stderr == "cratebox: no/such/scene.json: cannot read: No such file or directory\n")
        let dir = try cratebox("simulate", "Scenes")
        #expect(dir.status == 66 && dir.stderr.contains("Scenes: cannot read"))
        // validate takes a folder as its .json files; one with none is unreadable.
        let folder = try cratebox("validate", "Scenes")
        #expect(folder.status == 0 && folder.stdout.contains("Scenes/chipmunk/chains.json: ok\n"))
        let empty = try cratebox("validate", "Sources/CChipmunk")
        #expect(empty.status == 66 && empty.stderr.contains("Sources/CChipmunk: cannot read: a folder with no .json files"))
    }

    @Test(arguments: [
        ["simulate", "--steps", "-1"],
        ["simulate", "--steps", "5", "--seconds", "1"],
        ["simulate", "--tilt", "x,1"],
        ["simulate", "--tilt", "nan,0"],
        ["simulate", "--tilt", "0x10,0"],
        ["simulate", "--seconds", "inf"],
        ["simulate", "--bogus"],
        ["validate"],
        ["bench", "--runs", "0"],
        ["nonsense-command", "x"],
    ])
    func usageErrorsExit64(arguments: [String]) {
        let refused = refusal(arguments)
        #expect(refused?.status == 64 && refused?.message.isEmpty == false, "\(arguments): \(String(describing: refused))")
    }

    @Test func validateReportsEachFile() throws {
        let ok = try cratebox("validate", "Scenes/crates.json", "Scenes/pile.json")
        #expect(ok.status == 0 && ok.stdout == "Scenes/crates.json: ok\nScenes/pile.json: ok\n")
        let mixed = try cratebox("validate", "Scenes/crates.json", "Tests/Fixtures/invalid/box-negative-width.json")
        #expect(mixed.status == 65 && mixed.stdout == "Scenes/crates.json: ok\n")
        #expect(mixed.stderr.contains("width must be greater than 0"))
    }

    @Test func everyInvalidFixtureExits65WithoutASignal() throws {
        let dir = packageRoot.appendingPathComponent("Tests/Fixtures/invalid")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let r = try cratebox("simulate", "Tests/Fixtures/invalid/\(name)", "--steps", "10")
            #expect(r.status == 65 && !r.exitedBySignal, "\(name)")
            #expect(r.stdout.isEmpty, "\(name)")
        }
    }

    /// A program written by hand from the spec alone (Tests/Fixtures/reference/crates.c),
    /// compiled here against the same library with the reference's math (Tests/Reference/refmath.c,
    /// written from docs/math.md alone; linked in, it interposes libm's for libchipmunk), gets the same hash.
    @Test func anIndependentCProgramGetsTheSameHash() throws {
        let exe = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-reference-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: exe) }
        let cc = try runProgram("/usr/bin/cc", ["Tests/Fixtures/reference/crates.c", "Tests/Reference/refmath.c", "-ffp-contract=off", "-fno-builtin",
                                               "-fno-math-errno", "-o", exe, "-lchipmunk", "-lm"])
        try #require(cc.status == 0, "\(cc.stderr)")
        let hash = try runProgram(exe, []).stderr
        let ours = try cratebox("simulate", "Scenes/crates.json", "--steps", "600", "--json")
        #expect(hash == "132f3411b9c999a3\n")
        #expect(ours.stdout.contains("\"hash\":\"\(hash.dropLast())\""))
    }

    /// Should a scene get past validation and still make Chipmunk assert, the
    /// program ends with one line and status 70, never with an abort.
    @Test func aChipmunkAssertionBecomesACleanExit() throws {
        let r = try cratebox("simulate", "Tests/Fixtures/guard/far-pivot-blows-up.json", "--steps", "800")
        #expect(!r.exitedBySignal && r.status == 70)
        #expect(r.stderr.hasPrefix("cratebox: the physics failed inside Chipmunk (") && r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func lostOutputIsAFailure() throws {
        let process = Process()
        process.executableURL = crateboxBinary
        process.arguments = ["simulate", "--json"]
        process.currentDirectoryURL = packageRoot
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(text == "cratebox: cannot write the output: No space left on device\n")
    }

    /// Output into a pipe nobody reads (EPIPE; SIGPIPE is ignored): exit 74, quietly.
    @Test func aClosedPipeIsExit74() throws {
        let process = Process()
        process.executableURL = crateboxBinary
        process.arguments = ["simulate", "--json"]
        process.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        try pipe.fileHandleForReading.close()  // no reader: the first write fails with EPIPE
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 74)
        #expect(!text.contains("cannot write the output"), "a closed pipe is not worth a message: \(text)")
    }

    /// `render --tilt`, `--seconds` and `--debug`, by their pictures.
    @Test func renderOptionsShowInThePicture() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-render-options-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func render(_ name: String, _ options: String...) throws -> [UInt8] {
            let out = "\(dir)/\(name).png"
            let r = try cratebox(["render", "--output", out, "--size", "300x300"] + options)
            #expect(r.status == 0, "\(r.stderr)")
            return try rgbPixels(out)
        }
        func meanWoodX(_ rgb: [UInt8]) -> Double {
            var sum = 0.0, n = 0.0
            for i in stride(from: 0, to: rgb.count - 2, by: 3) {
                let r = Int(rgb[i]), g = Int(rgb[i + 1]), b = Int(rgb[i + 2])
                if r > 90 && r > g + 15 && g > b + 15 && b < 120 { sum += Double((i / 3) % 300); n += 1 }
            }
            return n > 0 ? sum / n : -1
        }
        let plain = try render("plain", "--steps", "240")
        let seconds = try render("seconds", "--seconds", "2")
        #expect(plain == seconds, "--seconds 2 is --steps 240")
        let right = try render("right", "--steps", "240", "--tilt", "1,0")
        let left = try render("left", "--steps", "240", "--tilt=-1,0")
        #expect(meanWoodX(right) > meanWoodX(plain) + 20 && meanWoodX(left) < meanWoodX(plain) - 20,
                "crates fall towards the tilt: \(meanWoodX(left)) \(meanWoodX(plain)) \(meanWoodX(right))")
        let debug = try render("debug", "--steps", "240", "--debug")
        // Debug drawing adds green outlines (120, 230, 140) that the plain picture does not have.
        func outline(_ rgb: [UInt8]) -> Int {
            stride(from: 0, to: rgb.count - 2, by: 3).count { rgb[$0] < 160 && rgb[$0 + 1] > 190 && rgb[$0 + 2] > 100 && rgb[$0 + 2] < 180 }
        }
        #expect(outline(plain) == 0 && outline(debug) > 200, "outline pixels: \(outline(plain)), \(outline(debug))")
        // --hud: the band along the top (the window's, darker than the box around it) and the world below it.
        let band = try render("hud", "--steps", "240", "--hud")
        func rowMean(_ rgb: [UInt8], _ y: Int) -> Int { (0..<300).reduce(0) { $0 + Int(rgb[(y * 300 + $1) * 3]) } / 300 }
        #expect(band != plain && rowMean(band, 2) != rowMean(plain, 2), "the band's top row differs from the picture without it")
        #expect(meanWoodX(band) > 0, "the crates still drawn under the band")
    }

    @Test func specialFilesAreRefusedNotWaitedOn() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-fifo-\(getpid())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let r = try cratebox("validate", fifo)
        #expect(r.status == 66 && r.stderr.contains("not a regular file"))
        // The commands that take a scene or a saved state look at the file first: that must not wait either.
        for arguments in [["simulate", fifo], ["run", fifo], ["render", fifo, "--output", fifo + ".png"]] {
            let s = try cratebox(arguments)
            #expect(s.status == 66 && s.stderr.contains("not a regular file"), "\(arguments[0]): \(s.status) \(s.stderr)")
        }
    }

    @Test func benchPrintsTheRatioAgainstPlainC() throws {
        let r = try cratebox("bench", "--steps", "20", "--runs", "3")
        #expect(r.status == 0)
        #expect(r.stdout.contains("plain C:"))
        #expect(r.stdout.range(of: #"ratio: +[0-9]+\.[0-9]{3} \(median World/C"#, options: .regularExpression) != nil)
        #expect(r.stdout.contains("hashes agree:"))
    }
}

/// The capacity benchmark's pile recipe is Scenes/pile.json's, generalised.
@Suite struct PileRecipeTests {
    @Test func aThousandCratesIsScenesPileJSON() throws {
        let shipped = try Scene.decode(Array(try Data(contentsOf: packageRoot.appendingPathComponent("Scenes/pile.json"))), file: "pile.json")
        let made = try Pile.scene(crates: 1000).scene
        #expect(made.bodies == shipped.bodies && made.width == shipped.width && made.height == shipped.height)
        #expect(made.iterations == shipped.iterations && made.gravity == shipped.gravity)
        #expect(made.sleepTime == nil && shipped.sleepTime == 0.5, "the benchmark's piles stay awake; the shipped one sleeps when settled")
    }

    @Test func biggerPilesGrowWiderThanTallAndFitTheirBox() throws {
        for n in [1, 999, 3001, 10_000] {
            let scene = try Pile.scene(crates: n).scene
            #expect(scene.bodies.count == n)
            let top = scene.bodies.map(\.position.y).max()!, right = scene.bodies.map(\.position.x).max()!
            #expect(top + 8 < scene.height - 100 && right + 8 < scene.width)
        }
    }
}
