/// The columns of a table: how wide each one is and how its content sits in it.
import ItineraryText

/// One column of a `Table`.
public struct TableColumn: Sendable, Hashable {
    /// How wide a column is. Widths include the gap that separates the column from the next.
    public enum Width: Sendable, Hashable {
        /// A fixed width in points.
        case fixed(Double)
        /// What the fixed columns leave of the table's width, shared equally by such columns.
        case rest
    }

    public var width: Width
    /// Where each line of a cell sits between the column's left edge and its gap.
    public var alignment: TextAlignment

    public init(_ width: Width, alignment: TextAlignment = .leading) {
        self.width = width
        self.alignment = alignment
    }
}

/// Columns resolved against a table's width: where each starts and how much room its content has.
struct ColumnLayout: Sendable {
    /// Left edge of each column, from the table's left edge.
    let x: [Double]
    /// Each column's full width, gap included.
    let width: [Double]
    let gap: Double
    let alignments: [TextAlignment]

    /// The share of the table's width the `rest` columns keep however wide the others' content is.
    static let minimumRestShare = 0.2
    /// How far a fixed column grows to hold its content on one line: at most this times its width.
    static let maximumGrowth = 2.0
    /// The least share of its designed width a column with a narrow form gives up to another.
    static let minimumNarrowShare = 0.6
    /// The most lines content wider than `maximumGrowth` times its column may take for the
    /// column to grow for it.
    static let maximumWrappedLines = 3
    /// The most of the table's width a fixed column grows to for a piece of its content that no
    /// line may break inside, when that is more than `maximumGrowth` times its width.
    static let maximumPieceShare = 0.4

    /// - Parameter natural: each column's widest content set on one line (0 where unknown). A
    ///   fixed column whose content is wider grows to hold it on one line (`jue 27 de ago`, `Los
    ///   Ángeles`), taking the room from the `rest` columns down to `minimumRestShare` of the
    ///   table; when that is not enough, the columns that need least are served first (a date a
    ///   few points short gets them before a wide column that would wrap anyway). Content wider
    ///   than `maximumGrowth` times the column grows it to hold that content in as few lines as
    ///   that room allows, if those are at most `maximumWrappedLines`, and otherwise wraps in the
    ///   designed width.
    /// - Parameter wrapped: where one line would need more than `maximumGrowth` times the column,
    ///   the least width that holds its widest content in as few lines as that room does, when
    ///   those are at most `maximumWrappedLines` (`.infinity` where unknown or more).
    /// - Parameter wrapsWell: columns whose every cell has a form of its own for a narrow column
    ///   (a check-in's date over its time): they are served after the others, so a confirmation
    ///   code is kept on one line before a date and time that would only take two; and where a
    ///   column without one still lacks room, such columns give it theirs down to their widest
    ///   content in that form (`narrow`).
    /// - Parameter unbreakable: for `rest` columns, the least width their content needs to
    ///   break only between words (`Newark Liberty (EWR) →`, its arrow tied to the origin): the
    ///   fixed columns grow only as far as that leaves them (0 where unknown). For fixed
    ///   columns, the widest such piece of content too wide for them (`Donaudampfschifffahrts…`
    ///   between a code's hyphens): they may grow past `maximumGrowth` to hold it.
    init(
        columns: [TableColumn], tableWidth: Double, gap: Double, natural: [Double] = [], wrapped: [Double] = [],
        wrapsWell: [Bool] = [], narrow: [Double] = [], unbreakable: [Double] = []
    ) {
        var fixedWidths: [Double] = columns.map { if case let .fixed(w) = $0.width { return w } else { return 0 } }
        let restCount = columns.filter { $0.width == .rest }.count
        if restCount > 0 {
            // The gap after column `i` (none after the last).
            func trailing(_ i: Int) -> Double { i == columns.count - 1 ? 0 : gap }
            let growth = columns.indices.map { i -> Double in
                guard case .fixed = columns[i].width, i < natural.count else { return 0 }
                // Twice its width, or as wide as its widest piece no line may break inside (a
                // code's run of letters), up to `maximumPieceShare` of the table.
                let piece = i < unbreakable.count ? min(unbreakable[i], Self.maximumPieceShare * tableWidth) : 0
                let most = max(Self.maximumGrowth * fixedWidths[i], piece > 0 ? piece + trailing(i) : 0)
                // Content that would wrap even in twice the room takes the room for as few lines
                // as that allows, up to `maximumWrappedLines` (a long confirmation code in two or
                // three, not five); longer still (a 2,000-character city), it wraps in the designed
                // width rather than squeeze the `rest` columns.
                let needed = [natural[i], i < wrapped.count ? wrapped[i] : .infinity].map { $0 + trailing(i) }
                    .first { $0 <= most }
                return needed.map { max(0, $0 - fixedWidths[i]) } ?? 0
            }
            // What the `rest` columns keep: a share of the table, or their content's widest
            // piece that no line may break inside, with its gap, when that is more.
            let kept = columns.indices.reduce(0.0) { sum, i in
                guard columns[i].width == .rest, i < unbreakable.count, unbreakable[i] > 0 else { return sum }
                // To the next point: the growth given the fixed columns is rounded up.
                return sum + unbreakable[i].rounded(.up) + trailing(i)
            }
            let restKept = max(Self.minimumRestShare * tableWidth, kept)
            func last(_ i: Int) -> Int { i < wrapsWell.count && wrapsWell[i] ? 1 : 0 }
            // What column `j`, one whose content fits it or has a narrow form, can give: down to
            // `content` (its narrow form, or its one line), with its gap and `margin`, and never
            // below `minimumNarrowShare` of its designed width.
            func spare(_ j: Int, keeping content: [Double], margin: Double = 0) -> Double {
                guard last(j) == 1, j < content.count, case let .fixed(designed) = columns[j].width else { return 0 }
                return fixedWidths[j] - max(content[j] + trailing(j) + margin, Self.minimumNarrowShare * designed)
            }
            // Takes up to `need` from such columns and returns what it took: first the room they
            // hold beyond their one-line content, then, where `content` is their narrow form, down
            // to that. Each pass shares the need out evenly among the columns that can give, so
            // columns alike end alike (check-in and check-out both over two lines, not one of them).
            @discardableResult func take(_ need: Double, keeping content: [Double], margin: Double = 0) -> Double {
                var need = need, taken = 0.0
                for keep in content == natural ? [natural] : [natural, content] {
                    while need > 0.001 {
                        let givers = columns.indices.filter { spare($0, keeping: keep, margin: margin) > 0.001 }
                        guard !givers.isEmpty else { break }
                        let share = need / Double(givers.count)
                        for j in givers {
                            let given = min(spare(j, keeping: keep, margin: margin), share)
                            fixedWidths[j] -= given
                            need -= given
                            taken += given
                        }
                    }
                }
                return taken
            }
            // Where even the designed widths leave the `rest` columns less than that piece,
            // columns with a narrow form (or content narrower than designed) give it room first.
            take(kept - (tableWidth - fixedWidths.reduce(0, +)), keeping: narrow)
            var available = max(0, tableWidth - fixedWidths.reduce(0, +) - restKept)
            let order = columns.indices.sorted { (last($0), growth[$0], $0) < (last($1), growth[$1], $1) }
            var lacking = growth
            for i in order where growth[i] > 0 {
                let given = min(growth[i], available)
                fixedWidths[i] += (given * 100).rounded(.up) / 100
                available -= given
                lacking[i] -= given
            }
            for i in order where lacking[i] > 0.001 && last(i) == 0 {
                let taken = take(lacking[i], keeping: narrow)
                fixedWidths[i] += (taken * 100).rounded(.up) / 100
                lacking[i] -= taken
            }
            // `rest` columns whose content still wraps (a travel cell of airports six lines deep)
            // take the room fixed columns hold beyond their one-line content (a city column half
            // empty), never making one take its narrow form.
            let restWidth = max(0, tableWidth - fixedWidths.reduce(0, +)) / Double(restCount)
            let wanted = columns.indices.reduce(0.0) { sum, i in
                guard columns[i].width == .rest, i < natural.count else { return sum }
                return sum + max(0, natural[i] + trailing(i) - restWidth)
            }
            // Each keeps a hundredth more than its content measures: set at exactly its width,
            // rounding in the subtraction would break it (`Los` / `Ángeles`).
            take(wanted, keeping: natural, margin: 0.01)
        }
        let fixed = fixedWidths.reduce(0, +)
        let rest = restCount == 0 ? 0 : max(0, tableWidth - fixed) / Double(restCount)
        var x: [Double] = [], width: [Double] = []
        var left = 0.0
        for (i, column) in columns.enumerated() {
            let w: Double
            switch column.width {
            case .fixed: w = fixedWidths[i]
            case .rest: w = rest
            }
            x.append(left)
            width.append(w)
            left += w
        }
        self.x = x
        self.width = width
        self.gap = gap
        alignments = columns.map(\.alignment)
    }

    /// The content box of `span` columns starting at `index`, and the gap after it. The gap is
    /// left for the eye, except after the table's last column: its content reaches the table's edge.
    func contentBox(from index: Int, span: Int) -> (x: Double, width: Double, gap: Double) {
        let last = min(x.count, index + max(1, span)) - 1
        let full = x[last] + width[last] - x[index]
        let trailingGap = last == x.count - 1 ? 0 : min(gap, full)
        return (x[index], full - trailingGap, trailingGap)
    }
}
