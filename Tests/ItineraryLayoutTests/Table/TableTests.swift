/// The table block: column widths, rows, links, and how it breaks across pages.
import DisplayList
import ItineraryLayout
import ItineraryText
import Testing

private typealias S = TableSupport

@Suite("Table")
struct TableTests {
    @Test("fixed widths, the rest, right alignment and the last column's missing gap")
    func widths() throws {
        let table = S.table(rows: 1)
        let texts = S.texts(table.draw(at: Point(x: 10, y: 0)))
        let r0 = try #require(texts.first { $0.text == "r0" })
        let middle = try #require(texts.first { $0.text == "middle 0" })
        let figure = try #require(texts.first { $0.text == "0 mi" })
        #expect(r0.at.x == 10)
        #expect(middle.at.x == 50)
        // The rest: 500 − 40 − 60 = 400, so the last column starts at 440; right-aligned with no
        // gap after it, its text ends at the table's right edge.
        let width = S.text.advance(of: [StyledSpan("0 mi", S.style)])
        #expect(abs(figure.at.x + width - 510) < 0.001)
        // Without totals the last row keeps its rule, closing the table.
        #expect(table.height == S.headerHeight + 26.5)
    }

    @Test("cells wrap within their column, and a row is as tall as its tallest cell")
    func wrapping() {
        let long = String(repeating: "wrapping words ", count: 12)
        let table = Table(
            width: 500, columns: S.columns, geometry: S.geometry, header: nil,
            rows: [TableRow([S.cell("x"), S.cell(long), S.cell("y")])], text: S.text)
        let lines = S.texts(table.draw(at: Point(x: 0, y: 0))).filter { $0.text.contains("wrapping") }
        #expect(lines.count > 1)
        // The wrapping rest column takes the room its neighbours hold beyond their one letter,
        // down to 60 % of their widths (24 and 36): 440, less its gap.
        #expect(lines.allSatisfy { abs($0.at.x - 24) < 0.001 }, "\(lines)")
        for line in lines {
            #expect(S.text.advance(of: [StyledSpan(line.text, S.style)]) <= 432 + 0.01)
        }
        #expect(table.height == 14 + Double(lines.count) * 12 + 0.5)
    }

    @Test("content wider than its column less the gap grows the column like content wider than the column")
    func contentIntoTheGap() throws {
        // `Mo. 21. Sept.`: narrower than its 40-point column, wider than its 32-point content
        // box: it grows, and is set on one line.
        var date = "Mo. 21. Sept."
        while S.text.advance(of: [StyledSpan(date, S.style)]) > 38 { date.removeFirst() }
        let width = S.text.advance(of: [StyledSpan(date, S.style)])
        try #require(width > 33)
        // A narrow table whose rest column keeps a long word: the date's room comes from the
        // last column's, beyond its one letter.
        let long = "Supercalifragilisticexpialidocious and more words to wrap"
        let table = Table(
            width: 220, columns: S.columns, geometry: S.geometry, header: nil,
            rows: [TableRow([S.cell(date), S.cell(long), S.cell("y")])], text: S.text)
        let texts = S.texts(table.draw(at: Point(x: 0, y: 0)))
        #expect(texts.contains { $0.text == date }, "\(texts.map(\.text))")
    }

    @Test("a fixed column grows past twice its width to hold a code's longest run of letters whole")
    func codeRunWhole() throws {
        let code = "BH-MUC-Donaudampfschifffahrtsgesellschaft-2026"
        let run = "Donaudampfschifffahrtsgesellschaft-"
        try #require(S.text.advance(of: [StyledSpan(run, S.style)]) > 2 * 60)
        let table = Table(
            width: 500, columns: S.columns, geometry: S.geometry, header: nil,
            rows: [TableRow([S.cell("x"), S.cell("Hotel Bayerischer Hof"), S.cell(code)])], text: S.text)
        let lines = S.texts(table.draw(at: Point(x: 0, y: 0))).map { LineBreaks.plain($0.text) }.filter {
            code.contains($0) && $0.count > 1
        }
        #expect(lines.joined() == code, "\(lines)")
        #expect(lines.contains(run), "\(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("-") }, "\(lines)")
    }

    @Test("a right-to-left paragraph on several lines in a cell ends every line flush at the right of its column")
    func rightToLeftCellFlushRight() throws {
        let hebrew = String(repeating: "מלון הים הגדול של תל אביב ליד הנמל ", count: 3)
        let table = Table(
            width: 300, columns: S.columns, geometry: S.geometry, header: nil,
            rows: [TableRow([S.cell("x"), S.cell(hebrew), S.cell("y")])], text: S.text)
        let lines = S.texts(table.draw(at: Point(x: 0, y: 0))).filter {
            $0.text.contains("מלון") || $0.text.contains("הנמל")
        }
        try #require(lines.count >= 2)
        let ends = lines.map { $0.at.x + S.text.advance(of: [StyledSpan($0.text, S.style)]) }
        #expect(ends.allSatisfy { abs($0 - ends[0]) < 0.5 }, "\(ends)")
    }

    @Test("first baselines line up across cells of different styles")
    func baselines() {
        let big = TextStyle(family: "Inter", size: 13, lineHeight: 17)
        let table = Table(
            width: 500, columns: S.columns, geometry: S.geometry, header: nil,
            rows: [TableRow([.text([StyledSpan("Big", big)]), S.cell("small"), S.cell("small too")])], text: S.text)
        let ys = Set(S.texts(table.draw(at: Point(x: 0, y: 0))).map(\.at.y))
        #expect(ys.count == 1)
    }

    @Test("every row links its whole box to its destination")
    func links() {
        let table = S.table(rows: 3, lines: [1: 2])
        let links = S.links(table.draw(at: Point(x: 54, y: 100)))
        #expect(links.map(\.destination) == ["day-1", "day-2", "day-3"])
        #expect(links.allSatisfy { $0.rect.x == 54 && $0.rect.width == 500 })
        // Each box starts under the previous row's rule and covers the row's padding.
        let top = 100 + S.headerHeight
        #expect(links.map(\.rect.y) == [top, top + 26.5, top + 26.5 + 38.5])
        #expect(links.map(\.rect.height) == [26, 38, 26])
    }

    @Test("the header is drawn again at the top of every page the table continues on")
    func headerRepeats() {
        let pages = Paginator { _ in 200 }.paginate([S.table(rows: 20)])
        #expect(pages.count > 2)
        for piece in S.pieces(pages).map({ $0[0] }) {
            let texts = S.texts(piece.draw(at: Point(x: 0, y: 0)))
            #expect(texts.first?.text == "H1")
            #expect(texts.filter { $0.text.hasPrefix("H") }.count == 3)
        }
    }

    @Test("a header never ends a page with fewer than 2 rows under it")
    func noLonelyHeader() {
        // 100 tall, 40 used: the header and one row (45.5) fit, the header and two rows (72) do not.
        let pages = Paginator { _ in 100 }.paginate([Canvas(height: 40, items: []), S.table(rows: 6)])
        #expect(S.pieces(pages)[0].isEmpty)
        for (i, pieces) in S.pieces(pages).enumerated() where !pieces.isEmpty {
            #expect(pieces[0].rows.count >= 2, "page \(i)")
        }
    }

    @Test("a repeated header never tops a page with fewer than 2 rows under it: a 3-row table is not split 2 + 1")
    func noLonelyLastRow() {
        // 100 tall, 20 used: the header and two rows (72) fit, the header and three (98.5) do
        // not; all three go to the next page, where they fit, rather than leave one alone.
        let pages = Paginator { _ in 100 }.paginate([Canvas(height: 20, items: []), S.table(rows: 3)])
        #expect(S.pieces(pages).map { $0.map(\.rows) } == [[], [0..<3]])
        // A longer table still breaks where it fills the page, with 2 or more rows on each.
        for rows in 4...9 {
            let pieces = S.pieces(
                Paginator { _ in 100 }.paginate([Canvas(height: 20, items: []), S.table(rows: rows)]))
            let counts = pieces.flatMap { $0.map(\.rows.count) }
            #expect(counts.reduce(0, +) == rows && counts.allSatisfy { $0 >= 2 }, "\(rows): \(counts)")
        }
    }

    @Test("rows never split: a tall row goes to the next page whole")
    func rowsStayWhole() {
        // Row 3 has 8 lines (110 tall): it does not fit under rows 0–2 on a 200 page.
        let pages = Paginator { _ in 200 }.paginate([S.table(rows: 8, lines: [3: 8])])
        let ranges = S.pieces(pages).map { $0[0].rows }
        #expect(ranges.first == 0..<3)
        #expect(ranges.dropFirst().first?.lowerBound == 3)
        for (page, pieces) in S.pieces(pages).enumerated() {
            let r3 = S.texts(pieces[0].draw(at: Point(x: 0, y: 0))).filter { $0.text == "r3" }
            #expect(r3.isEmpty || r3.count == 8, "page \(page)")
            #expect(pieces[0].height <= 200)
        }
    }

    @Test("the totals row stays on the page of the last 2 rows")
    func totalsKeepTheirRows() {
        // Header 19 + 10 rows (264.5 with the last row's rule dropped) = 283.5: the rows fit a
        // 290 page, but not with the 27-tall totals. Taking 9 rows would leave 1; take 8.
        let pages = Paginator { _ in 290 }.paginate([S.table(rows: 10, totals: true)])
        let pieces = S.pieces(pages).map { $0[0] }
        #expect(pieces.map(\.rows) == [0..<8, 8..<10])
        let last = S.texts(pieces[1].draw(at: Point(x: 0, y: 0))).map(\.text)
        #expect(last.contains("T1"))
        #expect(!S.texts(pieces[0].draw(at: Point(x: 0, y: 0))).map(\.text).contains("T1"))
    }

    @Test("a 366-row table flows page after page: every row once, in order, each page full")
    func longTable() {
        let table = S.table(rows: 366, totals: true)
        let frame = 648.0
        let pages = Paginator { _ in frame }.paginate([table])
        let ranges = S.pieces(pages).map { $0[0].rows }
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == 366)
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        // Header 19 + 23 rows × 26.5 = 628.5 ≤ 648 < 655: 23 rows on each full page.
        #expect(ranges.dropLast().allSatisfy { $0.count == 23 })
        #expect(pages.count == 16)
        #expect(S.pieces(pages).allSatisfy { $0.count == 1 && $0[0].height <= frame })
    }

    @Test("a title kept with the table needs room for the header and 2 rows under it")
    func titleKeptWithRows() {
        // 30 used of 100: title 20 + header 19 + 2 rows 53 = 92 does not fit in 70.
        let title = Canvas(height: 20, keepWithNext: true, items: [])
        let pages = Paginator { _ in 100 }.paginate([Canvas(height: 30, items: []), title, S.table(rows: 5)])
        #expect(pages[0].blocks.count == 1)
        #expect(pages[1].blocks.first?.block.height == 20)
    }

    @Test("rows too tall for any page still break between rows, one by one")
    func tallRows() {
        // Header 19 + two 8-line rows (110.5 each) exceed a 200 page: each page takes one row.
        let pages = Paginator { _ in 200 }.paginate([S.table(rows: 3, lines: [0: 8, 1: 8, 2: 8])])
        #expect(S.pieces(pages).map { $0[0].rows } == [0..<1, 1..<2, 2..<3])
        #expect(!pages.contains { $0.overflows })
    }

    @Test("a cell that would wrap is set from its alternative paragraphs")
    func whenWrapping() {
        let long = [StyledSpan(String(repeating: "date and time ", count: 8), S.style)]
        let cell = TableCell(
            [CellParagraph(long)],
            whenWrapping: [
                CellParagraph([StyledSpan("date", S.style)]),
                CellParagraph([StyledSpan("time", S.style)]),
            ])
        let table = Table(
            width: 200, columns: [TableColumn(.rest)], geometry: S.geometry, header: nil, rows: [TableRow([cell])],
            text: S.text)
        #expect(S.texts(table.draw(at: Point(x: 0, y: 0))).map(\.text) == ["date", "time"])
    }

    @Test("tabbed text starts at its stop, or follows longer text, or takes a line of its own")
    func tabs() {
        func cell(_ lead: String) -> TableCell {
            TableCell([
                CellParagraph(
                    [StyledSpan(lead, S.style)],
                    tab: CellTab(position: 56, minimumGap: 6, spans: [StyledSpan("6:40 PM", S.style)]))
            ])
        }
        // Both fixed: with a `rest` column the first would grow to hold the longest matchup.
        let columns = [TableColumn(.fixed(100)), TableColumn(.fixed(200))]
        let table = Table(
            width: 300, columns: columns, geometry: S.geometry, header: nil,
            rows: [
                TableRow([cell("MIN @ CHC")]), TableRow([cell("LONGER ONE")]),
                TableRow([cell("A MUCH LONGER MATCHUP NAME")]),
            ],
            text: S.text)
        let times = S.texts(table.draw(at: Point(x: 0, y: 0))).filter { $0.text == "6:40 PM" }
        let leads = S.texts(table.draw(at: Point(x: 0, y: 0))).filter { $0.text != "6:40 PM" }
        #expect(times.count == 3)
        #expect(times[0].at.x == 56)
        #expect(times[0].at.y == leads[0].at.y)
        // Past the stop it follows the text; with no room left in the cell it goes under, at the stop.
        let longer = S.text.advance(of: [StyledSpan("LONGER ONE", S.style)])
        #expect(longer + 6 > 56)
        #expect(abs(times[1].at.x - (longer + 6)) < 0.001 && times[1].at.y == leads[1].at.y)
        #expect(times[2].at.x == 56 && times[2].at.y > leads.last!.at.y)
    }
}

@Suite("Table rows taller than a page")
struct TallRowTests {
    /// A table whose second row has `lines` lines in its first cell, with the `CONTINUED` cue.
    private func table(lines: Int, page: Double) -> Table {
        let text = S.text
        let cue = text.setParagraph([StyledSpan("CONTINUED", S.style)], width: nil).first
        let rows = (0..<3).map { i in
            TableRow(
                [
                    TableCell(
                        (0..<(i == 1 ? lines : 1)).map { n in CellParagraph([StyledSpan("r\(i) line \(n)", S.style)]) }),
                    S.cell("middle \(i)"), S.cell("\(i * 10) mi"),
                ], link: RowLink(destination: "day-\(i + 1)", name: "Day \(i + 1)"))
        }
        return Table(
            width: 500, columns: S.columns, geometry: S.geometry, header: [S.cell("H1"), S.cell("H2"), S.cell("H3")],
            rows: rows, totals: [S.cell("T1"), S.cell("T2"), S.cell("T3")], text: text, pageHeight: page,
            continuation: cue)
    }

    @Test("is cut between its lines: the header repeats, the rest opens with the cue, nothing is lost")
    func cutRow() {
        let page = 300.0
        let t = table(lines: 40, page: page)
        let pages = Paginator { _ in page }.paginate([Canvas(height: 100, items: []), t])
        let pieces = S.pieces(pages).flatMap { $0 }
        #expect(pieces.count >= 3)
        var seen: [String] = []
        for (i, piece) in pieces.enumerated() {
            #expect(piece.height <= page + 0.001, "piece \(i) is \(piece.height) tall")
            let texts = S.texts(piece.draw(at: Point(x: 0, y: 0))).map(\.text)
            #expect(Array(texts.prefix(3)) == ["H1", "H2", "H3"], "piece \(i) repeats the header")
            #expect(texts.contains("CONTINUED") == (i > 0), "piece \(i)")
            seen += texts.filter { $0.hasPrefix("r1 line") }
        }
        // Every line of the tall row once, in order; the totals once, on the last piece.
        #expect(seen == (0..<40).map { "r1 line \($0)" })
        let totals = pieces.map { S.texts($0.draw(at: Point(x: 0, y: 0))).map(\.text).contains("T1") }
        #expect(totals == Array(repeating: false, count: pieces.count - 1) + [true])
        // The first piece starts on the first page, under the block before it: no page is left blank.
        #expect(pages[0].blocks.count == 2)
    }

    @Test("a row that fits a page is never cut; the first piece's least height is the header and one line")
    func fittingRowWhole() {
        let fits = table(lines: 5, page: 300)
        let pages = Paginator { _ in 300 }.paginate([Canvas(height: 250, items: []), fits])
        for piece in S.pieces(pages).flatMap({ $0 }) {
            #expect(!S.texts(piece.draw(at: Point(x: 0, y: 0))).map(\.text).contains("CONTINUED"))
        }
        // The tall row first: its least head is the header and one line of it (with the padding and rule).
        let tall = table(lines: 40, page: 300)
        #expect(tall.minimumHeadHeight < S.headerHeight + S.rowPitch * 2)
    }
}
