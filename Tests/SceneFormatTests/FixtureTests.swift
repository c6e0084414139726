import Foundation
import Testing
@testable import SceneFormat
@testable import JSONText
import TestSupport

/// Tests/Fixtures/invalid holds a malformed scene per case with the exact
/// errors expected for it; Tests/Fixtures/valid holds edge cases that must load
/// and run.
@Suite struct FixtureTests {
    static let invalidDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/invalid")
    static let validDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/valid")

    static func jsonFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereAreFixtures() {
        #expect(Self.jsonFiles(in: Self.invalidDirectory).count > 200)
        #expect(Self.jsonFiles(in: Self.validDirectory).count > 15)
    }

    @Test(arguments: jsonFiles(in: invalidDirectory))
    func invalidSceneGivesTheExpectedErrors(name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.invalidDirectory.appendingPathComponent(name)))
        let expected = try String(contentsOf: Self.invalidDirectory.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".expected")), encoding: .utf8)
        let file = "Tests/Fixtures/invalid/\(name)"
        do {
            _ = try Scene.decode(bytes, file: file)
            Issue.record("\(name) decoded without error")
        } catch {
            #expect(error.description + "\n" == expected)
            // Every line names the file first.
            #expect(error.errors.allSatisfy { $0.description.hasPrefix(file + ":") })
        }
    }

    /// A key the format allows must change what is built: the reader remembers which
    /// keys it asked each object for, and no valid document may hold an allowed key
    /// that was never read (it would be accepted and silently ignored).
    @Test func everyAllowedKeyInAValidSceneIsRead() throws {
        var files = Self.jsonFiles(in: Self.validDirectory).map { Self.validDirectory.appendingPathComponent($0) }
        files += shippedScenes.map { packageRoot.appendingPathComponent("Scenes/\($0)") }
        #expect(files.count > 20)
        for url in files {
            let root = try JSONParser.parse(Array(try Data(contentsOf: url)))
            var reader = SceneReader(file: url.lastPathComponent)
            let scene = reader.scene(root, defaultName: "x")
            #expect(scene != nil && reader.errors.isEmpty, "\(url.lastPathComponent) did not read")
            #expect(!reader.opened.isEmpty)
            #expect(reader.unreadKeys == [], "\(url.lastPathComponent)")
        }
    }

    @Test func anAllowedKeyLeftUnreadIsFound() {
        let fields = ObjectFields([(key: "a", node: JSONNode(value: .null, offset: 0)),
                                   (key: "b", node: JSONNode(value: .null, offset: 4))],
                                  path: "bodies[0]", allowed: ["a", "b"])
        _ = fields["a"]
        #expect(fields.unread == ["b"])
        _ = fields["b"]
        #expect(fields.unread == [])
    }

    /// Schemas/scene.schema.json agrees with the validator: it accepts every
    /// shipped and valid scene, and rejects each invalid fixture whose rule JSON
    /// Schema can express (the rest, like convexity and joint references, are
    /// listed as schema-valid in SCHEMA_EXPECTED.txt).
    @Test func theSchemaAgreesWithTheValidator() throws {
        let listing = try String(contentsOf: Self.invalidDirectory.appendingPathComponent("SCHEMA_EXPECTED.txt"), encoding: .utf8)
        var expected: [(String, String)] = []
        for line in listing.split(separator: "\n") {
            let parts = line.split(separator: " ")
            expected.append((String(parts[0]), String(parts[1])))
        }
        #expect(expected.map(\.0).sorted() == Self.jsonFiles(in: Self.invalidDirectory))

        var files = expected.map { "Tests/Fixtures/invalid/\($0.0)" }
        files += Self.jsonFiles(in: Self.validDirectory).map { "Tests/Fixtures/valid/\($0)" }
        files += shippedScenes.map { "Scenes/\($0)" }
        let output = try runSchemaChecker(files)
        var verdicts: [String: String] = [:]  // lookups only
        for line in output.split(separator: "\n") {
            let text = String(line)
            guard let colon = text.range(of: ": ") else { continue }
            let file = String(text[..<colon.lowerBound])
            let rest = text[colon.upperBound...]
            verdicts[file] = rest.hasPrefix("valid") ? "schema-valid" : rest.hasPrefix("invalid: cannot read JSON") ? "not-json" : "schema-invalid"
        }
        for (name, verdict) in expected {
            #expect(verdicts["Tests/Fixtures/invalid/\(name)"] == verdict, "\(name)")
        }
        for file in files where !file.contains("/invalid/") {
            #expect(verdicts[file] == "schema-valid", "\(file)")
        }
    }

    func runSchemaChecker(_ files: [String]) throws -> String {
        let r = try runProgram("/usr/bin/python3", ["scripts/check-schema.py", "Schemas/scene.schema.json"] + files)
        #expect(r.status == 0, "check-schema.py failed; is python3-jsonschema installed? \(r.stderr)")
        return r.stdout
    }
}
