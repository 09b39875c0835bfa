/// A design as data: paper, margins, colours, text styles, spacing and labels from `Templates/*.json`.
import ItineraryText

/// Everything the layout engine needs to know about how an itinerary looks.
/// Decoded from a template file by `TemplateLoader`; no style value lives in Swift code.
public struct Template: Sendable, Decodable {
    public var name: String
    public var description: String?
    /// The paper used when the caller does not choose one: a key of `papers`.
    public var paper: String
    public var papers: [String: PaperSize]
    public var margins: Insets
    /// Margins of the first page (it carries no running header).
    public var firstPageMargins: Insets
    public var header: HeaderSpec
    public var footer: FooterSpec
    /// Colour tokens by name, `#RRGGBB`.
    public var colors: [String: String]
    public var fontFamily: String
    public var styles: [String: StyleSpec]
    public var spacing: Spacing
    /// Labels by language code (`en`, `es`); `en` is required and is the fallback.
    public var labels: [String: Labels]
    /// The sections to print, in order.
    public var sections: [SectionName]
    /// Each listed section's settings (a listed section must have them).
    public var cover: CoverSpec?
    public var title: TitleSpec?
    public var overview: OverviewSpec?
    public var days: DaysSpec?
    public var progress: ProgressSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, paper, papers, margins, firstPageMargins, header, footer, colors, fontFamily, styles, spacing, labels
        case sections, cover, title, overview, days, progress
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        paper = try c.decode(String.self, forKey: .paper)
        papers = try c.decode([String: PaperSize].self, forKey: .papers)
        margins = try c.decode(Insets.self, forKey: .margins)
        firstPageMargins = try c.decodeIfPresent(Insets.self, forKey: .firstPageMargins) ?? margins
        header = try c.decode(HeaderSpec.self, forKey: .header)
        footer = try c.decode(FooterSpec.self, forKey: .footer)
        colors = try c.decode([String: String].self, forKey: .colors)
        fontFamily = try c.decode(String.self, forKey: .fontFamily)
        styles = try c.decode([String: StyleSpec].self, forKey: .styles)
        spacing = try c.decode(Spacing.self, forKey: .spacing)
        labels = try c.decode([String: Labels].self, forKey: .labels)
        let names = try c.decode([String].self, forKey: .sections)
        var sections: [SectionName] = []
        for (i, name) in names.enumerated() {
            guard let section = SectionName(rawValue: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.sections, UnknownKey(stringValue: "[\(i)]")],
                    debugDescription: "unknown section \"\(name)\" (known: \(SectionName.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            sections.append(section)
        }
        self.sections = sections
        cover = try c.decodeIfPresent(CoverSpec.self, forKey: .cover)
        title = try c.decodeIfPresent(TitleSpec.self, forKey: .title)
        overview = try c.decodeIfPresent(OverviewSpec.self, forKey: .overview)
        days = try c.decodeIfPresent(DaysSpec.self, forKey: .days)
        progress = try c.decodeIfPresent(ProgressSpec.self, forKey: .progress)
        for section in sections where !hasSpec(section) {
            throw DecodingError.keyNotFound(UnknownKey(stringValue: section.rawValue),
                                            .init(codingPath: c.codingPath, debugDescription: "a listed section needs its settings"))
        }
    }

    private func hasSpec(_ section: SectionName) -> Bool {
        switch section {
        case .cover: return cover != nil
        case .title: return title != nil
        case .overview: return overview != nil
        case .days: return days != nil
        case .progress: return progress != nil
        }
    }

    /// Whether a section starts on a new page.
    public func startsNewPage(_ section: SectionName) -> Bool {
        switch section {
        case .cover: return cover?.startsNewPage ?? false
        case .title: return title?.startsNewPage ?? false
        case .overview: return overview?.startsNewPage ?? false
        case .days: return days?.startsNewPage ?? false
        case .progress: return progress?.startsNewPage ?? false
        }
    }
}

public struct PaperSize: Sendable, Decodable, Equatable {
    public var width: Double
    public var height: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case width, height }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        width = try positive(c, .width)
        height = try positive(c, .height)
    }
}

public struct Insets: Sendable, Decodable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case top, right, bottom, left }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        top = try nonNegative(c, .top)
        right = try nonNegative(c, .right)
        bottom = try nonNegative(c, .bottom)
        left = try nonNegative(c, .left)
    }
}

/// The running header: a line of small print and a rule under it, from the second page on.
public struct HeaderSpec: Sendable, Decodable {
    /// Distance from the page top to the top of the header's line box.
    public var textTop: Double
    /// Distance from the text top down to the rule.
    public var ruleOffset: Double
    public var ruleWidth: Double
    public var style: String
    public var ruleColor: String

    enum CodingKeys: String, CodingKey, CaseIterable { case textTop, ruleOffset, ruleWidth, style, ruleColor }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        textTop = try nonNegative(c, .textTop)
        ruleOffset = try nonNegative(c, .ruleOffset)
        ruleWidth = try nonNegative(c, .ruleWidth)
        style = try c.decode(String.self, forKey: .style)
        ruleColor = try c.decode(String.self, forKey: .ruleColor)
    }
}

/// The footer: the wordmark at the left, "Page N of M" at the right.
public struct FooterSpec: Sendable, Decodable {
    /// Distance from the page bottom up to the top of the footer's line box.
    public var textTopFromBottom: Double
    public var style: String
    public var wordmarkStyle: String
    /// Diameter of the wordmark's disc.
    public var wordmarkDisc: Double
    public var wordmarkColor: String
    /// The product name printed beside the disc.
    public var wordmark: String
    /// Whether the first page carries the footer (a cover does not; it still counts as page 1).
    public var onFirstPage: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case textTopFromBottom, style, wordmark, wordmarkStyle, wordmarkDisc, wordmarkColor, onFirstPage }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        textTopFromBottom = try nonNegative(c, .textTopFromBottom)
        style = try c.decode(String.self, forKey: .style)
        wordmarkStyle = try c.decode(String.self, forKey: .wordmarkStyle)
        wordmarkDisc = try nonNegative(c, .wordmarkDisc)
        wordmarkColor = try c.decode(String.self, forKey: .wordmarkColor)
        wordmark = try c.decode(String.self, forKey: .wordmark)
        onFirstPage = try c.decodeIfPresent(Bool.self, forKey: .onFirstPage) ?? true
    }
}

/// A named text style; `color` names a colour token.
public struct StyleSpec: Sendable, Decodable {
    public var weight: Int
    public var italic: Bool
    public var size: Double
    public var lineHeight: Double
    public var tracking: Double
    public var color: String
    public var features: String
    public var uppercase: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case weight, italic, size, lineHeight, tracking, color, features, uppercase }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        weight = try c.decodeIfPresent(Int.self, forKey: .weight) ?? 400
        guard (100...900).contains(weight) else {
            throw DecodingError.dataCorruptedError(forKey: .weight, in: c, debugDescription: "must be between 100 and 900")
        }
        italic = try c.decodeIfPresent(Bool.self, forKey: .italic) ?? false
        size = try positive(c, .size)
        lineHeight = try positive(c, .lineHeight)
        tracking = try c.decodeIfPresent(Double.self, forKey: .tracking) ?? 0
        color = try c.decode(String.self, forKey: .color)
        features = try c.decodeIfPresent(String.self, forKey: .features) ?? ""
        uppercase = try c.decodeIfPresent(Bool.self, forKey: .uppercase) ?? false
    }
}

/// The gaps of the `title` section.
public struct Spacing: Sendable, Decodable {
    /// Between the trip's name and the line of dates and traveler under it; with the facts at
    /// the right, the least room between the name and them.
    public var afterTitle: Double
    /// Below the title block.
    public var afterTitleBlock: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case afterTitle, afterTitleBlock }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        afterTitle = try nonNegative(c, .afterTitle)
        afterTitleBlock = try nonNegative(c, .afterTitleBlock)
    }
}
