/// Loading a template from JSON bytes and checking that everything it names exists.
import Foundation
import ItineraryModel
import ItineraryText
import StrictJSON

/// A template that cannot be used, with the key at fault.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// Dotted key path such as `styles.body.size`; empty for the document.
    public var key: String
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { key.isEmpty ? message : "\(key): \(message)" }

    /// The problem the shared object reader found, in its words.
    init(_ problem: JSONProblem) { self.init(key: problem.path.text, message: problem.message) }
}

/// Turns a template's JSON bytes into a `Template`, checked across keys: named styles, colours and
/// paper exist, the margins leave room to set text, and every listed section has its words.
public enum TemplateLoader {
    /// Decodes and checks a template. Every style, colour and paper named anywhere must exist.
    public static func load(_ data: Data) throws(TemplateError) -> Template {
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            throw TemplateError(
                key: "", message: "not valid JSON at line \(error.line), column \(error.column): \(error.reason)")
        }
        try RetiredKeys.check(json, kind: Template.kind)
        let reading = TemplateReading()
        let template = try Template(TemplateValue(json: json, path: [], reading: reading))
        try check(template, reading)
        return template
    }

    /// " (did you mean "x"?)" for a name a few edits from one the template has.
    private static func suggestion(_ name: String, among names: Dictionary<String, some Any>.Keys) -> String {
        KeySuggestion.closest(to: name, among: names.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The checks across keys: names that must exist, geometry that must leave room, the words
    /// each listed section needs.
    static func check(_ t: Template, _ reading: TemplateReading) throws(TemplateError) {
        guard t.papers[t.paper] != nil else {
            throw TemplateError(
                key: "paper",
                message: "\"\(t.paper)\" is not one of papers (\(t.papers.keys.sorted().joined(separator: ", ")))")
        }
        // Every key declared as a style name or a colour token recorded what it names.
        for reference in reading.styles where t.styles[reference.name] == nil {
            throw TemplateError(
                key: reference.key,
                message: "unknown style \"\(reference.name)\"" + suggestion(reference.name, among: t.styles.keys))
        }
        for reference in reading.colors where t.colors[reference.name] == nil {
            throw TemplateError(
                key: reference.key,
                message: "unknown colour token \"\(reference.name)\"" + suggestion(reference.name, among: t.colors.keys)
            )
        }
        // Geometry that leaves room to set text: a body frame at least 2 inches each way on
        // every paper.
        for (name, paper) in t.papers.sorted(by: { $0.key < $1.key }) {
            for (key, m) in [("margins", t.margins), ("firstPageMargins", t.firstPageMargins)] {
                let width = paper.width - m.left - m.right, height = paper.height - m.top - m.bottom
                guard width >= 144, height >= 144 else {
                    throw TemplateError(
                        key: key,
                        message:
                            "leave a body of \(Int(width)) × \(Int(height)) pt on \(name) paper; at least 144 × 144 is needed"
                    )
                }
            }
        }
        // Flowing content is set at one width (PageGeometry.flowWidth): unless a cover has the
        // first page to itself, that page must be as wide as the others.
        if t.sections.first != .cover {
            let first = t.firstPageMargins.left + t.firstPageMargins.right, other = t.margins.left + t.margins.right
            guard abs(first - other) < 0.001 else {
                throw TemplateError(
                    key: "firstPageMargins",
                    message:
                        "left + right is \(first) pt but the other pages' is \(other) pt: without a cover first, the first page holds flowing content, which is set at one width"
                )
            }
        }
        guard t.labels["en"] != nil else {
            throw TemplateError(
                key: "labels.en", message: "English labels are required: they are the fallback for every locale")
        }
        for (language, labels) in t.labels.sorted(by: { $0.key < $1.key }) {
            // Only the sections the template prints need their words: a template without a
            // cover carries no map labels. The group's own schema required its keys.
            for group in Labels.keyedGroups where !labels.has(group.name) {
                guard let section = group.sections.first(where: t.sections.contains) else { continue }
                throw TemplateError(
                    key: "labels.\(language).\(group.name)",
                    message:
                        "required when \(Labels.listed(group.sections)) (the template lists the \(section.rawValue) section)"
                )
            }
            // The nouns of every venue kind the progress section can print.
            if t.sections.contains(.progress) {
                for kind in t.progress?.venueKindsUsed ?? [] {
                    for suffix in Labels.venueNouns where labels.words("progress")[kind + suffix] == nil {
                        throw TemplateError(
                            key: "labels.\(language).progress.\(kind + suffix)",
                            message: "required key is missing (a venue kind of `progress.venueKinds`)")
                    }
                }
            }
        }
    }
}
