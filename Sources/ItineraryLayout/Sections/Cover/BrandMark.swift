/// The SportsTime mark: a disc with two seam arcs, like a ball's stitching.
import DisplayList
import ItineraryText

/// The mark's geometry on a 24-unit grid; size and colours come from the template.
enum BrandMark {
    /// The disc, then its two seams, scaled to `diameter` with the top-left corner at `origin`.
    static func draw(at origin: Point, diameter: Double, disc: Color, seam: Color) -> [DisplayItem] {
        let k = diameter / 24
        func p(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x * k, y: origin.y + y * k) }
        let seams: [PathElement] = [
            .move(p(7.2, 3.3)), .curve(p(10.2, 7.2), p(10.2, 16.8), p(7.2, 20.7)),
            .move(p(16.8, 3.3)), .curve(p(13.8, 7.2), p(13.8, 16.8), p(16.8, 20.7)),
        ]
        return [
            .circle(center: p(12, 12), radius: diameter / 2, fill: disc),
            .path(seams, style: PathStyle(stroke: seam, lineWidth: 2.1 * k, lineCap: .round)),
        ]
    }
}
