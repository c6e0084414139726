import Bytes
import Foundation
import SceneFormat
import Testing
@testable import CrateboxReplay
@testable import Simulation
import TestSupport

/// State files and journals from a stranger (docs/state-format.md, "A state
/// from a stranger"): bounded before they are parsed, their numbers read as
/// numbers whatever their size, refused in one line naming the file.
@Suite struct HostileFileTests {

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try StateFile.read(bytes, file: "x.state")
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `"bytes": 1e300` trapped in an integer conversion inside the message.
    @Test func aHeadersHugeByteCountIsANumberInTheMessage() throws {
        let (world, text) = try cratesWorld()
        let good = try StateFile.bytes(of: world, from: LoadedScene(scene: world.scene, text: text, fileName: "crates.json"))
        #expect(Self.refusal(good) == nil)
        let header = String(decoding: good.prefix { $0 != 0x0A }, as: UTF8.self)
        let size = try #require(header.firstRange(of: #/"bytes":[0-9]+/#))
        let bad = Array(header.replacingCharacters(in: size, with: "\"bytes\":1e300").utf8) + good.drop { $0 != 0x0A }
        let refused = try #require(Self.refusal(bad))
        #expect(refused == "x.state: the state is \(good.count - header.utf8.count - 1) bytes, not the 1e+300 its header says: it is cut short or grown")
    }

    /// A header line longer than any scene's is refused before it is parsed.
    @Test func aHeaderLongerThanAnySceneIsRefusedUnread() throws {
        let bytes = Array("{\"format\":\"cratebox/state@1\",\"scene\":\"".utf8) + [UInt8](repeating: 0x61, count: Journal.maxHeaderLine)
        #expect(Self.refusal(bytes) == "x.state: the header line is longer than \(Journal.maxHeaderLine) bytes, the most a scene's can be")
    }

    /// A journal's first line longer than any header is refused before it is
    /// parsed (a 1.5 GB first line took 7.9 GB), and still said to be a journal's.
    @Test func aJournalsOverlongFirstLineIsRefusedUnread() throws {
        let bytes = Array("{\"format\":\"cratebox/replay@1\",\"scene\":\"".utf8) + [UInt8](repeating: 0x61, count: Journal.maxHeaderLine) + [0x0A]
        #expect(Journal.looksLikeJournal(bytes))
        #expect(throws: JournalError(file: "j.jsonl", line: 1, message: "the line is \(bytes.count - 1) bytes long; the limit is \(Journal.maxHeaderLine) for a header")) {
            try Journal.parse(bytes, file: "j.jsonl")
        }
        let event = Array("{\"step\":0,\"event\":\"release\"}\n{\"step\":1,\"event\":\"release\",\"pad\":\"".utf8) + [UInt8](repeating: 0x61, count: Journal.maxLine) + Array("\"}\n".utf8)
        let error = #expect(throws: JournalError.self) { try Journal.parse(event, file: "j.jsonl", requireHeader: false) }
        #expect(error?.message.contains("for a line that is not a keyframe as cratebox writes them") == true, "\(String(describing: error))")
    }

    /// A keyframe a session is rebuilt from that does not read back refuses
    /// the journal, naming its line (`simulate --from` exits 65 for it).
    @Test func aKeyframeThatDoesNotReadBackRefusesTheJournalAtItsLine() throws {
        let (world, text) = try cratesWorld(steps: 0)
        try world.apply(.tilt(x: 0, y: -1))
        for _ in 0..<60 { try world.step() }
        var state = try world.snapshot()
        let space = try #require(state.firstRange(of: Array("cpspace1".utf8)))
        state.replaceSubrange((space.lowerBound + 29)..<(space.lowerBound + 33), with: withUnsafeBytes(of: Int32(1_000_000).littleEndian, Array.init))
        let lines = [Journal.headerLine(sceneText: text, sceneFile: "crates.json"), Journal.line(step: 0, .tilt(x: 0, y: -1)),
                     Journal.keyframeLine(step: 60, hash: world.stateHash, state: state)]
        let journal = try Journal.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "k.jsonl")
        let error = #expect(throws: BranchError.self) {
            try Timeline(Replay(journal: journal, file: "k.jsonl"), lines: lines).branch(at: 70)
        }
        #expect(error?.refusedLine == true && error?.line == 3 && error?.reason.contains("solver iterations are not 1 to 1000") == true, "\(String(describing: error))")
    }

    /// A keyframe line as cratebox writes it is read without the JSON parser,
    /// to the same keyframe the parser reads from the same line written otherwise.
    @Test func aWrittenKeyframeLineReadsAsTheParserReadsIt() throws {
        let (world, text) = try cratesWorld()
        let state = try world.snapshot()
        let line = Journal.keyframeLine(step: world.stepCount, hash: world.stateHash, state: state)
        let header = Journal.headerLine(sceneText: text, sceneFile: "crates.json")
        let spaced = line.replacingOccurrences(of: "\"keyframe\":", with: "\"keyframe\": ")
        let fast = try Journal.parse(Array((header + "\n" + line + "\n").utf8), file: "a.jsonl")
        let parsed = try Journal.parse(Array((header + "\n" + spaced + "\n").utf8), file: "b.jsonl")
        #expect(Journal.writtenKeyframe(ArraySlice(line.utf8), line: 2) != nil)
        #expect(Journal.writtenKeyframe(ArraySlice(spaced.utf8), line: 2) == nil)
        for journal in [fast, parsed] {
            #expect(journal.keyframes.count == 1 && journal.startsFromKeyframe)
            #expect(journal.keyframes.first?.step == world.stepCount && journal.keyframes.first?.hash == world.stateHash)
            #expect(journal.keyframes.first?.state == Base64.encode(state))
        }
    }
}
