/// Marker sizes, texts, widths and their keep-out test.
import DisplayList
import ItineraryLayout
import Testing

private let tiers = [
    MarkerTier(maxPlaces: 12, radius: 8.5, style: "marker"),
    MarkerTier(maxPlaces: 24, radius: 7, style: "markerMedium"),
    MarkerTier(maxPlaces: nil, radius: 6, style: "markerSmall"),
]

@Suite("Marker layout")
struct MarkerLayoutTests {
    @Test(
        "R = 8.5 up to 12 places, 7 up to 24, 6 beyond",
        arguments: [(1, 8.5), (12, 8.5), (13, 7.0), (24, 7.0), (25, 6.0), (92, 6.0)])
    func tierByPlaceCount(count: Int, radius: Double) {
        #expect(MarkerLayout.tier(placeCount: count, tiers: tiers).radius == radius)
    }

    @Test("revisits list their numbers; beyond three, runs become ranges, and then two and a count")
    func texts() {
        let thin = "\u{2009}·\u{2009}"
        #expect(MarkerLayout.text(numbers: [7], maxNumbers: 3) == "7")
        #expect(MarkerLayout.text(numbers: [3, 6], maxNumbers: 3) == "3\(thin)6")
        #expect(MarkerLayout.text(numbers: [5, 32, 35], maxNumbers: 3) == "5\(thin)32\(thin)35")
        #expect(MarkerLayout.text(numbers: [3, 4, 5], maxNumbers: 3) == "3\(thin)4\(thin)5")
        #expect(MarkerLayout.text(numbers: [5, 32, 35, 40], maxNumbers: 3) == "5\(thin)32\(thin)+2")
        // Consecutive stops in a range, where that brings the list within three: 1, 3, 4, 5.
        #expect(MarkerLayout.text(numbers: [1, 3, 4, 5], maxNumbers: 3) == "1\(thin)3–5")
        #expect(MarkerLayout.text(numbers: [1, 2, 8, 9, 20], maxNumbers: 3) == "1–2\(thin)8–9\(thin)20")
        // Still too many: the count is of the stops not shown.
        #expect(MarkerLayout.text(numbers: [1, 2, 5, 8, 9, 12], maxNumbers: 3) == "1–2\(thin)5\(thin)+3")
        // Arabic-Indic digits, the count in them too, each dot and dash between left-to-right
        // marks so the numbers read from the left.
        let lrm = "\u{200E}"
        let arabic = { (n: Int) in String(n).map { String(UnicodeScalar(0x0660 + Int(String($0))!)!) }.joined() }
        #expect(
            MarkerLayout.text(numbers: [1, 5, 9, 12], maxNumbers: 3, format: arabic)
                == "١\(lrm)\(thin)\(lrm)٥\(lrm)\(thin)\(lrm)+٢")
        #expect(
            MarkerLayout.text(numbers: [1, 5, 6, 7], maxNumbers: 3, format: arabic)
                == "١\(lrm)\(thin)\(lrm)٥\(lrm)–\(lrm)٧")
    }

    @Test("width = max(2R, text + 1.5R)")
    func widths() {
        #expect(MarkerLayout.width(textWidth: 4, radius: 8.5, padding: 1.5) == 17)
        #expect(MarkerLayout.width(textWidth: 14.34, radius: 8.5, padding: 1.5) == 14.34 + 12.75)
    }

    @Test("a box meets a marker inside its radius plus the clearance, along the whole capsule")
    func keepOut() {
        let pill = MarkerShape(center: Point(x: 100, y: 100), radius: 8.5, halfWidth: 13.5)
        #expect(pill.capOffset == 5)
        // Just outside the clearance to the right of the right cap, then just inside it.
        #expect(!pill.meets(MapBox(x: 100 + 5 + 8.5 + 2.5, y: 95, width: 20, height: 10), clearance: 2.5))
        #expect(pill.meets(MapBox(x: 100 + 5 + 8.5 + 2.4, y: 95, width: 20, height: 10), clearance: 2.5))
        // Above the flat top of the capsule.
        #expect(pill.meets(MapBox(x: 96, y: 80, width: 8, height: 9.5), clearance: 2.5))
        #expect(!pill.meets(MapBox(x: 96, y: 70, width: 8, height: 8), clearance: 2.5))
        // A circle never narrower than its diameter.
        #expect(MarkerShape(center: Point(x: 0, y: 0), radius: 6, halfWidth: 2).halfWidth == 6)
    }
}
