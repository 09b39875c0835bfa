/// The progress section's template settings resolved once: styles, colours, venue nouns.
import ItineraryModel
import ItineraryText

/// Everything the progress page shares. Built from a `SectionContext` and the template's `progress` settings.
struct ProgressBuilder {
    let ctx: SectionContext
    let spec: ProgressSpec
    let progress: Progress

    func style(_ role: ProgressStyle) -> TextStyle { ctx.theme.style(named: spec.styles[role]) }
    func color(_ role: ProgressColor) -> Color { ctx.theme.color(spec.colors[role]) }

    /// A span in a role's style (upper-cased when the style asks for it), optionally recoloured.
    func span(_ text: String, _ role: ProgressStyle, color: Color? = nil) -> StyledSpan {
        ctx.theme.span(text, named: spec.styles[role], color: color)
    }

    func line(_ spans: [StyledSpan], maxWidth: Double? = nil) -> SetLine? { ctx.line(spans, maxWidth: maxWidth) }

    func lines(_ spans: [StyledSpan], width: Double) -> [SetLine] { ctx.text.setParagraph(spans, width: width) }
    func baseline(_ role: ProgressStyle) -> Double { ctx.text.lineBox([style(role)]).baseline }

    // MARK: Words

    /// A word of the `progress` labels, with `{placeholders}` filled.
    func label(_ key: String, _ values: [String: String] = [:]) -> String {
        Labels.fill(ctx.labels.label("progress", key), values)
    }

    /// The league's venue kind (`ballpark`, `arena`, `stadium`).
    var venueKind: String { spec.venueKind(league: progress.league) }
    /// `ballpark` / `ballparks` in the trip's language.
    var venueOne: String { label(venueKind + "One") }
    var venueOther: String { label(venueKind + "Other") }
    /// The league's full name, or its code when the labels have none.
    var leagueName: String {
        ctx.leagueName(progress.league, labels: "progress") ?? progress.league
    }

    /// The placeholders every progress label may use.
    var words: [String: String] {
        [
            "league": progress.league, "leagueName": leagueName, "venueOne": venueOne, "venueOther": venueOther,
            "total": ctx.format.count(progress.totalStadiums), "visited": ctx.format.count(progress.visitedCount),
        ]
    }
}
