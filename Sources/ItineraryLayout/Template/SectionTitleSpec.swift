/// The title that opens a section: its H1, a lead line under it, and the space around them.

/// A section's H1 with its lead line: one object, with one meaning, in every section that has a
/// title (`overview`, `days`, `progress`), drawn by `SectionContext.sectionTitle`. The words are
/// the section's `title` and `lead` labels; the styles are its role map's `h1` and `lead`.
public struct SectionTitleSpec: Sendable, TemplateSpec {
    public var visible = true
    public var spaceBefore: Double = 0
    public var leadGap: Double = 0
    public var spaceAfter: Double = 0

    static let schema = Schema(
        "A section's H1 with its lead line, in the styles of the section's roles `h1` and `lead`.",
        [
            .flag(
                "visible", \.visible, default: true,
                "print the H1 and lead; hidden, the section still names itself in the running header"),
            .number(
                "spaceBefore", \.spaceBefore, default: 0,
                "above the H1 when the section follows on (dropped at a page top; keep 0 with `startsNewPage`)"),
            .number("leadGap", \.leadGap, when: shown, "between the H1 and the lead"),
            .number(
                "spaceAfter", \.spaceAfter, when: shown,
                "below the lead, before the section's content (kept with the title)"),
            // The overview's first title object named its styles and its last space its own way.
            // (Said of the section the title is in: `days.title.style` moves to `days.styles.h1`.)
            .retired("style", "moved to `styles.h1` of this section: write the style name there"),
            .retired("lead", "moved to `styles.lead` of this section: write the style name there"),
            .retired("spaceBelow", "renamed `spaceAfter`"),
        ], name: "Section title")

    /// A hidden title takes no space, so its spaces may be left out.
    private static let shown = TemplateCondition<Self>("`visible` is true") { $0.visible }
}
