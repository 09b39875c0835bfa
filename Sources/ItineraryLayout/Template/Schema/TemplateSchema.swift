/// The declared keys of one kind of template object.

/// Every key an object of a template may have, in the order the reference lists them.
struct TemplateSchema: Sendable {
    /// One line for the reference: what the object is.
    let doc: String
    /// The name the reference gives an object used in several places (`Insets`, `Line`), so that
    /// each use points to one description; nil for an object with one place.
    let name: String?
    let keys: [TemplateKey]
    /// Keys the template names itself, by their shape (`league.<CODE>`).
    let patterns: [TemplateKeyPattern]
    private let index: [String: Int]

    init(_ doc: String, _ keys: [TemplateKey], patterns: [TemplateKeyPattern] = [], name: String? = nil) {
        self.doc = doc
        self.name = name
        self.keys = keys
        self.patterns = patterns
        var index: [String: Int] = [:]
        for (i, key) in keys.enumerated() {
            precondition(index.updateValue(i, forKey: key.name) == nil, "the key \"\(key.name)\" is declared twice")
        }
        self.index = index
    }

    /// The declaration of `name`, if any (retired keys included).
    func key(_ name: String) -> TemplateKey? { index[name].map { keys[$0] } }

    /// The keys a template may write (retired ones are not).
    var current: [TemplateKey] {
        keys.filter {
            if case .retired = $0.presence { return false }
            return true
        }
    }

    /// Whether `name` is a key of one of the patterns.
    func matchesPattern(_ name: String) -> Bool { patterns.contains { $0.matches(name) } }
}

/// Keys of one shape that a template chooses (`league.MLB`, `ballparkOne`): text values.
struct TemplateKeyPattern: Sendable {
    /// How the reference writes the shape (`league.<CODE>`).
    let shown: String
    let prefix: String
    let suffixes: [String]
    let doc: String

    init(_ shown: String, prefix: String = "", suffixes: [String] = [""], _ doc: String) {
        self.shown = shown
        self.prefix = prefix
        self.suffixes = suffixes
        self.doc = doc
    }

    func matches(_ name: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        return suffixes.contains { suffix in
            name.hasSuffix(suffix) && name.count > prefix.count + suffix.count
        }
    }
}
