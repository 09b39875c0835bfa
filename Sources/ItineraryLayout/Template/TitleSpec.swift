/// The title block at the top of the first page, for templates without a cover.

/// Settings of the `title` section: its layout, its gaps and the styles of its three texts,
/// named in a role map as every other section's are.
public struct TitleSpec: Sendable, TemplateSpec {
    /// Where the dates and traveler go.
    public enum Facts: String, Sendable, CaseIterable {
        /// On a line of their own under the name.
        case below
        /// At the right, on the name's first baseline: the block takes one line.
        case right
    }

    public var startsNewPage: Bool = false
    public var facts = Facts.below
    public var summary: Bool = false
    public var maxLines: Int = 0
    public var nameGap: Double = 0
    public var spaceAfter: Double = 0
    public var styles: RoleMap<TitleStyle> = RoleMap()

    // Left out, the block is the one it always was: name, facts, summary, one under another.
    static let schema = Schema(
        "The title block at the top of the first page, for templates without a cover: the trip's name, its dates and traveler (the facts), and a summary line.",
        [
            .flag("startsNewPage", \.startsNewPage, default: false, "start the section on a new page"),
            .choice(
                "facts", \.facts, default: .below,
                "the dates and traveler on a line under the name, or at the right on its first baseline (the name wraps short of them; facts wider than half the line go below)"
            ),
            .flag(
                "summary", \.summary, default: true,
                "the `10 days · 8 games · 6 cities` line under the block"),
            .whole(
                "maxLines", \.maxLines, 1...100, default: 2,
                "beyond this many lines the name, and the facts under it, end in …"),
            .number(
                "nameGap", \.nameGap,
                "between the name and the facts under it; with the facts at the right, the least room between them"),
            .number("spaceAfter", \.spaceAfter, "below the block"),
            .part("styles", \.styles, "a style for every text role of the title block"),
        ])
}

/// The title block's text roles.
public enum TitleStyle: String, TemplateRoleSet {
    case name, facts, summary

    public var meaning: String {
        switch self {
        case .name: "the trip's name (or its route)"
        case .facts: "the trip's dates and traveler, `Jun 12 – 21, 2026 · Alex`"
        case .summary: "the summary line, `10 days · 8 games · 6 cities`"
        }
    }
}
