/// The team-colour fallback of DESIGN "Team colours", with its worked examples.
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing

private func team(_ primary: String?, _ secondary: String?) -> Team {
    Team(
        id: "t", name: "T", abbreviation: "T", league: "MLB", primaryColor: primary.flatMap(RGBColor.init(hex:)),
        secondaryColor: secondary.flatMap(RGBColor.init(hex:)))
}

private let ink = Color(hex: "#1A1A2E")!

@Suite("Team colours")
struct TeamColorsTests {
    @Test(
        "the DESIGN examples",
        arguments: [
            // team, primary, secondary, text, bar
            // primary darkened by 2 points; the bar keeps the primary (4.19 ≥ 3)
            ("BAL", "#DF4601", "#000000", "#D54301", "#DF4601"),
            // nothing within 8 points, secondary fails: darkened until it passes
            ("MIA", "#00A3E0", "#EF3340", "#007EAD", "#007EAD"),
            ("SF", "#FD5A1E", "#27251F", "#27251F", "#FD5A1E"),  // the secondary
            ("BOS", "#FFB81C", "#000000", "#000000", "#000000"),  // the secondary; the bar fails 3:1 too
            ("CHC", "#0E3386", "#CC3433", "#0E3386", "#0E3386"),  // the primary passes
        ])
    func examples(_ name: String, _ primary: String, _ secondary: String, _ text: String, _ bar: String) {
        let colors = TeamColors(team(primary, secondary), paper: .white, fallback: ink)
        #expect(colors.text.hex == text, "\(name) text")
        #expect(colors.bar.hex == bar, "\(name) bar")
        #expect(colors.text.contrast(with: .white) >= 4.5, "\(name) text contrast")
    }

    @Test func contrastFiguresOfTheComponentsSheet() {
        // Ratios printed on the sheet, two decimals.
        for (hex, ratio) in [
            ("#0E3386", 11.44), ("#DF4601", 4.19), ("#00A3E0", 2.87), ("#D54301", 4.53), ("#007EAD", 4.58),
            ("#FFB81C", 1.73),
        ] {
            let c = Color(hex: hex)!
            #expect(abs(c.contrast(with: .white) - ratio) < 0.006, "\(hex)")
        }
    }

    @Test func missingColoursAreInk() {
        #expect(
            TeamColors(nil, paper: .white, fallback: ink) == TeamColors(team(nil, nil), paper: .white, fallback: ink))
        let none = TeamColors(team(nil, "#FFFFFF"), paper: .white, fallback: ink)
        #expect(none.text == ink && none.bar == ink)
        // A light primary with no secondary is darkened as far as needed.
        let light = TeamColors(team("#FFE000", nil), paper: .white, fallback: ink)
        #expect(light.text.contrast(with: .white) >= 4.5)
    }
}
