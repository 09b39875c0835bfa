/// The compact template loads, prints what DESIGN's compact variant lists, and the keys added
/// for it are checked on load; classic.json gives every added key its classic value.
import Foundation
@testable import ItineraryLayout
import Testing

@Suite("Compact template")
struct CompactTemplateTests {
    @Test("A4, no cover, sections that flow on")
    func loads() throws {
        let t = try Compact.template()
        #expect(t.name == "compact")
        #expect(
            t.paper == "a4" && t.papers["a4"]?.width == 595 && t.papers["a4"]?.height == 842
                && t.papers["letter"] != nil)
        #expect(t.margins.top == 40 && t.margins.right == 36 && t.margins.bottom == 44 && t.margins.left == 36)
        #expect(t.sections == [.title, .overview, .days, .progress])
        #expect(t.cover == nil)
        for section in t.sections { #expect(!t.startsNewPage(section), "\(section)") }
        #expect(t.title?.facts == .right && t.title?.summary == false)
        #expect(t.overview?.title.visible == false)
        let days = try #require(t.days)
        #expect(days.heading.kind == .rule && days.heading.gutter == 0)
        #expect(days.teamCodeColor == .token("ink") && days.teamBar.color == .token("ink3") && days.teamBar.count == 2)
        #expect(days.leagueCode.kind == .chip && days.leagueCode.border == 0.75)
        #expect(days.cardRule.width == 0.5 && days.card.border == 0 && days.linkUnderline.width > 0)
        #expect(t.progress?.bar.border == 0.5 && t.progress?.chip.fill == nil)
    }

    @Test("classic.json keeps the classic looks in the added keys")
    func classicValues() throws {
        let t = try Compact.template("classic")
        let days = try #require(t.days)
        #expect(days.heading.kind == .tile && days.heading.gutter == 56)
        #expect(days.teamCodeColor == .team && days.teamBar.color == .team && days.teamBar.count == 1)
        #expect(days.leagueCode.kind == .tile && days.factCells.placement == .below)
        // A section title's space above, kept where it starts under another section's end.
        #expect(days.cardRule.width == 0 && days.linkUnderline.width == 0 && days.title.spaceBefore == 36)
        #expect(t.overview?.title.visible == true)
        #expect(t.progress?.bar.border == 0 && t.progress?.chip.fill == .team && t.progress?.chip.border == 0)
        #expect(t.progress?.title.spaceBefore == 36)
    }

    @Test("the added keys are checked, and errors name them")
    func errors() throws {
        let cases: [(path: String, value: Any?, key: String)] = [
            ("days.heading.kind", "box", "days.heading.kind"),
            ("days.heading.rule", nil, "days.heading.rule"),
            ("days.heading.ruleGap", nil, "days.heading.ruleGap"),
            ("days.heading.rule.color", "nope", "days.heading.rule.color"),
            ("days.teamBar.count", 0, "days.teamBar.count"),
            ("days.teamBar.gap", nil, "days.teamBar.gap"),
            ("days.teamBar.color", "nope", "days.teamBar.color"),
            ("days.teamCodeColor", "nope", "days.teamCodeColor"),
            ("days.teamCodeColor", nil, "days.teamCodeColor"),
            ("days.leagueCode.kind", "badge", "days.leagueCode.kind"),
            ("days.leagueCode.height", nil, "days.leagueCode.height"),
            ("days.leagueCode.border", 0, "days.leagueCode.border"),
            ("days.factCells.placement", "above", "days.factCells.placement"),
            ("days.factCells.column", nil, "days.factCells.column"),
            ("days.cardRule.color", "nope", "days.cardRule.color"),
            ("days.cardRule.width", -1, "days.cardRule.width"),
            ("days.linkUnderline.offset", nil, "days.linkUnderline.offset"),
            ("days.title.spaceBefore", -1, "days.title.spaceBefore"),
            ("progress.bar.borderColor", nil, "progress.bar.borderColor"),
            ("progress.bar.borderColor", "nope", "progress.bar.borderColor"),
            ("progress.chip.borderColor", "nope", "progress.chip.borderColor"),
            ("progress.chip.fill", "nope", "progress.chip.fill"),
            ("overview.title.visible", "no", "overview.title.visible"),
            ("title.facts", "left", "title.facts"),
            ("title.summary", "yes", "title.summary"),
        ]
        let compact = try Compact.json("compact")
        for c in cases {
            #expect(Compact.errorKey(Compact.with(compact, c.path, c.value)) == c.key, "\(c.path)")
        }
    }

    @Test("the tile heading's keys are needed only for a tile")
    func conditionalKeys() throws {
        let classic = try Compact.json("classic")
        #expect(Compact.errorKey(Compact.with(classic, "days.heading.tileSize", nil)) == "days.heading.tileSize")
        #expect(Compact.errorKey(Compact.with(classic, "days.heading.kind", "rule")) == "days.heading.rule")
        #expect(Compact.errorKey(Compact.with(classic, "days.teamBar.count", 2)) == "days.teamBar.gap")
        #expect(Compact.errorKey(Compact.with(classic, "progress.chip.border", 1)) == "progress.chip.borderColor")
        #expect(Compact.errorKey(try Compact.json("compact")) == nil)
    }

    @Test("only the sections a template prints need their labels")
    func labelsOfListedSections() throws {
        let compact = try Compact.json("compact")
        #expect((compact["labels"] as? [String: [String: Any]])?["en"]?["cover"] == nil)
        var withCover = compact
        withCover["sections"] = ["cover", "overview", "days", "progress"]
        withCover["cover"] = try Compact.json("classic")["cover"]
        withCover["colors"] = try Compact.json("classic")["colors"]
        withCover["styles"] = (try Compact.json("classic")["styles"] as? [String: Any] ?? [:])
            .merging(compact["styles"] as? [String: Any] ?? [:]) { _, new in new }
        #expect(
            Compact.errorKey(withCover).map { $0.hasPrefix("labels.") && $0.hasSuffix(".cover") } == true,
            "\(Compact.errorKey(withCover) ?? "none")")
        #expect(Compact.errorKey(Compact.with(compact, "labels.es.days.arrives", nil)) == "labels.es.days.arrives")
    }
}
