/// The numbered capsules that mark the places on the map.
import DisplayList
import Foundation
import ItineraryText

/// A marker's outline: a capsule (a circle when `halfWidth == radius`) centred on its place.
public struct MarkerShape: Sendable, Hashable {
    public var center: Point
    public var radius: Double
    /// Half the capsule's width; at least `radius`.
    public var halfWidth: Double

    public init(center: Point, radius: Double, halfWidth: Double) {
        self.center = center
        self.radius = radius
        self.halfWidth = max(halfWidth, radius)
    }

    /// How far the centres of the capsule's end caps lie from its centre.
    public var capOffset: Double { halfWidth - radius }

    /// The capsule's bounding box.
    public var box: MapBox {
        MapBox(minX: center.x - halfWidth, minY: center.y - radius, maxX: center.x + halfWidth, maxY: center.y + radius)
    }

    /// True when `box` comes closer to the capsule than `clearance` beyond its edge.
    public func meets(_ box: MapBox, clearance: Double) -> Bool {
        box.distance(toSegmentFrom: center.x - capOffset, to: center.x + capOffset, atY: center.y) < radius + clearance
    }

    /// Distance from the capsule's edge to `box` (0 or less when they meet).
    public func edgeDistance(to box: MapBox) -> Double {
        box.distance(toSegmentFrom: center.x - capOffset, to: center.x + capOffset, atY: center.y) - radius
    }

    /// Distance from `p` to the capsule's spine, the segment between its end caps' centres.
    public func spineDistance(to p: Point) -> Double {
        let x = min(max(p.x, center.x - capOffset), center.x + capOffset)
        return hypot(p.x - x, p.y - center.y)
    }

    /// The capsule as a closed path: two half circles joined by straight sides.
    public var path: [PathElement] {
        let l = center.x - capOffset, r = center.x + capOffset
        return [
            .move(Point(x: l, y: center.y - radius)), .line(Point(x: r, y: center.y - radius)),
            .arc(center: Point(x: r, y: center.y), radius: radius, start: -.pi / 2, end: .pi / 2),
            .line(Point(x: l, y: center.y + radius)),
            .arc(center: Point(x: l, y: center.y), radius: radius, start: .pi / 2, end: 3 * .pi / 2), .close,
        ]
    }
}

/// Marker sizes and texts.
public enum MarkerLayout {
    /// Thin spaces around a middle dot, between the numbers of a revisited place.
    public static let separator = "\u{2009}·\u{2009}"

    /// The size tier for a map with `placeCount` places: the first whose `maxPlaces` it does not exceed.
    public static func tier(placeCount: Int, tiers: [MarkerTier]) -> MarkerTier {
        tiers.first { placeCount <= ($0.maxPlaces ?? Int.max) } ?? tiers[tiers.count - 1]
    }

    /// `3`, `3 · 6`, `5 · 32 · 35`. Beyond `maxNumbers` numbers, consecutive ones are joined
    /// into ranges (`1 · 3–5`, stops 1, 3, 4 and 5); still beyond it, the first `maxNumbers − 1`
    /// and a count of the stops not shown: `5 · 32 · +2`. A range before a count keeps the count
    /// apart from a label's `+2`, which counts places, not stops. `format` writes a number in the
    /// trip's digits. Numbers in Arabic-Indic digits have left-to-right marks around each dot and
    /// dash: between two such numbers they would otherwise take their right-to-left order and
    /// list them from the right.
    public static func text(numbers: [Int], maxNumbers: Int, format: (Int) -> String = { String($0) }) -> String {
        let written = numbers.map(format)
        let arabicDigits = written.contains { $0.unicodeScalars.contains(where: TextEngine.isArabicIndicNumber) }
        let mark = arabicDigits ? "\u{200E}" : ""
        let joint = mark + separator + mark
        guard numbers.count > maxNumbers else { return written.joined(separator: joint) }
        var runs: [[Int]] = []
        for n in numbers {
            if let last = runs.last?.last, n == last + 1 { runs[runs.count - 1].append(n) } else { runs.append([n]) }
        }
        let items = runs.map { run in
            run.count == 1 ? format(run[0]) : format(run[0]) + mark + "\u{2013}" + mark + format(run[run.count - 1])
        }
        guard items.count > maxNumbers else { return items.joined(separator: joint) }
        let shown = max(1, maxNumbers - 1)
        let rest = numbers.count - runs.prefix(shown).reduce(0) { $0 + $1.count }
        return (items.prefix(shown) + ["+" + format(rest)]).joined(separator: joint)
    }

    /// A capsule as wide as the text plus `padding` radii, never narrower than a circle.
    public static func width(textWidth: Double, radius: Double, padding: Double) -> Double {
        max(2 * radius, textWidth + padding * radius)
    }
}
