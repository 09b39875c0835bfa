/// A scratch list of display items with helpers to place set lines by their top or baseline.
import DisplayList
import ItineraryText

/// Display items relative to some origin, built up line by line.
struct Sketch {
    var items: [DisplayItem] = []

    /// Places a line with its box top at `top`.
    mutating func line(_ line: SetLine, x: Double, top: Double) {
        items.append(.text(spans: line.spans, origin: Point(x: x + line.offset, y: top + line.baseline)))
    }

    /// Places a line with its baseline at `baseline`.
    mutating func line(_ line: SetLine, x: Double, baseline: Double) {
        items.append(.text(spans: line.spans, origin: Point(x: x + line.offset, y: baseline)))
    }

    /// Places a line ending at `right`, its baseline at `baseline`.
    mutating func line(_ line: SetLine, right: Double, baseline: Double) {
        items.append(.text(spans: line.spans, origin: Point(x: right - line.width, y: baseline)))
    }

    /// Places a line ending at `right` with its box top at `top`.
    mutating func line(_ line: SetLine, right: Double, top: Double) {
        items.append(.text(spans: line.spans, origin: Point(x: right - line.width, y: top + line.baseline)))
    }

    /// Places lines one under another from `top`; returns the bottom of the last.
    @discardableResult
    mutating func lines(_ lines: [SetLine], x: Double, top: Double) -> Double {
        var y = top
        for l in lines {
            line(l, x: x, top: y)
            y += l.height
        }
        return y
    }

    mutating func add(_ more: [DisplayItem]) { items += more }

    /// The items moved by (dx, dy).
    func offset(_ dx: Double, _ dy: Double) -> [DisplayItem] { items.map { $0.offset(by: Point(x: dx, y: dy)) } }
}

extension Array where Element == SetLine {
    var totalHeight: Double { reduce(0) { $0 + $1.height } }
}
