/// The one object reader: key problems found up front in document order, typed getters in the
/// shared wording, and the whole-document check for repeated keys.
import StrictJSON
import Testing

@Suite("JSON object reader")
struct JSONObjectTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test("a path names a key as written, quoting one that is not an identifier, and cuts one past the quoting limit")
    func pathKeys() {
        #expect(JSONPath.root.key("days").index(3).key("homeTeam").text == "days[3].homeTeam")
        #expect(JSONPath.root.key("my key").text == #"["my key"]"#)
        let long = String(repeating: "n", count: 1_000_000)
        let path = JSONPath.root.key("style").key(long).text
        #expect(path == "style[\"" + String(repeating: "n", count: MessageText.quotedLimit) + "…\"]")
        let limit = String(repeating: "k", count: MessageText.quotedLimit)
        #expect(JSONPath.root.key(limit).text == limit)
    }

    @Test("duplicate, unknown and refused keys come in document order, with a suggestion or the short list of keys")
    func keyProblems() throws {
        let keys = JSONKeys(declared: ["name", "size", "old"]) { key in
            switch key {
            case "name", "size": .known
            case "old": .refused("retired: use \"size\"")
            default: .unknown
            }
        }
        let object = try JSONObject(
            parse(#"{"naem": 1, "name": "a", "old": 2, "name": "b", "zzz": 0}"#), at: JSONPath.root.key("style"),
            keys: keys)
        #expect(object.keyProblems.map(\.member) == [0, 2, 3, 4])
        #expect(
            object.keyProblems.map(\.problem.description) == [
                #"style.naem: unknown key (did you mean "name"?)"#,
                #"style.old: retired: use "size""#,
                "style.name: duplicate key",
                #"style.zzz: unknown key (expected "name", "size" or "old")"#,
            ])
        // The first value of a repeated key is the one read.
        #expect(try object.string("name") == "a")
        #expect(object.keys == ["naem", "name", "old", "zzz"])
        #expect(throws: JSONProblem(JSONPath.root.key("style").key("naem"), #"unknown key (did you mean "name"?)"#)) {
            try object.checkKeys()
        }
    }

    @Test("an object of many keys does not list them after an unknown key")
    func longKeyListsAreNotPrinted() throws {
        let declared = (1...7).map { "key\($0)" }
        let object = try JSONObject(parse(#"{"other": 1}"#), at: .root, keys: .only(declared))
        #expect(object.keyProblems.map(\.problem.message) == ["unknown key"])
        #expect(try JSONObject(parse(#"{"other": 1}"#), at: .root, keys: .any).keyProblems.isEmpty)
    }

    @Test("absent and null read as nil; a wrong kind is named in the one wording")
    func typedGetters() throws {
        let object = try JSONObject(
            parse(#"{"s": "x", "n": null, "i": 2.0, "f": 1.5, "b": true, "a": ["p", 3], "big": 1e300}"#),
            at: .root, keys: .any)
        #expect(try object.string("s") == "x")
        #expect(try object.string("n") == nil && object.contains("n") && !object.has("n"))
        #expect(try object.string("missing") == nil)
        #expect(try object.integer("i") == 2)
        #expect(try object.bool("b") == true)
        #expect(throws: JSONProblem(JSONPath.root.key("s"), "expected a number, got a string")) {
            try object.number("s")
        }
        #expect(throws: JSONProblem(JSONPath.root.key("f"), "expected an integer below 2^53 in magnitude, got 1.5")) {
            try object.integer("f")
        }
        #expect(
            throws: JSONProblem(JSONPath.root.key("big"), "expected an integer below 2^53 in magnitude, got 1e+300")
        ) { try object.integer("big") }
        #expect(throws: JSONProblem(JSONPath.root.key("a").index(1), "expected a string, got a number")) {
            try object.strings("a")
        }
        #expect(throws: JSONProblem(JSONPath.root.key("b"), "expected an array, got a boolean")) {
            try object.array("b")
        }
        #expect(throws: JSONProblem(JSONPath.root.key("missing"), "required key is missing")) {
            try object.require("missing", JSONValue.string(at:))
        }
        #expect(throws: JSONProblem(JSONPath.root.key("n"), "expected a string, got null")) {
            try object.require("n", JSONValue.string(at:))
        }
        #expect(try object.require("i", JSONValue.integer(at:)) == 2)
        #expect(throws: JSONProblem(.root, "expected an object, got an array")) {
            try JSONObject(parse("[]"), at: .root, keys: .any)
        }
    }

    @Test("a repeated key anywhere in a document is found, with its path, read or not")
    func repeatedKeysAnywhere() throws {
        #expect(
            try parse(#"{"a": [{"b": 1}, {"c": {"d": 1, "d": 2}}]}"#).firstDuplicateKey(at: .root)
                == JSONProblem(JSONPath.root.key("a").index(1).key("c").key("d"), "duplicate key"))
        #expect(try parse(#"{"a": [{"b": 1}, {"b": 1}]}"#).firstDuplicateKey(at: .root) == nil)
    }
}
