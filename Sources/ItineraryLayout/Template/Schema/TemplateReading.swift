/// What reading a template collects on the way: the style and colour names it uses.

/// One reading of a template file. Every key declared as a style name or a colour token records
/// the name and where it was written, so that the loader checks them all against `styles` and
/// `colors` without each spec listing its own.
final class TemplateReading {
    /// A name a template uses, and the path of the key that uses it.
    struct Reference {
        let path: [String]
        let name: String
        /// The key's path as errors write it (built only for an error).
        var key: String { TemplateValue.text(path) }
    }

    private(set) var styles: [Reference] = []
    private(set) var colors: [Reference] = []

    func style(_ name: String, at path: [String]) { styles.append(Reference(path: path, name: name)) }
    func color(_ name: String, at path: [String]) { colors.append(Reference(path: path, name: name)) }
}
