/// One JSON object read by key: the one object reader of trips, templates, catalogs, manifests,
/// App Store payloads and batch reports.

/// A JSON object's members looked up by key, with the problems of its keys found up front.
///
/// Creating one checks every key once, in document order: a key written twice, a key `keys`
/// does not know, a key it refuses. Those problems wait in `keyProblems`, each with the index of
/// its member, for the caller's sink: a reader that stops at the first problem throws
/// `keyProblems.first`, one that reports them all files each under its member. A repeated key's
/// first value is the one the getters see.
///
/// The getters return nil for a key that is absent or null (many JSON writers write `null` for
/// an absent optional), and throw a `JSONProblem` in the shared wording for a value of the
/// wrong kind.
public struct JSONObject {
    /// Where the object is in its document.
    public let path: JSONPath
    /// The members in document order, repeated keys included.
    public let members: [JSONMember]
    /// Problems with the keys themselves (duplicate, unknown, refused), in document order, each
    /// with the index of the member it concerns.
    public let keyProblems: [(member: Int, problem: JSONProblem)]
    /// Where each key first appears.
    private let firstIndex: [String: Int]

    /// The object made of `members`, at `path`, its keys judged by `keys`.
    public init(members: [JSONMember], at path: JSONPath, keys: JSONKeys) {
        self.path = path
        self.members = members
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(members.count)
        var problems: [(member: Int, problem: JSONProblem)] = []
        for (index, member) in members.enumerated() {
            guard firstIndex[member.key] == nil else {
                problems.append((index, .duplicateKey(at: path.key(member.key))))
                continue
            }
            firstIndex[member.key] = index
            switch keys.judge(member.key) {
            case .known: continue
            case .unknown:
                problems.append((index, .unknownKey(at: path.key(member.key), key: member.key, among: keys.declared)))
            case let .refused(message): problems.append((index, JSONProblem(path.key(member.key), message)))
            }
        }
        self.firstIndex = firstIndex
        keyProblems = problems
    }

    /// `value` as an object at `path`; any other kind of value is a mismatch.
    public init(
        _ value: JSONValue, at path: JSONPath, keys: JSONKeys, expected: String = "an object"
    ) throws(JSONProblem) {
        guard case let .object(members) = value else { throw .mismatch(at: path, expected: expected, got: value) }
        self.init(members: members, at: path, keys: keys)
    }

    /// `value` as an object at `path` whose keys have no problem: the first one is thrown.
    public static func strict(
        _ value: JSONValue, at path: JSONPath, keys: JSONKeys, expected: String = "an object"
    ) throws(JSONProblem) -> JSONObject {
        let object = try JSONObject(value, at: path, keys: keys, expected: expected)
        try object.checkKeys()
        return object
    }

    /// Throws the first problem with the keys, if any.
    public func checkKeys() throws(JSONProblem) {
        if let first = keyProblems.first { throw first.problem }
    }

    /// The keys written, each once, in document order.
    public var keys: [String] {
        // With no key written twice, every member's key is a first.
        if firstIndex.count == members.count { return members.map(\.key) }
        return members.indices.filter { firstIndex[members[$0].key] == $0 }.map { members[$0].key }
    }

    /// The index in `members` of the first `key`, or nil when it is not written.
    public func index(of key: String) -> Int? { firstIndex[key] }

    /// The first value written under `key`, null included; nil when the key is not written.
    public subscript(key: String) -> JSONValue? {
        firstIndex[key].map { members[$0].value }
    }

    /// Whether `key` is written, even with the value null.
    public func contains(_ key: String) -> Bool { firstIndex[key] != nil }

    /// Whether `key` is written with a value other than null.
    public func has(_ key: String) -> Bool { optional(key) != nil }

    /// The value at `key`; nil when it is absent or null.
    public func optional(_ key: String) -> JSONValue? {
        guard let value = self[key], value != .null else { return nil }
        return value
    }

    /// The value at `key`, which must be written (null counts as written, for the caller's
    /// reader to name as the wrong kind).
    public func required(_ key: String) throws(JSONProblem) -> JSONValue {
        guard let value = self[key] else { throw .missingKey(at: path.key(key)) }
        return value
    }

    // MARK: Typed values (nil when absent or null)

    /// The string at `key`.
    public func string(_ key: String) throws(JSONProblem) -> String? {
        try optional(key).map { value throws(JSONProblem) in try value.string(at: path.key(key)) }
    }

    /// `true` or `false` at `key`.
    public func bool(_ key: String) throws(JSONProblem) -> Bool? {
        try optional(key).map { value throws(JSONProblem) in try value.bool(at: path.key(key)) }
    }

    /// The finite number at `key`.
    public func number(_ key: String) throws(JSONProblem) -> Double? {
        try optional(key).map { value throws(JSONProblem) in try value.number(at: path.key(key)) }
    }

    /// The integer at `key`: any spelling of an integral value (`2`, `2.0`, `2e0`) below 2^53
    /// in magnitude, the range a Double holds exactly.
    public func integer(_ key: String) throws(JSONProblem) -> Int? {
        try optional(key).map { value throws(JSONProblem) in try value.integer(at: path.key(key)) }
    }

    /// The array at `key`.
    public func array(_ key: String) throws(JSONProblem) -> [JSONValue]? {
        try optional(key).map { value throws(JSONProblem) in try value.array(at: path.key(key)) }
    }

    /// The array of strings at `key`.
    public func strings(_ key: String) throws(JSONProblem) -> [String]? {
        try optional(key).map { value throws(JSONProblem) in try value.strings(at: path.key(key)) }
    }

    /// The object at `key`, its keys judged by `keys`.
    public func object(_ key: String, keys: JSONKeys) throws(JSONProblem) -> JSONObject? {
        try optional(key).map { value throws(JSONProblem) in try JSONObject(value, at: path.key(key), keys: keys) }
    }

    /// The value at `key`, which must be written, as `convert` reads it: `require("id",
    /// JSONValue.integer(at:))`. A missing key is `missingKey`; null gets `convert`'s mismatch
    /// ("expected a string, got null").
    public func require<T>(
        _ key: String, _ convert: (JSONValue) -> (JSONPath) throws(JSONProblem) -> T
    ) throws(JSONProblem) -> T {
        try convert(required(key))(path.key(key))
    }

    /// The object at `key`, which must be written, its keys judged by `keys`.
    public func requireObject(_ key: String, keys: JSONKeys) throws(JSONProblem) -> JSONObject {
        try JSONObject(required(key), at: path.key(key), keys: keys)
    }
}
