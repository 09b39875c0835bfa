/// Lines of latitude and longitude across the map frame.
import Foundation

/// The meridians and parallels at a round degree step that cross the frame.
public struct Graticule: Sendable, Equatable {
    /// A meridian (constant longitude: a vertical line) or a parallel (a horizontal one).
    public struct Line: Sendable, Equatable {
        /// The line's latitude or longitude.
        public var degrees: Double
        /// Map x of a meridian, map y of a parallel.
        public var position: Double
    }

    /// The step in degrees.
    public var step: Double
    public var meridians: [Line]
    public var parallels: [Line]

    /// The step for a map spanning `span` degrees: the first of `steps` whose limit in
    /// `stepsBelow` the span is under, else the last step.
    public static func step(forSpan span: Double, steps: [Double], stepsBelow: [Double]) -> Double {
        for (step, limit) in zip(steps, stepsBelow) where span < limit { return step }
        return steps.last ?? 1
    }

    /// The lines crossing `frame` (strictly inside it). The span that picks the step is the
    /// larger of the frame's extents in degrees of longitude and of latitude. Only real
    /// coordinates are drawn: parallels strictly between the poles, meridians over at most one
    /// turn about the frame's centre, each meridian's `degrees` in −180 ..< 180 (a map across the
    /// Pacific has 170°W east of 170°E, never 190°E).
    public init(projection: MapProjection, frame: MapBox, steps: [Double], stepsBelow: [Double]) {
        let frameWest = projection.longitude(atX: frame.minX), frameEast = projection.longitude(atX: frame.maxX)
        let middle = (frameWest + frameEast) / 2
        let west = max(frameWest, middle - 180), east = min(frameEast, middle + 180 - 1e-9)
        let north = min(projection.latitude(atY: frame.minY), 90 - 1e-9)
        let south = max(projection.latitude(atY: frame.maxY), -90 + 1e-9)
        let step = Self.step(forSpan: max(east - west, north - south), steps: steps, stepsBelow: stepsBelow)
        self.step = step
        func lines(
            from low: Double, to high: Double, position: (Double) -> Double, within range: ClosedRange<Double>
        ) -> [Line] {
            var out: [Line] = []
            var k = (low / step).rounded(.up)
            while k * step <= high {
                let degrees = k * step
                let p = position(degrees)
                if p > range.lowerBound && p < range.upperBound { out.append(Line(degrees: degrees, position: p)) }
                k += 1
            }
            return out
        }
        meridians = lines(from: west, to: east, position: projection.x(ofLongitude:), within: frame.minX...frame.maxX)
            .map { Line(degrees: MapProjection.normalized($0.degrees), position: $0.position) }
        // North first, so parallels run down the map like meridians run across it.
        parallels = lines(from: south, to: north, position: projection.y(ofLatitude:), within: frame.minY...frame.maxY)
            .reversed()
    }
}
