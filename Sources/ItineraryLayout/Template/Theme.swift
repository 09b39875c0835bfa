/// A template resolved for one trip: concrete text styles, colours and the labels of its language.
import ItineraryText

/// The template with every name looked up, ready for the layout engine.
public struct Theme: Sendable {
    public let template: Template
    public let labels: Labels
    /// The language code whose labels were chosen (`en` when the trip's has none).
    public let language: String
    public let page: PaperSize
    /// Where content goes on each page of that paper.
    public let geometry: PageGeometry
    private let styles: [String: TextStyle]
    private let uppercase: Set<String>
    /// Every colour token, parsed when the template was read.
    private let colors: [String: Color]

    /// The language code of a locale id (`es_MX`, `en-US` → `es`, `en`): what picks the labels.
    public static func language(of locale: String) -> String {
        String(locale.prefix { $0 != "_" && $0 != "-" }).lowercased()
    }

    /// The language whose labels `template` gives a trip in `locale`: its own where the template
    /// has them, else English (the fallback every template must have).
    public static func labelsLanguage(of locale: String, in template: Template) -> String {
        let language = language(of: locale)
        return template.labels[language] != nil ? language : "en"
    }

    /// - Parameters:
    ///   - locale: the trip's locale id (`es_MX`, `en-US`); its language picks the labels.
    ///   - paper: a key of the template's `papers`, or nil for the template's default.
    ///   - reservedFoot: a band at each page's foot that no text may enter (`PageGeometry.reservedFoot`).
    public init(
        template: Template, locale: String, paper: String? = nil, reservedFoot: (PaperSize) -> Double = { _ in 0 }
    ) throws(TemplateError) {
        self.template = template
        let language = Self.labelsLanguage(of: locale, in: template)
        guard let labels = template.labels[language] else {
            throw TemplateError(key: "labels.en", message: "missing; English labels are required as the fallback")
        }
        self.labels = labels
        self.language = language
        let paperName = paper ?? template.paper
        if let problem = template.paperProblem(paperName) {
            throw TemplateError(key: "papers", message: problem)
        }
        let size = template.papers[paperName]!
        page = size
        geometry = PageGeometry(template: template, paper: size, reservedFoot: reservedFoot(size))
        let colors = template.colors
        self.colors = colors
        var resolved: [String: TextStyle] = [:]
        var upper = Set<String>()
        for (name, spec) in template.styles {
            guard let color = colors[spec.color] else {
                throw TemplateError(key: "styles.\(name).color", message: "unknown color \"\(spec.color)\"")
            }
            resolved[name] = TextStyle(
                family: template.fontFamily, weight: spec.weight, italic: spec.italic,
                size: spec.size, lineHeight: spec.lineHeight, tracking: spec.tracking,
                color: color, features: spec.features)
            if spec.uppercase { upper.insert(name) }
        }
        styles = resolved
        uppercase = upper
    }

    // Names and tokens are checked when the template loads (`TemplateLoader`) and again above,
    // so a miss here is a bug in the layout's own names, not a template's.
    /// Every style the template defines, in the order of their names (for `TextEngine.prepareFonts`).
    public var allStyles: [TextStyle] { styles.sorted { $0.key < $1.key }.map(\.value) }

    public func style(named name: String) -> TextStyle {
        guard let style = styles[name] else { preconditionFailure("no text style \"\(name)\" in a validated template") }
        return style
    }
    public func color(_ token: String) -> Color {
        guard let color = colors[token] else { preconditionFailure("no colour \"\(token)\" in a validated template") }
        return color
    }

    /// A span in the style `name` (a section's role resolves to one), upper-cased when the style
    /// asks for it, optionally recoloured.
    public func span(_ text: String, named name: String, color: Color? = nil) -> StyledSpan {
        var s = StyledSpan(uppercase.contains(name) ? text.uppercased() : text, style(named: name))
        if let color { s.style.color = color }
        return s
    }
}
