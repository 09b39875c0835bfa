/// Small settings that choose between two looks of one part (a tile or a chip, cells below or
/// beside, a line or none), so that one layout code serves every template.

/// A straight rule: its stroke width and colour token. A width of 0 draws nothing.
public struct LineSpec: Sendable, Decodable, Equatable {
    /// Stroke width.
    public var width: Double
    /// A colour token.
    public var color: String

    enum CodingKeys: String, CodingKey, CaseIterable { case width, color }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        width = try nonNegative(c, .width)
        color = try c.decode(String.self, forKey: .color)
    }
}

/// How the league of a game is shown at the left of its card.
public struct LeagueCodeSpec: Sendable, Decodable, Equatable {
    /// The two looks of the league code.
    public enum Kind: String, Sendable, CaseIterable {
        /// The lead tile filled with the `leagueTile` colour, the code centred in it.
        case tile
        /// An outlined chip as wide as the code, in the `leagueTile` colour, on the first line.
        case chip
    }

    /// A filled tile or an outlined chip.
    public var kind: Kind
    /// The chip's height, corner radius, padding each side of the code and outline width.
    public var height, radius, paddingX, border: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, height, radius, paddingX, border }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        kind = try choice(c, .kind, Kind.self)
        // A tile takes its size from the card's lead tile; only a chip needs its own.
        let needed = kind == .chip ? "required when kind is \"chip\"" : nil
        height = try number(c, .height, requiredBecause: needed, positive: true)
        radius = try number(c, .radius, requiredBecause: needed)
        paddingX = try number(c, .paddingX, requiredBecause: needed)
        border = try number(c, .border, requiredBecause: needed, positive: true)
    }
}

/// Where a card's fact cells (check-in, check-out, confirmation) go.
public struct FactCellsSpec: Sendable, Decodable, Equatable {
    /// Where the cells go.
    public enum Placement: String, Sendable, CaseIterable {
        /// In a row under the card's title and address.
        case below
        /// In a column of their own beside the title, from `column`; below when they do not fit there.
        case beside
    }

    /// Below the name, or beside it.
    public var placement: Placement
    /// Where the cells' column starts, from the left of the card's content column.
    public var column: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case placement, column }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        placement = try choice(c, .placement, Placement.self)
        column = try number(c, .column, requiredBecause: placement == .beside ? "required when placement is \"beside\"" : nil, positive: true)
    }
}

/// A line under links, so that they read as links without colour. A width of 0 draws none.
public struct UnderlineSpec: Sendable, Decodable, Equatable {
    /// Stroke width (0: no underline).
    public var width: Double
    /// From the baseline down to the middle of the line.
    public var offset: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case width, offset }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        width = try nonNegative(c, .width)
        offset = try number(c, .offset, requiredBecause: width > 0 ? "required when width is above 0" : nil)
    }
}

/// A string that must be one of `T`'s raw values; the error lists them.
func choice<K: CodingKey, T: RawRepresentable & CaseIterable>(_ c: KeyedDecodingContainer<K>, _ key: K, _ type: T.Type) throws -> T
where T.RawValue == String {
    let word = try c.decode(String.self, forKey: key)
    guard let value = T(rawValue: word) else {
        let known = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be one of \(known)")
    }
    return value
}

/// A number of 0 or more (above 0 when `positive`) that may be left out unless `reason` says
/// why it is needed; left out, it is 0.
func number<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K, requiredBecause reason: String?, positive wantsPositive: Bool = false) throws -> Double {
    guard c.contains(key) else {
        guard let reason else { return 0 }
        throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [key], debugDescription: reason))
    }
    return wantsPositive ? try positive(c, key) : try nonNegative(c, key)
}

extension LineSpec {
    /// No rule.
    static let none = LineSpec(width: 0, color: "")

    init(width: Double, color: String) {
        self.width = width
        self.color = color
    }
}
