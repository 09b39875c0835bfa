/// Reading one JSON object against the keys its schema allows.
import StrictJSON

/// Reads a value found at a path, recording what is wrong with it; nil when it is unusable.
typealias FieldReader<T> = (JSONValue, JSONPath, inout [TripProblem]) -> T?
/// A `FieldReader` that needs nothing but the value, so a declaration can keep it.
typealias SendableFieldReader<T> = @Sendable (JSONValue, JSONPath, inout [TripProblem]) -> T?

/// Looks up an object's members, reports unknown and duplicate keys, and files every
/// problem under the member it concerns.
///
/// The keys it knows are its `ObjectDeclaration`'s, and it reads a key only through that
/// declaration's fields, so what the reader accepts is what the schema states. In debug
/// builds (the tests) it also traps on a key read that is not declared, and on a declared
/// key the reader never asks for, which would be accepted and then silently ignored.
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
    private let declaration: ObjectDeclaration
    /// The keys read so far, to check the reader against its declaration.
    private var asked: Set<String> = []

    /// A reader for `members`, an object of `declaration`; `tag`, if given, is a key read
    /// before this (an item's `type`) and is known besides the declared keys.
    init(_ members: [JSONMember], at path: JSONPath, _ declaration: ObjectDeclaration, tag: String? = nil) {
        self.declaration = declaration
        object = JSONObject(members: members, at: path, keys: .only((tag.map { [$0] } ?? []) + declaration.keys))
        // A repeated key is a problem; its first value is used, so the rest can still be checked.
        for (index, problem) in object.keyProblems { file(order: index, TripProblem(problem)) }
    }

    /// Every problem filed so far, in document order.
    var problems: [TripProblem] {
        assert(
            declaration.keys.allSatisfy(asked.contains),
            "\(declaration.name): declared keys never read: \(declaration.keys.filter { !asked.contains($0) })")
        // Sorting on (order, arrival) keeps problems for the same member in the order found.
        return filed.enumerated()
            .sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            .map(\.element.problem)
    }

    /// Whether `key` is present with a non-null value.
    func has(_ key: String) -> Bool { object.has(key) }

    /// Reads `field` with the reader its kind implies.
    mutating func read<T>(_ field: TripField<T>) -> T? {
        read(field.declaration, as: field.read)
    }

    /// Reads the key `field` declares with `read`, a reader that needs more than the value
    /// (the ids declared so far, say) but checks the declared kind.
    mutating func read<T>(_ field: FieldDeclaration, as read: FieldReader<T>) -> T? {
        assert(declaration.keys.contains(field.name), "\(field.name) is not a key of \(declaration.name)")
        asked.insert(field.name)
        return field.isRequired ? required(field.name, read) : optional(field.name, read)
    }

    /// Reads a key that must be present. Reports `required key is missing` if absent.
    /// `null` is not absent here: it gets the reader's wrong-type message.
    private mutating func required<T>(_ key: String, _ read: FieldReader<T>) -> T? {
        guard let index = object.index(of: key) else {
            file(order: object.members.count, TripProblem(.missingKey(at: path.key(key))))
            return nil
        }
        return readMember(index, key, read)
    }

    /// Reads a key that may be left out. An explicit `null` counts as left out, since many
    /// JSON writers emit `null` for an absent optional.
    private mutating func optional<T>(_ key: String, _ read: FieldReader<T>) -> T? {
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
