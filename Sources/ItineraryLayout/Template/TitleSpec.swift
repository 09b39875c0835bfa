/// The title block at the top of the first page, for templates without a cover.

/// Settings of the `title` section. The texts use the styles `title` (the trip's name) and
/// `subtitle` (dates and traveler), and the gaps `spacing.afterTitle` and `spacing.afterTitleBlock`.
public struct TitleSpec: Sendable, TemplateObjectReadable {
    /// Where the dates and traveler go.
    public enum Facts: String, Sendable, CaseIterable {
        /// On a line of their own under the name.
        case below
        /// At the right, on the name's first baseline: the block takes one line.
        case right
    }

    public var startsNewPage: Bool
    public var facts: Facts
    public var summary: Bool
    public var maxLines: Int

    // Left out, the block is the one it always was: name, facts, summary, one under another.
    static let schema = TemplateSchema(
        "The title block at the top of the first page, for templates without a cover: the name in style `title`, the facts in `subtitle`.",
        [
            .flag("startsNewPage", default: false, "start the section on a new page"),
            .choice(
                "facts", Facts.self, default: .below,
                "the dates and traveler on a line under the name, or at the right on its first baseline (the name wraps short of them; facts wider than half the line go below)"
            ),
            .flag("summary", default: true, "the `10 days · 8 games · 6 cities` line (style `meta`) under the block"),
            .whole(
                "maxLines", 1...100, default: 2, "beyond this many lines the name, and the facts under it, end in …"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.flag("startsNewPage")
        facts = try o.choice("facts", Facts.self)
        summary = try o.flag("summary")
        maxLines = try o.whole("maxLines")
    }
}
