/// Stadium progress: the count, the bar and the visited stadiums.

/// Settings of the `progress` section of a template.
public struct ProgressSpec: Sendable, Decodable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool

    /// The keys this section needs under `labels.<language>.progressSection`.
    public static let requiredLabels: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case startsNewPage }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        startsNewPage = try c.decodeIfPresent(Bool.self, forKey: .startsNewPage) ?? false
    }
}
