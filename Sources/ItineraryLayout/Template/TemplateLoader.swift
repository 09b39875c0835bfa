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
}

/// The text style names the layout engine asks a template for by name (the `title` section's);
/// every other style is named by the settings that use it.
public enum StyleName: String, CaseIterable, Sendable {
    case title, subtitle, meta
}

public enum TemplateLoader {
    /// Decodes and checks a template. Every style, colour and paper named anywhere must exist.
    public static func load(_ data: Data) throws(TemplateError) -> Template {
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            throw TemplateError(key: "", message: "not valid JSON at line \(error.line), column \(error.column): \(error.reason)")
        }
        let template = try Template(TemplateValue(json: json, path: []))
        try check(template)
        return template
    }

    static func check(_ t: Template) throws(TemplateError) {
        guard t.papers[t.paper] != nil else {
            throw TemplateError(key: "paper", message: "\"\(t.paper)\" is not one of papers (\(t.papers.keys.sorted().joined(separator: ", ")))")
        }
        for (name, hex) in t.colors.sorted(by: { $0.key < $1.key }) where Color(hex: hex) == nil {
            throw TemplateError(key: "colors.\(name)", message: "expected \"#RRGGBB\", got \"\(hex)\"")
        }
        for name in StyleName.allCases where t.styles[name.rawValue] == nil {
            throw TemplateError(key: "styles.\(name.rawValue)", message: "required style is missing")
        }
        for (name, style) in t.styles.sorted(by: { $0.key < $1.key }) where t.colors[style.color] == nil {
            throw TemplateError(key: "styles.\(name).color", message: "unknown color \"\(style.color)\"")
        }
        for (key, style) in [("header.style", t.header.style), ("footer.style", t.footer.style), ("footer.wordmarkStyle", t.footer.wordmarkStyle)]
        where t.styles[style] == nil {
            throw TemplateError(key: key, message: "unknown style \"\(style)\"")
        }
        for (key, color) in [("header.ruleColor", t.header.ruleColor), ("footer.wordmarkColor", t.footer.wordmarkColor)]
        where t.colors[color] == nil {
            throw TemplateError(key: key, message: "unknown color \"\(color)\"")
        }
        if let cover = t.cover {
            for (key, style) in cover.styleReferences where t.styles[style] == nil {
                throw TemplateError(key: "cover.\(key)", message: "unknown style \"\(style)\"")
            }
            for (key, color) in cover.colorReferences where t.colors[color] == nil {
                throw TemplateError(key: "cover.\(key)", message: "unknown color \"\(color)\"")
            }
        }
        // Section settings name styles and colour tokens by role; each must exist.
        for (key, style) in (t.days?.styleReferences ?? []) + (t.progress?.styleReferences ?? []) where t.styles[style] == nil {
            throw TemplateError(key: key, message: "unknown style \"\(style)\"")
        }
        for (key, color) in (t.days?.colorReferences ?? []) + (t.progress?.colorReferences ?? []) where t.colors[color] == nil {
            throw TemplateError(key: key, message: "unknown color \"\(color)\"")
        }
        // The styles and colour tokens the overview's settings name.
        for (key, style) in t.overview?.styleReferences ?? [] where t.styles[style] == nil {
            throw TemplateError(key: "overview.\(key)", message: "unknown style \"\(style)\"")
        }
        for (key, color) in t.overview?.colorReferences ?? [] where t.colors[color] == nil {
            throw TemplateError(key: "overview.\(key)", message: "unknown color \"\(color)\"")
        }
        // Geometry that leaves room to set text: a body frame at least 2 inches each way on
        // every paper, text no larger than 2 inches.
        for (name, paper) in t.papers.sorted(by: { $0.key < $1.key }) {
            for (key, m) in [("margins", t.margins), ("firstPageMargins", t.firstPageMargins)] {
                let width = paper.width - m.left - m.right, height = paper.height - m.top - m.bottom
                guard width >= 144, height >= 144 else {
                    throw TemplateError(key: key, message: "leave a body of \(Int(width)) × \(Int(height)) pt on \(name) paper; at least 144 × 144 is needed")
                }
            }
        }
        // Flowing content is set at one width (PageGeometry.flowWidth): unless a cover has the
        // first page to itself, that page must be as wide as the others.
        if t.sections.first != .cover {
            let first = t.firstPageMargins.left + t.firstPageMargins.right, other = t.margins.left + t.margins.right
            guard abs(first - other) < 0.001 else {
                throw TemplateError(key: "firstPageMargins", message: "left + right is \(first) pt but the other pages' is \(other) pt: without a cover first, the first page holds flowing content, which is set at one width")
            }
        }
        for (name, style) in t.styles.sorted(by: { $0.key < $1.key }) {
            guard style.size <= 144 else { throw TemplateError(key: "styles.\(name).size", message: "must be at most 144 pt") }
            guard style.lineHeight <= 144 else { throw TemplateError(key: "styles.\(name).lineHeight", message: "must be at most 144 pt") }
        }
        guard t.labels["en"] != nil else {
            throw TemplateError(key: "labels.en", message: "English labels are required: they are the fallback for every locale")
        }
        for (lang, labels) in t.labels.sorted(by: { $0.key < $1.key }) {
            // Only the sections the template prints need their words: a template without a
            // cover carries no map labels.
            let listed: [(section: SectionName, key: String, required: [String])] = [
                (.cover, "cover", CoverSpec.requiredLabels), (.overview, "overview", OverviewSpec.requiredLabels),
                (.days, "days", DaysSpec.requiredLabels), (.progress, "progressSection", ProgressSpec.requiredLabels),
            ].filter { t.sections.contains($0.section) }
            for (section, key, required) in listed {
                for name in required where labels.sections[section.rawValue]?[name] == nil {
                    throw TemplateError(key: "labels.\(lang).\(key).\(name)", message: "required label is missing")
                }
            }
            // The day headings count legs in the overview's words.
            if t.sections.contains(.days) {
                for name in OverviewSpec.legLabels.flatMap({ [$0.one, $0.many] }) where labels.sections["overview"]?[name] == nil {
                    throw TemplateError(key: "labels.\(lang).overview.\(name)", message: "required label is missing (the day headings count legs with it)")
                }
            }
            // The venue nouns of every kind the progress section can print.
            for kind in t.progress?.venueKindsUsed ?? [] {
                for name in ProgressSpec.labelKeys(kind: kind) where labels.sections["progress"]?[name] == nil {
                    throw TemplateError(key: "labels.\(lang).progressSection.\(name)", message: "required label is missing")
                }
            }
            // Every travel mode, every custom category but `other` (which prints no label), and the
            // words of the title's summary.
            for (field, keys) in [("modes", ["drive", "flight", "train", "bus", "walk", "other"]),
                                  ("categories", ["restaurant", "activity", "note"]),
                                  ("summary", ["days", "day", "games", "game", "cities", "city"])] {
                let dict = field == "modes" ? labels.modes : field == "categories" ? labels.categories : labels.summary
                for key in keys where dict[key] == nil {
                    throw TemplateError(key: "labels.\(lang).\(field).\(key)", message: "required label is missing")
                }
            }
        }
    }
}
