/// Synthetic tables for the table tests: plain text cells in a 12-pt line, the design's rules.
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryText
import TestSupport

enum TableSupport {
    nonisolated(unsafe) static let fonts: FontSet = try! FontSet(directory: TestPaths.fonts)
    /// A new engine for each use: engines are not thread-safe, and tests run in parallel.
    static var text: TextEngine { TextEngine(fontSet: fonts) }
    static let style = TextStyle(family: "Inter", size: 8.5, lineHeight: 12, features: "tnum")
    static let ink = Color(red: 0, green: 0, blue: 0)

    /// Header padding 6 and a 1 rule; rows 7/7 with 0.5 rules; a 1 rule over the totals.
    static let geometry = TableGeometry(
        columnGap: 8, overhang: 4,
        headerPadding: RowPadding(top: 0, bottom: 6), headerRule: TableRule(width: 1, color: ink),
        rowPadding: RowPadding(top: 7, bottom: 7), rowRule: TableRule(width: 0.5, color: ink),
        totalsRule: TableRule(width: 1, color: ink))
    /// A one-line row: 7 + 12 + 7, and its rule.
    static let rowPitch = 26.5
    /// A one-line header: 12 + 6, and its rule.
    static let headerHeight = 19.0

    static let columns = [TableColumn(.fixed(40)), TableColumn(.rest), TableColumn(.fixed(60), alignment: .trailing)]

    static func cell(_ s: String) -> TableCell { .text([StyledSpan(s, style)]) }

    /// `count` rows named `r0`, `r1`, …; a row listed in `lines` has that many lines in its first cell.
    static func table(rows count: Int, lines: [Int: Int] = [:], totals: Bool = false, width: Double = 500) -> Table {
        let rows = (0..<count).map { i in
            TableRow(
                [
                    TableCell((0..<(lines[i] ?? 1)).map { _ in CellParagraph([StyledSpan("r\(i)", style)]) }),
                    cell("middle \(i)"), cell("\(i * 10) mi"),
                ], link: RowLink(destination: "day-\(i + 1)", name: "Day \(i + 1)"))
        }
        return Table(
            width: width, columns: columns, geometry: geometry, header: [cell("H1"), cell("H2"), cell("H3")],
            rows: rows, totals: totals ? [cell("T1"), cell("T2"), cell("T3")] : nil, text: text)
    }

    static func texts(_ items: [DisplayItem]) -> [(text: String, at: Point)] {
        items.compactMap {
            if case let .text(spans, origin) = $0 { return (spans.map(\.text).joined(), origin) } else { return nil }
        }
    }

    static func links(_ items: [DisplayItem]) -> [(rect: Rect, destination: String)] {
        items.compactMap { if case let .internalLink(rect, d, _) = $0 { return (rect, d) } else { return nil } }
    }

    /// The table pieces placed on each page.
    static func pieces(_ pages: [PageBody]) -> [[Table]] {
        pages.map { $0.blocks.compactMap { $0.block as? Table } }
    }
}
