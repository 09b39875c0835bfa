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
    /// larger of the frame's extents in degrees of longitude and of latitude.
    public init(projection: MapProjection, frame: MapBox, steps: [Double], stepsBelow: [Double]) {
        let west = projection.longitude(atX: frame.minX), east = projection.longitude(atX: frame.maxX)
        let north = projection.latitude(atY: frame.minY), south = projection.latitude(atY: frame.maxY)
        let step = Self.step(forSpan: max(east - west, north - south), steps: steps, stepsBelow: stepsBelow)
        self.step = step
        func lines(from low: Double, to high: Double, position: (Double) -> Double, within range: ClosedRange<Double>) -> [Line] {
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
        // North first, so parallels run down the map like meridians run across it.
        parallels = lines(from: south, to: north, position: projection.y(ofLatitude:), within: frame.minY...frame.maxY).reversed()
    }
}
