/// The scale bar's length: the first round distance drawn at least 48 points long.
import ItineraryLayout
import Testing

private let lengths: [Double] = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]

@Suite("Scale bar")
struct ScaleBarTests {
    @Test(
        "the first candidate at least the minimum length",
        arguments: [
            (1.0, 50.0), (0.96, 50.0), (0.959, 100.0), (10.0, 5.0), (4.8, 10.0), (2.0, 25.0), (0.05, 1000.0),
        ])
    func choice(pointsPerUnit: Double, distance: Double) {
        let bar = ScaleBar.choose(pointsPerUnit: pointsPerUnit, candidates: lengths, minimumLength: 48)
        #expect(bar.distance == distance)
        #expect(abs(bar.length - distance * pointsPerUnit) < 1e-9)
    }

    @Test("the midwest map shows 50 mi about 50 points long")
    func midwest() {
        // 69.09 points per degree of latitude, as in the design's 10-day map.
        let pointsPerMile = 69.09 / MapProjection.kilometresPerDegree * ScaleBar.kilometresPerMile
        let bar = ScaleBar.choose(pointsPerUnit: pointsPerMile, candidates: lengths, minimumLength: 48)
        #expect(bar.distance == 50)
        #expect(abs(bar.length - 50) < 0.1)
    }

    @Test("too small a scale for every candidate takes the longest")
    func fallback() {
        #expect(ScaleBar.choose(pointsPerUnit: 0.001, candidates: lengths, minimumLength: 48).distance == 1000)
    }

    @Test(
        "a map whose places lie where a drawn point's ground length differs more than twice has no bar: the United States and Europe keep one, a polar trip does not",
        arguments: [
            ([25.8, 47.6, 40.7], true),  // Miami, Seattle, New York: 1.38
            ([36.7, 59.9], true),  // Málaga to Stockholm: 1.60
            ([-33.9, 35.7, 21.3], true),  // Sydney, Tokyo, Honolulu across the equator: 1.23
            ([59.9, 69.6, 78.2], false),  // Oslo, Tromsø, Longyearbyen: 2.46
            ([-54.8, -34.6], true),  // Ushuaia to Buenos Aires: 1.43, south as north
            ([0.0, 89.99], false),
        ])
    func holds(latitudes: [Double], holds: Bool) {
        #expect(ScaleBar.holds(latitudes: latitudes) == holds)
    }
}
