/// The days and progress settings of a template are checked on load, naming the key at fault.
import Foundation
import ItineraryLayout
import Testing
import TestSupport

@Suite("Days and progress settings")
struct DaysTemplateTests {
    @Test func classicLoads() throws {
        let t = try TemplateLoader.load(JSONSerialization.data(withJSONObject: try classic()))
        #expect(t.days?.card.gameSide == 124)
        #expect(t.progress?.venueKind(league: "nhl") == "arena")
        #expect(t.progress?.venueKind(league: "CFL") == "stadium")
    }

    @Test("errors name the key")
    func errors() throws {
        let cases: [(path: String, value: Any?, key: String)] = [
            ("days.styles.matchup", "nope", "days.styles.matchup"),
            ("days.colors.tile", "nope", "days.colors.tile"),
            ("progress.styles.heroCount", "nope", "progress.styles.heroCount"),
            ("days.card.gutter", 56, "days.card.gutter"),
            ("days.card.side", nil, "days.card.side"),
            ("days.ticket.dash", [Double](), "days.ticket.dash"),
            ("days.styles.restDayTitle", nil, "days.styles.restDayTitle"),
            ("labels.es.days.arrives", nil, "labels.es.days.arrives"),
            ("labels.en.progress.arenaVisited", nil, "labels.en.progress.arenaVisited"),
            // The first language, in name order, that lacks the new kind's nouns.
            ("progress.venueKinds.NBA", "court", "labels.de.progress.courtOne"),
        ]
        let base = try classic()
        for c in cases {
            #expect(errorKey(with(base, c.path, c.value)) == c.key, "\(c.path)")
        }
    }
}
