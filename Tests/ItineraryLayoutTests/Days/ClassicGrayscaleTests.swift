/// Classic printed in gray: team colours are its only colours outside the palette, and gray keeps
/// a colour's luminance, so each one must read by lightness alone: text in a team colour at
/// 4.5:1 against the paper, a team bar or chip at 3:1. And a team colour is never the only cue:
/// every card or tile drawn in one names the team in text (the code, in the matchup or chip).
import Foundation
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("Classic in gray")
struct ClassicGrayscaleTests {
    @Test(
        "team colours read by lightness alone, and always come with the team's code in text",
        arguments: Compact.allTrips.map(\.lastPathComponent))
    func teamColoursInGray(_ file: String) throws {
        let template = try Compact.template("classic")
        let palette = Set(template.colors.values)
        let paper = try #require(Color(hex: "#FFFFFF"))
        let trip = try Compact.trip(file)
        let codes = Set(trip.teams.map(\.abbreviation))
        let doc = try Compact.layout(trip, template: "classic")
        for (n, page) in doc.pages.enumerated() {
            let whereAt = "\(file) page \(n + 1)"
            var teamColoured = 0
            var codesInText = 0
            for item in page.items {
                switch item {
                case let .text(spans, _):
                    for span in spans {
                        if codes.contains(span.text) { codesInText += 1 }
                        guard !palette.contains(span.style.color) else { continue }
                        teamColoured += 1
                        #expect(
                            span.style.color.contrast(with: paper) >= 4.5 - 1e-9,
                            "\(whereAt): \(span.text) in \(span.style.color.hex) fades in gray")
                    }
                case let .rect(_, _, fill, _, _):
                    if let fill, !palette.contains(fill), fill != paper {
                        teamColoured += 1
                        #expect(
                            fill.contrast(with: paper) >= 3 - 1e-9, "\(whereAt): a fill in \(fill.hex) fades in gray")
                    }
                default:
                    break
                }
            }
            if teamColoured > 0 { #expect(codesInText > 0, "\(whereAt): team colours without a team code in text") }
        }
    }
}
