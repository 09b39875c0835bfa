/// The PDF operators written for shapes: cairo's path semantics, PDF's syntax, set state once.
import DisplayList
@testable import ItineraryRender
import ItineraryText
import Testing

@Suite("Vector content")
struct VectorContentTests {
    private let black = Color(red: 0, green: 0, blue: 0)
    private let orange = Color(red: 1, green: 0.419608, blue: 0.207843)

    private func written(_ items: [DisplayItem]) -> String {
        var content = VectorContent()
        for item in items { content.add(item) }
        return String(decoding: content.bytes, as: UTF8.self)
    }

    @Test(
        "numbers: rounded to their places, trailing zeros and -0 dropped, no exponent, clamped far off the page",
        arguments: [
            (0.0, 3, "0"), (-0.0004, 3, "0"), (1.5, 3, "1.5"), (12.3456, 3, "12.346"), (-3.1, 3, "-3.1"),
            (100.0, 3, "100"), (0.05, 3, "0.05"), (1e12, 3, "2147483647"), (-1e300, 3, "-2147483647"),
            (Double.nan, 3, "0"), (0.886275, 4, "0.8863"), (0.0001, 4, "0.0001"), (1.0, 4, "1"),
            (999.9996, 3, "1000"),
        ])
    func numbers(value: Double, decimals: Int, expected: String) {
        var out: [UInt8] = []
        VectorContent.append(value, decimals: decimals, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test("a square-cornered box filled and stroked: cairo's rectangle, then the stroke's whole state, then B")
    func box() {
        let box = DisplayItem.rect(
            Rect(x: 10, y: 20, width: 30, height: 5), radius: 0, fill: orange, stroke: black, strokeWidth: 0.75)
        #expect(
            written([box])
                == "1 0.4196 0.2078 rg\n0 0 0 RG\n0.75 w\n0 J\n0 j\n10 M\n[] 0 d\n"
                + "10 20 m\n40 20 l\n40 25 l\n10 25 l\nh\nB\n")
    }

    @Test("a halo: its outline stroked with round caps and joins; one of no width writes nothing, outline or not")
    func halo() {
        let style = TextStyle(family: "Inter", size: 9, lineHeight: 12)
        let spans = [StyledSpan("Ab", style)]
        let outline: [PathElement] = [
            .move(Point(x: 1, y: 2)), .line(Point(x: 3, y: 2)),
            .curve(
                Point(x: 4, y: 3), Point(x: 4, y: 4), Point(x: 3, y: 5)), .close,
        ]
        var content = VectorContent()
        content.add(.textHalo(spans: spans, origin: Point(x: 1, y: 2), color: black, width: 3), outline: outline)
        #expect(
            String(decoding: content.bytes, as: UTF8.self)
                == "0 0 0 RG\n3 w\n1 J\n1 j\n10 M\n[] 0 d\n1 2 m\n3 2 l\n4 3 4 4 3 5 c\nh\nS\n")
        var none = VectorContent()
        none.add(.textHalo(spans: spans, origin: Point(x: 1, y: 2), color: black, width: 0))
        none.add(.textHalo(spans: spans, origin: Point(x: 1, y: 2), color: black, width: 0), outline: outline)
        #expect(none.bytes.isEmpty)
    }

    @Test("state already set is not written again; a change is")
    func stateOnce() {
        let line = DisplayItem.line(
            from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), width: 1, color: black, dash: [2, 1.5])
        let other = DisplayItem.line(
            from: Point(x: 0, y: 5), to: Point(x: 10, y: 5), width: 1, color: orange, dash: [2, 1.5])
        #expect(
            written([line, line, other])
                == "0 0 0 RG\n1 w\n0 J\n0 j\n10 M\n[2 1.5] 0 d\n0 0 m\n10 0 l\nS\n0 0 m\n10 0 l\nS\n"
                + "1 0.4196 0.2078 RG\n0 5 m\n10 5 l\nS\n")
    }

    @Test("a circle is four quarter Béziers from angle 0, clockwise on the page, starting with a move")
    func circle() {
        let text = written([.circle(center: Point(x: 50, y: 50), radius: 10, fill: black)])
        #expect(text.hasPrefix("0 0 0 rg\n60 50 m\n60 55.523 55.523 60 50 60 c\n"))
        #expect(text.components(separatedBy: " c\n").count - 1 == 4)
        #expect(text.hasSuffix("55.523 40 60 44.477 60 50 c\nf\n"))
    }

    @Test("a rounded box: a quarter arc at each corner, edges between them, closed")
    func roundedBox() {
        let text = written([
            .rect(Rect(x: 0, y: 0, width: 20, height: 10), radius: 2, fill: black, stroke: nil, strokeWidth: 0)
        ])
        #expect(text.hasPrefix("0 0 0 rg\n18 0 m\n"))
        #expect(text.components(separatedBy: " c\n").count - 1 == 4)
        #expect(text.components(separatedBy: " l\n").count - 1 == 3)
        #expect(text.hasSuffix("h\nf\n"))
    }

    @Test("cairo's rules without a current point: a line or an arc moves there first; after a close, a move back")
    func currentPoint() {
        let style = PathStyle(fill: nil, stroke: black, lineWidth: 1, lineCap: .round, lineJoin: .round, dash: [])
        let path = DisplayItem.path(
            [
                .line(Point(x: 1, y: 1)), .line(Point(x: 5, y: 1)), .line(Point(x: 5, y: 5)), .close,
                .line(Point(x: 9, y: 9)),
            ], style: style)
        #expect(
            written([path])
                == "0 0 0 RG\n1 w\n1 J\n1 j\n10 M\n[] 0 d\n1 1 m\n5 1 l\n5 5 l\nh\n1 1 m\n9 9 l\nS\n")
    }

    @Test("nothing is written for a shape that paints nothing: no fill or stroke, or no segment")
    func nothing() {
        let style = PathStyle(fill: black, stroke: nil, lineWidth: 1, lineCap: .butt, lineJoin: .miter, dash: [])
        #expect(
            written([.rect(Rect(x: 0, y: 0, width: 5, height: 5), radius: 0, fill: nil, stroke: nil, strokeWidth: 1)])
                .isEmpty)
        #expect(written([.path([], style: style)]).isEmpty)
        #expect(written([.path([.move(Point(x: 1, y: 1))], style: style)]).isEmpty)
    }

    @Test("an arc whose end is below its start goes the increasing way round, as cairo's")
    func arcDirection() {
        let style = PathStyle(fill: black, stroke: nil, lineWidth: 1, lineCap: .butt, lineJoin: .miter, dash: [])
        // From 3π/2 (top) to 0 (right): a quarter turn clockwise on the page, not three quarters back.
        let text = written([
            .path([.arc(center: Point(x: 0, y: 0), radius: 10, start: 3 * Double.pi / 2, end: 0)], style: style)
        ])
        #expect(text == "0 0 0 rg\n0 -10 m\n5.523 -10 10 -5.523 10 0 c\nf\n")
    }

    @Test("cells: an inline image mask in hexadecimal, rows padded to a byte, first row at the top")
    func cells() {
        // 10 columns: two bytes a row, the second padded with zeros.
        let grid = BitGrid(columns: 10, cells: (0..<20).map { $0 == 0 || $0 == 9 || $0 == 10 })
        let text = written([.cells(grid, origin: Point(x: 5, y: 7), cell: 2, color: black)])
        #expect(
            text
                == "0 0 0 rg\nq\n20 0 0 -4 5 11 cm\nBI /IM true /W 10 /H 2 /BPC 1 /D [1 0] /F /AHx ID\n"
                + "8040\n8000\n>\nEI\nQ\n")
    }

    @Test("a stroke of width 0 or less is not drawn (as in cairo), a fill still is; a dash too fine to print is solid")
    func cairosStrokeRules() {
        let thin = PathStyle(fill: nil, stroke: black, lineWidth: 0, lineCap: .butt, lineJoin: .miter, dash: [])
        let square: [PathElement] = [.move(Point(x: 0, y: 0)), .line(Point(x: 5, y: 0)), .line(Point(x: 5, y: 5))]
        #expect(written([.path(square, style: thin)]).isEmpty)
        #expect(
            written([.line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 0), width: -1, color: black, dash: [])]).isEmpty)
        var both = thin
        both.fill = orange
        #expect(written([.path(square, style: both)]) == "1 0.4196 0.2078 rg\n0 0 m\n5 0 l\n5 5 l\nf\n")
        let fine = written([
            .line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 0), width: 1, color: black, dash: [0.0004])
        ])
        #expect(fine.contains("[] 0 d\n") && !fine.contains("[0]"))
        #expect(VectorContent.printable([0.03]) == [] && VectorContent.printable([0.04, 0.02]) == [])
        #expect(VectorContent.printable([0.05]) == [0.05] && VectorContent.printable([3, 2]) == [3, 2])
        #expect(VectorContent.printable([0, 2]) == [0, 2], "dots: zero-length dashes with round caps")
    }
}
