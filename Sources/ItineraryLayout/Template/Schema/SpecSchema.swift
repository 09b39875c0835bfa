/// A spec's schema: its keys, each with the property it fills, and the one routine that reads them.

/// Every key of a spec in the order the reference lists them and reading fills them, and the
/// checks across keys that no single key can make (`validate`, run once every key is read).
struct SpecSchema<Spec: TemplateSpec>: Sendable {
    /// The checks across the keys of one object: a problem is thrown at the key it names.
    typealias Validation = @Sendable (Spec, TemplateObject) throws(TemplateError) -> Void

    /// The declared keys, without the properties: what the object reader, the errors and the
    /// key reference need.
    let keys: TemplateSchema
    private let fields: [TemplateField<Spec>]
    private let validate: Validation?
    private let before: (@Sendable (TemplateObject) throws(TemplateError) -> Void)?

    /// - Parameters:
    ///   - doc: one line for the reference: what the object is.
    ///   - name: the name the reference gives an object used in several places (`Insets`).
    ///   - validate: checks across keys, once they are all read.
    ///   - before: a check of the object as written, before any key is read (a role map's
    ///     missing roles, all named at once).
    init(
        _ doc: String, _ fields: [TemplateField<Spec>], name: String? = nil, validate: Validation? = nil,
        before: (@Sendable (TemplateObject) throws(TemplateError) -> Void)? = nil
    ) {
        keys = TemplateSchema(doc, fields.map(\.key), name: name)
        self.fields = fields
        self.validate = validate
        self.before = before
    }

    /// The spec written at `value`: the object's keys checked up front (duplicates, unknown and
    /// retired keys), then each declared key read into its property, in order, so that a key
    /// required only when an earlier one asks for it sees that key's value.
    func read(_ value: TemplateValue) throws(TemplateError) -> Spec {
        let object = try value.object(keys)
        try before?(object)
        var spec = Spec()
        for field in fields { try field.fill(object, field.key.name, &spec) }
        try validate?(spec, object)
        return spec
    }
}
