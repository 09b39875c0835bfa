/// Every retired key of a template found in one pass, so that moving an old template along is
/// one round of edits rather than one run per key.
import StrictJSON

enum RetiredKeys {
    /// The retired keys `json` writes anywhere the schema reaches, in document order, each with
    /// what to write instead. Only the shape is followed here: values of the wrong type are left
    /// for the reading that follows to report.
    static func find(in json: JSONValue, kind: TemplateKind) -> [TemplateError] {
        var found: [TemplateError] = []
        var path: [String] = []
        walk(json, kind, path: &path, into: &found)
        return found
    }

    /// Refuses `json` when it writes two or more retired keys, listing them all, one per line
    /// (a single one is left for the reading, which reports it where it is read).
    static func check(_ json: JSONValue, kind: TemplateKind) throws(TemplateError) {
        let found = find(in: json, kind: kind)
        guard found.count > 1 else { return }
        throw TemplateError(
            key: "",
            message: "\(found.count) retired keys, each with what to write instead:\n"
                + found.map(\.description).joined(separator: "\n"))
    }

    /// (`path` is the one array of the walk, grown and shrunk as it goes: a path is copied only
    /// for a key found, not for each of the template's thousand members.)
    private static func walk(
        _ json: JSONValue, _ kind: TemplateKind, path: inout [String], into found: inout [TemplateError]
    ) {
        switch (kind, json) {
        case let (.object(schema), .object(members)):
            for member in members {
                guard let key = schema.key(member.key) else { continue }
                path.append(member.key)
                if case let .retired(message) = key.presence {
                    found.append(TemplateError(key: TemplateValue.text(path), message: message))
                } else {
                    walk(member.value, key.kind, path: &path, into: &found)
                }
                path.removeLast()
            }
        case let (.map(inner), .object(members)):
            for member in members {
                path.append(member.key)
                walk(member.value, inner, path: &path, into: &found)
                path.removeLast()
            }
        case let (.list(inner), .array(elements)):
            for (index, element) in elements.enumerated() {
                path.append("[\(index)]")
                walk(element, inner, path: &path, into: &found)
                path.removeLast()
            }
        default:
            break
        }
    }
}
