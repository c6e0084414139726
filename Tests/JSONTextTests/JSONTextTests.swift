import Testing
@testable import JSONText

@Suite struct NumberTextTests {
    @Test func shortestReadsBackExactly() {
        #expect(NumberText.shortest(12) == "12" && NumberText.shortest(0.1) == "0.1" && NumberText.shortest(-0.0) == "-0.0")
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
