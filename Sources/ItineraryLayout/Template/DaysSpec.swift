/// Day by day: day headings and the cards of games, travel, lodging and plans.

/// Settings of the `days` section of a template.
public struct DaysSpec: Sendable, Decodable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool

    /// The keys this section needs under `labels.<language>.days`.
    public static let requiredLabels: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case startsNewPage }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        startsNewPage = try c.decodeIfPresent(Bool.self, forKey: .startsNewPage) ?? false
    }
}
