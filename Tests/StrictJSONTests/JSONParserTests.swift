import Foundation
import Testing
import StrictJSON

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? { syntaxError(Array(text.utf8)) }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" { "a" : [true, false, null, -12, 0.5, 2E+3, "x"], "b": {} } "#)
        #expect(
            value
                == .object([
                    JSONMember(
                        key: "a",
                        value: .array([
                            .bool(true), .bool(false), .null, .number(-12, isInteger: true),
                            .number(0.5, isInteger: false), .number(2000, isInteger: false),
                            .string("x"),
                        ])),
                    JSONMember(key: "b", value: .object([])),
                ]))
    }

    @Test func keepsKeysInDocumentOrderWithDuplicates() throws {
        let value = try parse(#"{"z": 1, "a": 2, "z": 3}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "z"])
        #expect(members[2].value == .number(3, isInteger: true))
    }

    @Test(arguments: [("0", true), ("-0", true), ("1.0", false), ("1e2", false), ("123456789", true)])
    func marksIntegerLiterals(text: String, isInteger: Bool) throws {
        guard case .number(_, let flag) = try parse(text) else {
            Issue.record("not a number")
            return
        }
        #expect(flag == isInteger)
    }

    @Test func keepsOutOfRangeNumbersAsInfinity() throws {
        #expect(try parse("1e400") == .number(.infinity, isInteger: false))
        #expect(try parse("-1e400") == .number(-.infinity, isInteger: false))
    }

    @Test func decodesEscapes() throws {
        let value = try parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \uD83D\uDE00 \u0000""#)
        #expect(value == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t é 😀 \u{0}"))
    }

    @Test func keepsRawMultibyteText() throws {
        #expect(try parse(#""Ana García 🏟️ 東京""#) == .string("Ana García 🏟️ 東京"))
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1, isInteger: true)]))
        // The mark is not a character of the first line.
        let error = syntaxError([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8))
        #expect(error == JSONSyntaxError(line: 1, column: 4, reason: "trailing comma before ']'"))
    }

    @Test func refusesAByteOrderMarkAnywhereElse() {
        let error = syntaxError(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("1".utf8))
        #expect(error == JSONSyntaxError(line: 1, column: 2, reason: "expected a value, got character U+FEFF"))
    }

    struct BadInput: Sendable, CustomStringConvertible {
        let text: String
        let line: Int
        let column: Int
        let reason: String
        var description: String { text }
    }

    static let badInputs: [BadInput] = [
        BadInput(text: "", line: 1, column: 1, reason: "unexpected end of input; expected a value"),
        BadInput(text: "[1, 2,]", line: 1, column: 7, reason: "trailing comma before ']'"),
        BadInput(text: #"{"a": 1,}"#, line: 1, column: 9, reason: "trailing comma before '}'"),
        BadInput(text: "[1] // note", line: 1, column: 5, reason: "comments are not allowed in JSON"),
        BadInput(text: "[1, // note\n2]", line: 1, column: 5, reason: "comments are not allowed in JSON"),
        BadInput(text: "{/* c */}", line: 1, column: 2, reason: "comments are not allowed in JSON"),
        BadInput(text: "[01]", line: 1, column: 2, reason: "leading zeros are not allowed in numbers"),
        BadInput(text: "-007", line: 1, column: 1, reason: "leading zeros are not allowed in numbers"),
        BadInput(
            text: "1.", line: 1, column: 3, reason: "unexpected end of input; expected a digit after the decimal point"),
        BadInput(text: "-", line: 1, column: 2, reason: "unexpected end of input; expected a digit after '-'"),
        BadInput(text: "1e+", line: 1, column: 4, reason: "unexpected end of input; expected a digit in the exponent"),
        BadInput(text: ".5", line: 1, column: 1, reason: "expected a value, got character '.'"),
        BadInput(text: "+1", line: 1, column: 1, reason: "expected a value, got character '+'"),
        BadInput(text: "NaN", line: 1, column: 1, reason: "expected a value, got character 'N'"),
        BadInput(text: "[tru]", line: 1, column: 2, reason: "invalid literal; expected true"),
        BadInput(text: "nul", line: 1, column: 1, reason: "invalid literal; expected null"),
        BadInput(
            text: #"["\uD83D"]"#, line: 1, column: 3,
            reason: #"lone surrogate \uD83D; a high surrogate must be followed by a low one"#),
        BadInput(
            text: #"["\uD83D\u0041"]"#, line: 1, column: 3,
            reason: #"lone surrogate \uD83D; a high surrogate must be followed by a low one"#),
        BadInput(
            text: #"["\uDE00"]"#, line: 1, column: 3,
            reason: #"lone surrogate \uDE00; a low surrogate must follow a high one"#),
        BadInput(text: #"["\u12G4"]"#, line: 1, column: 3, reason: #"expected four hex digits after \u"#),
        BadInput(text: #"["\x"]"#, line: 1, column: 3, reason: #"invalid escape \x"#),
        BadInput(
            text: "[\"a\tb\"]", line: 1, column: 4,
            reason: #"control character U+0009 in a string; write it as an escape such as \n"#),
        BadInput(
            text: "\"line\nbreak\"", line: 1, column: 6,
            reason: #"control character U+000A in a string; write it as an escape such as \n"#),
        BadInput(text: #"["abc"#, line: 1, column: 6, reason: "unexpected end of input inside a string"),
        BadInput(text: "{'a': 1}", line: 1, column: 2, reason: "strings must be in double quotes, not single quotes"),
        BadInput(
            text: "{a: 1}", line: 1, column: 2, reason: "expected an object key in double quotes, got character 'a'"),
        BadInput(text: #"{"a" 1}"#, line: 1, column: 6, reason: "expected ':' after the object key, got character '1'"),
        BadInput(text: "[1 2]", line: 1, column: 4, reason: "expected ',' or ']', got character '2'"),
        BadInput(text: #"{"a": 1 "b": 2}"#, line: 1, column: 9, reason: "expected ',' or '}', got character '\"'"),
        BadInput(text: "{} {}", line: 1, column: 4, reason: "unexpected character '{' after the end of the JSON value"),
        BadInput(text: "[1,\n  2,\n  ]", line: 3, column: 3, reason: "trailing comma before ']'"),
        BadInput(text: "[1,\r\n  2,\r\n  ]", line: 3, column: 3, reason: "trailing comma before ']'"),
        BadInput(text: "{\"é😀\": x}", line: 1, column: 8, reason: "expected a value, got character 'x'"),
        BadInput(text: "[\"ü\",\n \"日本\", ?]", line: 2, column: 8, reason: "expected a value, got character '?'"),
        BadInput(text: "\u{A0}1", line: 1, column: 1, reason: "expected a value, got character U+00A0"),
    ]

    @Test(arguments: badInputs)
    func reportsWhereAndWhyTextIsNotJSON(input: BadInput) {
        #expect(
            syntaxError(input.text) == JSONSyntaxError(line: input.line, column: input.column, reason: input.reason))
    }

    @Test(
        arguments: [
            ([0x22, 0xFF, 0x22], 2, "invalid UTF-8 byte 0xFF"),
            ([0x22, 0xC0, 0x80, 0x22], 2, "invalid UTF-8 byte 0xC0"),  // overlong NUL
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 2, "invalid UTF-8 sequence starting with byte 0xE0"),  // overlong
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 2, "invalid UTF-8 sequence starting with byte 0xED"),  // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2, "invalid UTF-8 sequence starting with byte 0xF4"),  // > U+10FFFF
            // truncated after é
            ([0x22, 0xC3, 0xA9, 0xE2, 0x82, 0x22], 3, "invalid UTF-8 sequence starting with byte 0xE2"),
            ([0x22, 0x80, 0x22], 2, "invalid UTF-8 byte 0x80"),
        ] as [([UInt8], Int, String)])
    func reportsInvalidUTF8InStrings(bytes: [UInt8], column: Int, reason: String) {
        #expect(syntaxError(bytes) == JSONSyntaxError(line: 1, column: column, reason: reason))
    }

    @Test func reportsInvalidUTF8OutsideStrings() {
        #expect(
            syntaxError([0x5B, 0xFE, 0x5D])
                == JSONSyntaxError(line: 1, column: 2, reason: "expected a value, got invalid UTF-8 byte 0xFE"))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(text)
        var levels = 0
        while case .array(let inner) = value {
            levels += 1
            value = inner.first ?? .null
        }
        #expect(levels == depth)
    }

    @Test func refusesDeepNestingWithoutCrashing() {
        let arrays = String(repeating: "[", count: 100_000)
        #expect(
            syntaxError(arrays)
                == JSONSyntaxError(line: 1, column: 65, reason: "arrays and objects nest deeper than 64 levels"))
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(syntaxError(objects)?.reason == "arrays and objects nest deeper than 64 levels")
        #expect(syntaxError(objects)?.column == 64 * 5 + 1)
    }
}
