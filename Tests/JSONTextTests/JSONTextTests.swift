import Testing
@testable import JSONText

@Suite struct NumberTextTests {
    @Test func shortestReadsBackExactly() {
        #expect(NumberText.shortest(12) == "12" && NumberText.shortest(0.1) == "0.1" && NumberText.shortest(-0.0) == "0")
        #expect(NumberText.shortest(1e20) == "1e+20" && NumberText.shortest(-3) == "-3")
        for x in [0.1, 1.0 / 3, 289.50000000000006, -1e-300, 123456789.125, 1e15, 2.5e-5] {
            #expect(Double(NumberText.shortest(x)) == x, "\(x)")
        }
    }

    @Test func fixedAndTrimmed() {
        #expect(NumberText.fixed(0.5, 2) == "0.50" && NumberText.fixed(12.345, 0) == "12" && NumberText.fixed(-1, 2) == "-1.00")
        #expect(NumberText.trimmed(5, 3) == "5" && NumberText.trimmed(0.0416666, 3) == "0.042" && NumberText.trimmed(2.5, 3) == "2.5")
        #expect(NumberText.json(16) == "16.0" && NumberText.json(.nan) == "null" && NumberText.json(-.infinity) == "null")
    }
}

@Suite struct JSONReaderTests {
    @Test func keepsKeyOrderAndPositions() throws {
        let node = try JSONParser.parse(Array("{\"b\": 1,\n \"a\": [true, null]}".utf8))
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(JSONParser.position(of: members[1].node.offset, in: Array("{\"b\": 1,\n \"a\": [true, null]}".utf8)) == (2, 7))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("{\"a\": }".utf8)) }
        do {
            _ = try JSONParser.parse(Array("{\n  \"a\": 1,\n}".utf8))
        } catch {
            #expect(error.line == 3 && error.column == 1)
        }
        #expect(JSONText.quote("a\"b\n\u{1}") == "\"a\\\"b\\n\\u0001\"")
    }
}

/// The reader's fast paths give exactly the doubles (and errors) of the full reading.
@Suite struct JSONFastPathTests {
    func read(_ text: String) throws -> Double {
        let node = try JSONParser.parse(Array("[\(text)]".utf8))
        guard case .array(let items) = node.value, case .number(let x) = items[0].value else { throw JSONSyntaxError(line: 0, column: 0, message: "not a number") }
        return x
    }

    @Test func numbersReadExactlyAsTheirText() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "1", "-1", "25.01", "0.1", "0.3", "1e3", "1.5E-7", "123456789012345", "1234567890123456",
                     "0.0000000000000000000001", "0.00000000000000000000001", "9007199254740993", "1209.7500000000002",
                     "999999999999999.9", "4.35", "100.0", "-0.000"]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &rng), point = Int.random(in: 0...digits, using: &rng)
            var s = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            while s.count > 1 && s.hasPrefix("0") && point != 1 { s.removeFirst() }
            if point < s.count && point > 0 { s.insert(".", at: s.index(s.startIndex, offsetBy: point)) }
            if s.hasPrefix(".") { s = "0" + s }
            if s.hasSuffix(".") { s += "0" }
            texts.append(Bool.random(using: &rng) ? "-" + s : s)
            texts.append(NumberText.json(Double.random(in: -1e6...1e6, using: &rng)))
        }
        for text in texts {
            let x = try read(text)
            let expected = try #require(Double(text), "\(text)")
            #expect(x.bitPattern == expected.bitPattern, "\(text): \(x) against \(expected)")
        }
    }

    @Test func stringsWithAndWithoutEscapesReadTheSame() throws {
        let node = try JSONParser.parse(Array(#"["plain", "tab\tand \"quote\"", "é ü", "\u00e9", ""]"#.utf8))
        guard case .array(let items) = node.value else { Issue.record("not an array"); return }
        let strings = items.compactMap { if case .string(let s) = $0.value { s } else { nil } }
        #expect(strings == ["plain", "tab\tand \"quote\"", "é ü", "é", ""])
        // Bad UTF-8 and control characters are still found, at their place.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D]) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("[\"a\u{01}\"]".utf8)) }
    }

    @Test func duplicateKeysAreFoundInSmallAndBigObjects() {
        for size in [3, 15, 16, 17, 40] {
            let keys = (0..<size).map { "\"k\($0)\": \($0)" }
            for duplicateOf in [0, size / 2, size - 1] {
                let text = "{" + (keys + ["\"k\(duplicateOf)\": 1"]).joined(separator: ", ") + "}"
                #expect(throws: JSONSyntaxError.self, "\(size) keys, k\(duplicateOf) twice") { try JSONParser.parse(Array(text.utf8)) }
            }
            #expect(throws: Never.self) { try JSONParser.parse(Array(("{" + keys.joined(separator: ", ") + "}").utf8)) }
        }
    }
}
