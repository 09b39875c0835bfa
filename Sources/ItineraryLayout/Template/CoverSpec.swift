/// The cover page: brand row, title, route line, meta row, route map, stat tiles.

/// Settings of the `cover` section of a template.
public struct CoverSpec: Sendable, Decodable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool

    /// The keys this section needs under `labels.<language>.cover`.
    public static let requiredLabels: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case startsNewPage }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        startsNewPage = try c.decodeIfPresent(Bool.self, forKey: .startsNewPage) ?? false
    }
}
