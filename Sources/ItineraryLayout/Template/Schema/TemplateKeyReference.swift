/// The key reference of templates, written from the schema that reading uses.

/// Writes `docs/template-keys/reference.md`: every object of a template, its keys, what each
/// must be, what leaving it out means, and a line on what it sets. The text comes from the
/// `schema` of each spec, the same declaration that reads, checks and refuses keys, so the
/// reference cannot drift from the reader (a test compares the file with this text).
public enum TemplateKeyReference {
    /// The whole reference, in Markdown.
    public static func markdown() -> String {
        var writer = Writer()
        writer.section(path: "(top level)", Template.schema)
        return """
        # Template keys

        <!-- Written by TemplateKeyReference from the templates' schema (Sources/ItineraryLayout/Template).
             Do not edit: change a key's declaration, then run `UPDATE_DOCS=1 swift test --filter TemplateSchemaTests`. -->

        Every key a template file may have. A template is read strictly: a key that is not listed
        here is refused with the nearest known key, a key listed as retired is refused with what to
        do instead, and every value must be of its type and in its range. Lengths are in points.
        A *style name* must name a key of `styles`, a *colour token* a key of `colors`. A number
        "required when" something else is 0 when it is not required and left out. An object used
        in several places (Insets, Line, Icon, Column, Section title) is described once, by name.

        \(writer.text)
        """
    }

    private struct Writer {
        var text = ""
        /// The path where each object is described (its first appearance), by its identity.
        var described: [String: String] = [:]

        mutating func section(path: String, _ schema: TemplateSchema) {
            described[identity(schema)] = described[identity(schema)] ?? path
            text += "\n## \(schema.name ?? "`\(path)`")\n\(schema.doc)\n"
            var children: [(path: String, schema: TemplateSchema)] = []
            let current = schema.current
            if !current.isEmpty, current.allSatisfy({ $0.doc.isEmpty }) {
                // A set of roles or of words: the names say it all.
                let kinds = Set(current.map(\.kind.summary))
                let kind = kinds.count == 1 ? kinds.first! : "a value"
                text += "\nEvery key is required; each is a \(kind):\n" + current.map { "`\($0.name)`" }.joined(separator: ", ") + ".\n"
            } else if !current.isEmpty || !schema.patterns.isEmpty {
                text += "\n| key | value | if left out | meaning |\n|---|---|---|---|\n"
                for key in current {
                    let (value, child) = describe(key.kind, at: join(path, key.name))
                    if let child { children.append(child) }
                    text += "| `\(key.name)` | \(value) | \(presence(key)) | \(key.doc) |\n"
                }
                for pattern in schema.patterns {
                    text += "| `\(pattern.shown)` | text | none | \(pattern.doc) |\n"
                }
            }
            let retired = schema.keys.compactMap { key -> String? in
                guard case let .retired(message) = key.presence else { return nil }
                return "- `\(key.name)`: \(message)\n"
            }
            if !retired.isEmpty { text += "\nRetired keys, refused with what to do instead:\n\n" + retired.joined() }
            for child in children where described[identity(child.schema)] == child.path {
                section(path: child.path, child.schema)
            }
        }

        /// The value column for `kind`, and the object to describe below it, if any.
        private mutating func describe(_ kind: TemplateKind, at path: String) -> (String, (path: String, schema: TemplateSchema)?) {
            let (words, child, schema): (String, String, TemplateSchema)
            switch kind {
            case let .object(s): (words, child, schema) = ("object", path, s)
            case let .map(.object(s)): (words, child, schema) = ("object of named objects", path + ".<name>", s)
            case let .list(.object(s)): (words, child, schema) = ("list of objects", path + "[i]", s)
            default: return (kind.summary, nil)
            }
            // A named object is described under its name; another at its first appearance, and
            // later ones point to it.
            if let name = schema.name {
                described[identity(schema)] = described[identity(schema)] ?? child
                return ("\(words) (\(name))", (child, schema))
            }
            let home = described[identity(schema)] ?? child
            described[identity(schema)] = home
            return ("\(words) (`\(home)`)", (child, schema))
        }

        private func join(_ path: String, _ key: String) -> String { path == "(top level)" ? key : path + "." + key }

        private func identity(_ schema: TemplateSchema) -> String {
            schema.doc + "|" + schema.keys.map(\.name).joined(separator: ",")
        }

        private func presence(_ key: TemplateKey) -> String {
            switch key.presence {
            case .required: return "required"
            case let .requiredWhen(condition):
                if case .number = key.kind { return "required when \(condition); else `0`" }
                return "required when \(condition); else none"
            case .retired: return "refused"
            case let .optional(fallback):
                switch fallback {
                case let .number(n): return "`\(n == n.rounded() ? String(Int(n)) : String(n))`"
                case let .whole(n): return "`\(n)`"
                case let .flag(b): return "`\(b)`"
                case let .word(w): return w.isEmpty ? "empty" : "`\"\(w)\"`"
                case let .same(other): return "as `\(other)`"
                case .none: return "none"
                }
            }
        }
    }
}
