/// One kind of object in trip.json: its keys in order, declared once.

/// The keys an object allows, what each must be, and the schema's name for the object. The
/// reader of the object takes its known keys from here (`ObjectReader`), and `TripSchema`
/// writes the object's part of docs/trip.schema.json from it.
struct ObjectDeclaration: Sendable {
    /// The object's name under the schema's `$defs` (empty for the top level).
    let name: String
    let fields: [FieldDeclaration]
    /// Pairs of keys given both or neither (a day's latitude and longitude).
    var together: [(String, String)] = []

    var keys: [String] { fields.map(\.name) }
}
