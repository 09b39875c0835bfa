/// Reading one JSON object against the keys its schema allows.
import StrictJSON

/// Reads a value found at a path, recording what is wrong with it; nil when it is unusable.
typealias FieldReader<T> = (JSONValue, JSONPath, inout [TripProblem]) -> T?

/// Looks up an object's members, reports unknown and duplicate keys, and files every
/// problem under the member it concerns.
///
/// Decoding reads keys in schema order (teams before days, say, because days refer to
/// teams), but problems must come out in document order. So each problem is filed with
/// the index of its member, and `problems` sorts by that index. Problems about the
/// object as a whole (a missing required key, a rule across two keys when one is absent)
/// sort after all members, in the order they were found.
struct ObjectReader {
    var path: JSONPath { object.path }
    /// The object, read by the one object reader; its key problems are filed on creation.
    private let object: JSONObject
    private var filed: [(order: Int, problem: TripProblem)] = []

    init(_ members: [JSONMember], at path: JSONPath, knownKeys: [String]) {
        object = JSONObject(members: members, at: path, keys: .only(knownKeys))
        // A repeated key is a problem; its first value is used, so the rest can still be checked.
        for (index, problem) in object.keyProblems { file(order: index, TripProblem(problem)) }
    }

    /// Every problem filed so far, in document order.
    var problems: [TripProblem] {
        // Sorting on (order, arrival) keeps problems for the same member in the order found.
        filed.enumerated()
            .sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            .map(\.element.problem)
    }

    /// Whether `key` is present with a non-null value.
    func has(_ key: String) -> Bool { object.has(key) }

    /// Reads a key that must be present. Reports `required key is missing` if absent.
    /// `null` is not absent here: it gets the reader's wrong-type message.
    mutating func required<T>(_ key: String, _ read: FieldReader<T>) -> T? {
        guard let index = object.index(of: key) else {
            file(order: object.members.count, TripProblem(.missingKey(at: path.key(key))))
            return nil
        }
        return readMember(index, key, read)
    }

    /// Reads a key that may be left out. An explicit `null` counts as left out, since many
    /// JSON writers emit `null` for an absent optional.
    mutating func optional<T>(_ key: String, _ read: FieldReader<T>) -> T? {
        guard let index = object.index(of: key), object.members[index].value != .null else { return nil }
        return readMember(index, key, read)
    }

    /// Records a problem with the value of `key` (or, if `key` is absent, with the object).
    mutating func report(_ key: String, _ message: String) {
        file(order: object.index(of: key) ?? object.members.count, TripProblem(path.key(key), message))
    }

    private mutating func readMember<T>(_ index: Int, _ key: String, _ read: FieldReader<T>) -> T? {
        var found: [TripProblem] = []
        let value = read(object.members[index].value, path.key(key), &found)
        for problem in found { file(order: index, problem) }
        return value
    }

    private mutating func file(order: Int, _ problem: TripProblem) {
        filed.append((order, problem))
    }
}
