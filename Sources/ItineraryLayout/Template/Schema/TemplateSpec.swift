/// A part of a template built from its schema: the declaration is the reading.

/// A part of a template written as a JSON object with declared keys, each key filling one
/// property. Its `schema` is the only place a key is written: the entry names the JSON key,
/// the property (by key path), the value's rule, its default and a doc line (the line
/// docs/template-keys/reference.md prints, so a property needs no comment of its own), and
/// `SpecSchema.read` fills the properties in the order declared. There is no per-key `init`.
///
/// Reading starts from `init()`. Every property therefore carries a starting value (`0`, `""`,
/// `false`, an empty part, nil for an optional): the least noisy way to give a key path
/// something to write into, one short default on the line that declares the property, where a
/// separate `blank` constant would repeat every property's name a third time. The starting
/// values are never seen: every declared key overwrites its property (a key left out writes its
/// schema default), so a template's defaults live in the schema alone.
protocol TemplateSpec: TemplateReadable, Sendable {
    /// The spec before any key is read.
    init()
    /// Every key the object may have: any other is refused, so a misspelt key in a template is
    /// an error rather than a silently ignored setting.
    static var schema: SpecSchema<Self> { get }
}

extension TemplateSpec {
    /// The schema of this spec, as its declaration writes it: `static let schema = Schema(…)`.
    typealias Schema = SpecSchema<Self>

    static var kind: TemplateKind { .object(schema.keys) }

    init(_ value: TemplateValue) throws(TemplateError) { self = try Self.schema.read(value) }
}
