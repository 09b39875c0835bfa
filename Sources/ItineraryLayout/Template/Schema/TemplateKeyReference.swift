/// The key reference of templates, written from the schema that reading uses.

/// Writes `docs/template-keys/reference.md`: every object of a template, its keys, what each
/// must be, what leaving it out means, and a line on what it sets. The text comes from the
/// `schema` of each spec, the same declaration that reads, checks and refuses keys, so the
/// reference cannot drift from the reader (a test compares the file with this text).
public enum TemplateKeyReference {
    /// The whole reference, in Markdown.
    public static func markdown() -> String {
        var writer = Writer()
        writer.section(path: "(top level)", Template.schema.keys)
        // The objects used in several places come last, together, each under its name.
        var next = 0
        while next < writer.shared.count {
            let (name, schema) = writer.shared[next]
            writer.section(path: name, schema)
            next += 1
        }
        let contents = writer.headings.map { "[\($0)](#\(anchor($0)))" }
        return """
            # Template keys

            <!-- Written by TemplateKeyReference from the templates' schema (Sources/ItineraryLayout/Template).
                 Do not edit: change a key's declaration, then run `UPDATE_DOCS=1 swift test --filter TemplateSchemaTests`. -->

            Every key a template file may have. A template is read strictly: a key that is not listed
            here is refused with the nearest known key, a key listed as retired is refused with what to
            do instead, and every value must be of its type and in its range. Lengths are in points.
            A *style name* must name a key of `styles`, a *colour token* a key of `colors`. A number
            "required when" something else is 0 when it is not required and left out. The objects used
            in several places (\(writer.shared.map(\.name).joined(separator: ", "))) are described once, at the end.

            Contents: \(contents.joined(separator: " · "))

            \(writer.text)
            """
    }

    /// The anchor GitHub gives a heading: lower case, spaces as hyphens, other punctuation dropped.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { c -> Character? in
                c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : nil
            })
    }

    private struct Writer {
        var text = ""
        /// Every heading written, in order.
        var headings: [String] = []
        /// The named objects met so far, to describe at the end.
        var shared: [(name: String, schema: TemplateSchema)] = []
        /// The heading each unnamed object is described under (its first appearance), by identity.
        var described: [String: String] = [:]

        mutating func section(path: String, _ schema: TemplateSchema) {
            let heading = schema.name ?? "`\(path)`"
            headings.append(heading)
            text += "\n## \(heading)\n\(schema.doc)\n"
            var children: [(path: String, schema: TemplateSchema)] = []
            let current = schema.current
            if !current.isEmpty, current.allSatisfy({ $0.doc.isEmpty }) {
                // A set of words (a group of labels): the names say it all.
                let kinds = Set(current.map(\.kind.summary))
                let kind = kinds.count == 1 ? kinds.first! : "a value"
                text +=
                    "\nEvery key is required; each is a \(kind):\n"
                    + current.map { "`\($0.name)`" }.joined(separator: ", ") + ".\n"
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
            for child in children { section(path: child.path, child.schema) }
        }

        /// The value column for `kind`, and the object to describe next, if this is its first
        /// appearance and it has no name (a named one is described at the end).
        private mutating func describe(
            _ kind: TemplateKind, at path: String
        ) -> (String, (path: String, schema: TemplateSchema)?) {
            let (words, child, schema): (String, String, TemplateSchema)
            switch kind {
            case let .object(s): (words, child, schema) = ("object", path, s)
            case let .map(.object(s)): (words, child, schema) = ("object of named objects", path + ".<name>", s)
            case let .list(.object(s)): (words, child, schema) = ("list of objects", path + "[i]", s)
            default: return (kind.summary, nil)
            }
            if let name = schema.name {
                if !shared.contains(where: { $0.name == name }) { shared.append((name, schema)) }
                return ("\(words) ([\(name)](#\(anchor(name))))", nil)
            }
            if let home = described[identity(schema)] { return ("\(words) ([\(home)](#\(anchor(home))))", nil) }
            let heading = "`\(child)`"
            described[identity(schema)] = heading
            return ("\(words) ([\(heading)](#\(anchor(heading))))", (child, schema))
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
