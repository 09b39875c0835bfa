/// What the overview's tables share: the section's settings, its words and its text roles.
import ItineraryModel
import ItineraryText

/// Builds the overview's blocks from a section context and the template's `overview` settings.
struct OverviewBuilder {
    let context: SectionContext
    let spec: OverviewSpec

    var theme: Theme { context.theme }
    var format: TripFormatter { context.format }

    /// A word of `labels.<language>.overview`.
    func label(_ key: String) -> String { context.labels.label("overview", key) }

    /// `1 day`, `10 days`: the pattern of `one…` or `many…` with the locale's digits.
    func counted(_ n: Int, one: String, many: String) -> String {
        Labels.fill(label(n == 1 ? one : many), count: "n", format.count(n))
    }

    /// The colour token of a colour role.
    func color(_ role: OverviewColor) -> Color { theme.color(spec.colors[role]) }

    /// `text` in a text role's style, upper-cased when the style asks, in another colour when given.
    func span(_ text: String, _ role: OverviewStyle, color: Color? = nil) -> StyledSpan {
        theme.span(text, named: spec.styles[role], color: color)
    }

    /// The `—` of a cell with nothing to show.
    var emptyCell: TableCell { .text([span("—", .empty)]) }

    /// A header row of caps labels, one per column, each on one line: a label a little wider
    /// than its column (`DISTANCIA`) reaches into the gap rather than break inside the word.
    func headerCells(_ keys: [String]) -> [TableCell] {
        keys.map { .figure([span(label($0), .header)]) }
    }

    /// A date that may break only after its first word: `Fri,` / `Jun 12`, `jue` / `27 de ago`.
    func dateText(_ date: CalendarDate) -> String {
        let text = format.dayDate(date)
        guard let space = text.firstIndex(of: " ") else { return text }
        return String(text[...space])
            + text[text.index(after: space)...].replacingOccurrences(of: " ", with: "\u{00A0}")
    }

    /// The body height of a page after the first: a row no taller than this (under its header) is never cut.
    var pageHeight: Double { theme.geometry.body(page: 1).height }

    /// The caps `CONTINUED` atop the rest of a row cut across a page break, in the header's style.
    var continuation: SetLine? { context.line([span(context.labels.continued, .header)]) }

    /// Paddings, rules and break rules from the template.
    var geometry: TableGeometry {
        let t = spec.table
        return TableGeometry(
            columnGap: t.columnGap, overhang: t.overhang,
            headerPadding: RowPadding(top: 0, bottom: t.headerPaddingBottom),
            headerRule: TableRule(width: t.headerRule.width, color: theme.color(t.headerRule.color)),
            rowPadding: RowPadding(top: t.rowPaddingTop, bottom: t.rowPaddingBottom),
            rowRule: TableRule(width: t.rowRule.width, color: theme.color(t.rowRule.color)),
            totalsRule: TableRule(width: t.totalsRule.width, color: theme.color(t.totalsRule.color)),
            minimumRowsUnderHeader: t.minimumRowsUnderHeader, rowsKeptWithTotals: t.rowsKeptWithTotals)
    }
}
