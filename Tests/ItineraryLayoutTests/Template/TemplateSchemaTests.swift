/// The template schema is declared once: the reference in docs/template-keys is written from it,
/// and the reader refuses, suggests and retires keys by it.
import Foundation
@testable import ItineraryLayout
import Testing
import TestSupport

@Suite("Template schema")
struct TemplateSchemaTests {
    private let referencePath = TestPaths.root.appendingPathComponent("docs/template-keys/reference.md")

    @Test("docs/template-keys/reference.md is the text written from the schema")
    func referenceIsGenerated() throws {
        let expected = TemplateKeyReference.markdown()
        let rewrote = try GeneratedFile.update(Data(expected.utf8), at: referencePath, variable: "UPDATE_DOCS")
        #expect(
            !rewrote,
            "UPDATE_DOCS=1 rewrote docs/template-keys/reference.md: look at it and commit it; run the tests again to check"
        )
        let written = try String(contentsOf: referencePath, encoding: .utf8)
        #expect(
            written == expected,
            "docs/template-keys/reference.md is out of date: run UPDATE_DOCS=1 swift test --filter TemplateSchemaTests")
    }

    @Test("the reference names every key the shipped templates write, at its path")
    func everyShippedKeyIsInTheReference() throws {
        let reference = TemplateKeyReference.markdown()
        let template = try classic()
        // Keys of objects whose own keys are declared (not the names of papers, styles, colours, languages).
        for key in [
            "paper", "firstPageMargins", "footer", "onFirstPage", "weights", "markerClearance", "northLabelDrop",
            "legs",
            "leagueCode", "factCells", "rowsKeptWithTotals", "venueKinds", "gameTimeTab", "restDayDash",
            "tripItinerary",
        ] {
            #expect(reference.contains("| `\(key)` |") || reference.contains("`\(key)`"), "\(key)")
        }
        #expect(reference.contains("## `cover.map.markers.tiers[i]`"))
        #expect(reference.contains("## `labels.<name>.progress`"))
        #expect(reference.contains("| `league.<CODE>` | text | none |"))
        #expect(reference.contains("- `spacing`: moved into the `title` section"))
        #expect(reference.contains("## Insets"))
        #expect(reference.contains("| `firstPageMargins` | object ([Insets](#insets)) | as `margins` |"))
        #expect(template["labels"] != nil)
    }

    @Test("every link in the reference, and into it from docs/, names one of its headings")
    func docLinksResolve() throws {
        let reference = TemplateKeyReference.markdown()
        let anchors = Set(
            reference.split(separator: "\n").filter { $0.hasPrefix("## ") }.map {
                TemplateKeyReference.anchor(String($0.dropFirst(3)))
            })
        func target(_ part: String) -> String {
            String(part.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
        // The reference's own links (contents, value cells), then every file's in docs/.
        var links = 0
        for part in reference.components(separatedBy: "](#").dropFirst() {
            links += 1
            #expect(anchors.contains(target(part)), "reference.md: #\(target(part))")
        }
        let docs = TestPaths.root.appendingPathComponent("docs")
        let files = try FileManager.default.subpathsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        for file in files {
            let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
            for part in text.components(separatedBy: "reference.md#").dropFirst() {
                links += 1
                #expect(anchors.contains(target(part)), "\(file): reference.md#\(target(part))")
            }
        }
        #expect(links > 100)
    }

    @Test("a misspelt key is refused with the nearest declared one")
    func suggestion() throws {
        let t = try classic()
        #expect(
            errorText(with(t, "days.card.lineGpa", 2)) == "days.card.lineGpa: unknown key (did you mean \"lineGap\"?)")
        #expect(
            errorText(with(t, "labels.en.common.tikets", "x"))
                == "labels.en.common.tikets: unknown key (did you mean \"tickets\"?)")
    }

    @Test("labels written in the first shape are refused with where each word went")
    func movedLabels() throws {
        let t = try classic()
        #expect(errorText(with(t, "labels.en.pageOf", "Page {page}")) == "labels.en.pageOf: moved to `common.pageOf`")
        #expect(
            errorText(with(t, "labels.en.progressSection", ["lead": "x"]))?.hasPrefix(
                "labels.en.progressSection: renamed `progress`") == true)
        #expect(
            errorText(with(t, "labels.en.overview.oneFlight", "{n} flight"))
                == "labels.en.overview.oneFlight: moved to `legs.oneFlight`")
        #expect(
            errorText(with(t, "labels.en.progress", "Stadium progress"))?.contains("moved to `common.progress`") == true
        )
    }

    @Test("the overview's first keys, text roles in place and a title of its own, are refused with what replaces them")
    func overviewKeysMoved() throws {
        let t = try classic()
        #expect(
            errorText(with(t, "overview.days.dayStyle", "tableCellStrong"))
                == "overview.days.dayStyle: moved to `overview.styles.day`: write the style name there")
        #expect(
            errorText(with(t, "overview.days.arrowStyle", ["style": "tableCell", "color": "ink3"]))
                == "overview.days.arrowStyle: moved to `overview.styles.arrow` (the style name) and "
                + "`overview.colors.arrow` (the colour token)")
        #expect(
            errorText(with(t, "overview.stays.code.fill", "surface"))
                == "overview.stays.code.fill: moved to `overview.colors.codeChip`: write the colour token there")
        #expect(
            errorText(with(t, "overview.title.style", "h1"))
                == "overview.title.style: moved to `styles.h1` of this section: write the style name there")
        #expect(
            errorText(with(t, "overview.title.spaceBelow", 20)) == "overview.title.spaceBelow: renamed `spaceAfter`")
        // A title object written before `spaceBefore` existed loads as it laid out then (0).
        #expect(errorText(with(t, "overview.title.spaceBefore", nil)) == nil)
        #expect(
            errorText(with(t, "days.title.lead", "lead"))
                == "days.title.lead: moved to `styles.lead` of this section: write the style name there")
    }

    @Test("the cover's styles and colours written in place are refused with the roles that replace them")
    func coverKeysMoved() throws {
        let t = try classic()
        #expect(
            errorText(with(t, "cover.noteStyle", "note"))
                == "cover.noteStyle: moved to `cover.styles.note`: write the style name there")
        #expect(
            errorText(with(t, "cover.stats.fill", "surface"))
                == "cover.stats.fill: moved to `cover.colors.statTile`: write the colour token there")
        #expect(
            errorText(with(t, "cover.meta.chipStyle", "chip"))
                == "cover.meta.chipStyle: moved to `cover.styles.chip`: write the style name there")
    }

    @Test("a section's words are required when it is listed, and only then")
    func sectionWords() throws {
        let t = try classic()
        #expect(
            errorText(with(t, "labels.es.days", nil))
                == "labels.es.days: required when `days` is listed (the template lists the days section)")
        var noCover = with(t, "labels.es.cover", nil)
        noCover = with(noCover, "labels.en.cover", nil)
        noCover = with(noCover, "labels.fr.cover", nil)
        noCover["sections"] = ["title", "overview", "days", "progress"]
        noCover = with(noCover, "title", Self.titleSection(["facts": "right"]))
        noCover["firstPageMargins"] = noCover["margins"]
        #expect(errorText(noCover) == nil)
        #expect(errorText(with(t, "labels.en.cover.noMap", nil)) == "labels.en.cover.noMap: required key is missing")
        #expect(
            errorText(with(t, "labels.en.legs.manyBuses", nil)) == "labels.en.legs.manyBuses: required key is missing")
    }

    @Test("style and colour names are checked wherever a key declares one")
    func references() throws {
        let t = try classic()
        #expect(
            errorText(with(t, "overview.colors.arrow", "nope"))
                == "overview.colors.arrow: unknown colour token \"nope\"")
        #expect(
            errorText(with(t, "overview.styles.date", "nope"))
                == "overview.styles.date: unknown style \"nope\" (did you mean \"note\"?)")
        #expect(errorText(with(t, "days.colors.arrow", "nope")) == "days.colors.arrow: unknown colour token \"nope\"")
        #expect(errorText(with(t, "days.teamBar.color", "nope")) == "days.teamBar.color: unknown colour token \"nope\"")
        #expect(errorText(with(t, "days.teamBar.color", "team")) == nil)
        #expect(errorText(with(t, "colors.ink", "#12345")) == "colors.ink: expected \"#RRGGBB\", got \"#12345\"")
    }

    @Test("found in review: a column's width keeps its bound; a required-when key written null is left out")
    func reviewFindings() throws {
        let t = try classic()
        #expect(
            errorText(with(t, "overview.days.columns.games.width", -500))
                == "overview.days.columns.games.width: must be a number of 0 or more and at most 100000")
        #expect(errorText(with(t, "overview.days.columns.day.width", 30)) == nil)
        #expect(errorText(with(t, "progress.bar.borderColor", NSNull())) == nil)
        #expect(
            errorText(with(with(t, "progress.bar.border", 1), "progress.bar.borderColor", NSNull()))
                == "progress.bar.borderColor: required when border is above 0")
        var ruled = with(t, "days.heading.kind", "rule")
        ruled = with(ruled, "days.heading.rule", NSNull())
        ruled = with(ruled, "days.heading.ruleGap", 4)
        #expect(errorText(ruled) == "days.heading.rule: required when kind is \"rule\"")
        #expect(errorText(with(t, "cover", nil)) == "cover: required when `cover` is listed")
        let oneStep = with(with(t, "cover.map.graticule.steps", [5]), "cover.map.graticule.stepsBelow", [Double]())
        #expect(errorText(oneStep) == nil, "a graticule of one step has no limits")
        var titleOnly = try classic()
        titleOnly["sections"] = ["title"]
        titleOnly["title"] = Self.titleSection([:])
        titleOnly["firstPageMargins"] = titleOnly["margins"]
        for language in ["en", "es", "fr"] { titleOnly = with(titleOnly, "labels.\(language).legs", nil) }
        #expect(errorText(titleOnly) == nil, "no section that counts legs is listed")
    }

    @Test(
        "found by a template author: a section listed twice, a misspelt colour token, a placeholder the layout does not fill"
    )
    func authorFindings() throws {
        let t = try classic()
        var twice = t
        twice["sections"] = ["cover", "overview", "days", "days"]
        #expect(errorText(twice) == "sections[3]: \"days\" is listed twice")
        #expect(
            errorText(with(t, "header.ruleColor", "accnt"))
                == "header.ruleColor: unknown colour token \"accnt\" (did you mean \"accent\"?)")
        #expect(
            errorText(with(t, "labels.en.common.pageOf", "Seite {page} von {total}"))
                == "labels.en.common.pageOf: unknown placeholder {total} (it may use {page}, {pages})")
        #expect(
            errorText(with(t, "labels.en.common.tickets", "Tickets {n}"))
                == "labels.en.common.tickets: unknown placeholder {n} (it takes none)")
        #expect(errorText(with(t, "labels.en.legs.manyFlights", "{n} vols")) == nil)
    }

    @Test("a declared default is what a left-out key reads as")
    func defaults() throws {
        let t = try classic()
        let loaded = try TemplateLoader.load(JSONSerialization.data(withJSONObject: with(t, "cover.gaps.mapKey", nil)))
        #expect(loaded.cover?.gaps.mapKey == 6)
        let style = try TemplateLoader.load(JSONSerialization.data(withJSONObject: with(t, "styles.meta.weight", nil)))
        #expect(style.styles["meta"]?.weight == 400)
        #expect(
            errorText(with(t, "styles.meta.weight", 950))
                == "styles.meta.weight: must be a whole number from 100 to 900")
        #expect(
            errorText(with(t, "styles.meta.size", 145)) == "styles.meta.size: must be a number above 0 and at most 144")
    }

    @Test("every spec reads each key it declares, and declares each key it reads")
    func declarationsMatchReading() throws {
        // Reading asserts (in debug builds) that no declared key goes unread; loading both
        // templates walks every spec. A key read but not declared stops the reading outright.
        for name in ["classic", "compact"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/\(name).json"))
            _ = try TemplateLoader.load(data)
        }
        let schema = TemplateSchema("test", [.number("a", default: 1, "a"), .number("b", "b")])
        let object = try TemplateValue(json: .object([]), path: [], reading: TemplateReading()).object(schema)
        #expect(try object.number("a") == 1)
        #expect(object.unread == ["b"])
    }

    @Test("an old template's retired keys are listed all at once, in document order, one per line")
    func retiredKeysListedTogether() throws {
        var t = with(try classic(), "overview.title.style", "h1")
        t = with(t, "overview.staysTitle.spaceAbove", 30)
        t = with(t, "cover.noteStyle", "note")
        t = with(t, "days.title.lead", "lead")
        let text = try #require(errorText(t))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "4 retired keys, each with what to write instead:", "\(text)")
        #expect(
            Set(lines.dropFirst()) == [
                "overview.title.style: moved to `styles.h1` of this section: write the style name there",
                "overview.staysTitle.spaceAbove: renamed `spaceBefore`, as in a section title",
                "cover.noteStyle: moved to `cover.styles.note`: write the style name there",
                "days.title.lead: moved to `styles.lead` of this section: write the style name there",
            ], "\(text)")
        // One alone is reported where it is read, as before.
        #expect(
            errorText(with(try classic(), "cover.noteStyle", "note"))
                == "cover.noteStyle: moved to `cover.styles.note`: write the style name there")
    }

    @Test(
        "found in review: a hidden title needs no spaces; a number's range names its bound; a missing role says what it wants"
    )
    func secondReviewFindings() throws {
        var hidden = with(try classic(), "days.title.visible", false)
        hidden = with(hidden, "days.title.leadGap", nil)
        hidden = with(hidden, "days.title.spaceAfter", nil)
        #expect(errorText(hidden) == nil)
        #expect(
            errorText(with(try classic(), "days.title.spaceAfter", nil))
                == "days.title.spaceAfter: required when `visible` is true")
        #expect(
            errorText(with(try classic(), "days.title.spaceAfter", 200_000))
                == "days.title.spaceAfter: must be a number of 0 or more and at most 100000")
        #expect(
            errorText(with(try classic(), "days.title.spaceAfter", -1))
                == "days.title.spaceAfter: must be a number of 0 or more and at most 100000")
        #expect(
            errorText(with(try classic(), "cover.styles.continued", nil))
                == "cover.styles.continued: required key is missing (a style name from `styles`)")
        #expect(
            errorText(with(try classic(), "days.colors.tile", nil))
                == "days.colors.tile: required key is missing (a colour token from `colors`)")
    }

    /// A `title` section's settings: `extra` over its required gaps and styles.
    static func titleSection(_ extra: [String: Any]) -> [String: Any] {
        var title: [String: Any] = [
            "nameGap": 6, "spaceAfter": 28, "styles": ["name": "title", "facts": "subtitle", "summary": "meta"],
        ]
        for (key, value) in extra { title[key] = value }
        return title
    }

    @Test("the title section names its styles in a role map, as every section does; the root spacing moved into it")
    func titleRoles() throws {
        var t = try classic()
        t["sections"] = ["title", "overview", "days", "progress"]
        t["firstPageMargins"] = t["margins"]
        t["title"] = Self.titleSection([:])
        #expect(errorText(t) == nil)
        #expect(
            errorText(with(t, "title.styles.facts", nil))
                == "title.styles.facts: required key is missing (a style name from `styles`)")
        #expect(
            errorText(with(t, "title.styles.name", "titel"))
                == "title.styles.name: unknown style \"titel\" (did you mean \"title\"?)")
        // The styles once asked for by name are no longer required of a template without the section.
        #expect(errorText(with(with(try classic(), "styles.subtitle", nil), "styles.title", nil)) == nil)
        #expect(
            errorText(with(t, "spacing", ["afterTitle": 6, "afterTitleBlock": 28]))
                == "spacing: moved into the `title` section: `afterTitle` is `title.nameGap`, `afterTitleBlock` is `title.spaceAfter`, and the styles `title`, `subtitle` and `meta` it printed in are named by `title.styles.name`, `facts` and `summary` (a template without a `title` section deletes it)"
        )
    }

    @Test("every role of a role map has a row of its own in the reference, with its meaning")
    func everyRoleHasItsMeaning() {
        let reference = TemplateKeyReference.markdown()
        func check<Role: TemplateRoleSet>(_: Role.Type) {
            let kind = Role.namesColorTokens ? "colour token" : "style name"
            for role in Role.allCases {
                #expect(!role.meaning.isEmpty, "\(Role.self).\(role.stringValue)")
                #expect(
                    reference.contains("| `\(role.stringValue)` | \(kind) | required | \(role.meaning) |"),
                    "\(Role.self).\(role.stringValue)")
            }
            // Two roles of one map that say the same would style the same thing.
            #expect(Set(Role.allCases.map(\.meaning)).count == Role.allCases.count, "\(Role.self)")
        }
        check(DayStyle.self)
        check(DayColor.self)
        check(OverviewStyle.self)
        check(OverviewColor.self)
        check(CoverStyle.self)
        check(CoverColor.self)
        check(ProgressStyle.self)
        check(ProgressColor.self)
        check(TitleStyle.self)
    }

    @Test("found in review: a role map's missing roles are named at once; a missing map says what it holds")
    func missingRolesTogether() throws {
        let t = with(with(try classic(), "cover.colors.disc", nil), "cover.colors.seam", nil)
        let text = try #require(errorText(t))
        #expect(text.hasPrefix("cover.colors: 2 roles are missing: "), "\(text)")
        #expect(text.contains("disc") && text.contains("seam") && text.hasSuffix("(a colour token from `colors` each)"))
        #expect(
            errorText(with(try classic(), "progress.styles", nil))
                == "progress.styles: required key is missing (a style name for every text role)")
    }
}
