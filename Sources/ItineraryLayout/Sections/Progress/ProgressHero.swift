/// The hero line (`6 of 30 MLB ballparks`, `20% · 24 TO GO`) and the segmented bar under it.
import DisplayList
import Foundation
import ItineraryText

extension ProgressBuilder {
    /// The count, the `of …` phrase on its baseline, and at the right the percentage over the caps `N TO GO`.
    func hero() -> Canvas {
        let width = ctx.width
        let total = max(1, progress.totalStadiums)
        let fraction = min(1, max(0, Double(progress.visitedCount) / Double(total)))
        let height = style(.heroCount).lineHeight
        let heroBaseline = baseline(.heroCount)
        // Read in this order, each a paragraph (a reader would run one side's pieces together,
        // "6of 30"): the count, "of 30 MLB ballparks", then the percentage above the caps, "20%",
        // "24 TO GO".
        var left: [DisplayItem] = [], right: [DisplayItem] = []

        // Right block: the caps on the hero baseline, the percentage right above it.
        var rightWidth = 0.0
        let toGo = label("toGo", ["count": ctx.format.count(max(0, progress.totalStadiums - progress.visitedCount))])
        if let caps = line([span(toGo, .caps)]),
            let percent = line([
                span(ctx.format.percent(fraction), .heroPercent)
            ])
        {
            let capsTop = heroBaseline - caps.baseline
            right.append(
                .text(
                    spans: percent.spans,
                    origin: Point(x: width - percent.width, y: capsTop - percent.height + percent.baseline)))
            right.append(.text(spans: caps.spans, origin: Point(x: width - caps.width, y: heroBaseline)))
            rightWidth = max(caps.width, percent.width)
        }

        var x = 0.0
        if let count = line([span(ctx.format.count(progress.visitedCount), .heroCount)]) {
            left.append(.text(spans: count.spans, origin: Point(x: 0, y: heroBaseline)))
            x = count.width + spec.heroGap
        }
        let room = width - x - rightWidth - spec.heroGap
        if let of = line([span(label("heroOf", words), .heroOf)], maxWidth: room) {
            left.append(.text(spans: of.spans, origin: Point(x: x, y: heroBaseline)))
        }
        return Canvas(height: height, items: (left + right).looseTextTagged(.paragraph))
    }

    /// One segment per stadium, the visited ones first in the accent; one solid bar past `maxSegments`.
    /// With a `border`, every segment (the solid bar's track) is outlined too, so that a white
    /// track still shows on white paper.
    func bar() -> Canvas {
        let b = spec.bar, width = ctx.width
        let n = max(1, progress.totalStadiums)
        let visited = min(n, max(0, progress.visitedCount))
        let track = color(.track), done = color(.visited)
        let outline = b.border > 0 ? b.borderColor.map(ctx.theme.color) : nil
        var items: [DisplayItem] = []
        func segment(_ box: Rect, radius: Double, fill: Color, outlined: Bool) {
            items.append(.rect(box, radius: radius, fill: fill, stroke: nil, strokeWidth: 0))
            if outlined, let outline {
                items.append(Shapes.innerBorder(box, radius: radius, width: b.border, color: outline))
            }
        }
        if n <= b.maxSegments {
            let w = (width - b.gap * Double(n - 1)) / Double(n)
            for i in 0..<n {
                segment(
                    Rect(x: Double(i) * (w + b.gap), y: 0, width: w, height: b.height), radius: b.radius,
                    fill: i < visited ? done : track, outlined: true)
            }
        } else {
            segment(
                Rect(x: 0, y: 0, width: width, height: b.height), radius: b.solidRadius, fill: track, outlined: true)
            if visited > 0 {
                let w = max(2 * b.solidRadius, width * Double(visited) / Double(n))
                segment(
                    Rect(x: 0, y: 0, width: w, height: b.height), radius: b.solidRadius, fill: done, outlined: false)
            }
        }
        return Canvas(height: b.height, items: items)
    }

    /// A caps heading on a line of its own.
    func capsHeading(_ text: String) -> TextBlock {
        TextBlock(lines: lines([span(text, .caps)], width: ctx.width), width: ctx.width)
    }
}
