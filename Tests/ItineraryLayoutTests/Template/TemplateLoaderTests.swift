/// Templates are checked on load, and every error names the key at fault.
import Foundation
import ItineraryLayout
import Testing
import TestSupport

private func load(_ object: [String: Any]) throws -> Template {
    try TemplateLoader.load(JSONSerialization.data(withJSONObject: object))
}

@Suite("Template loader")
struct TemplateLoaderTests {
    @Test func bundledTemplatesLoad() throws {
        for name in ["classic", "compact"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/\(name).json"))
            let template = try TemplateLoader.load(data)
            #expect(template.name == name)
        }
    }

    @Test func aMisspeltKeyIsNamed() throws {
        var t = try classic()
        var styles = t["styles"] as! [String: Any]
        var meta = styles["meta"] as! [String: Any]
        meta["sise"] = 9
        styles["meta"] = meta
        t["styles"] = styles
        #expect(errorKey(t) == "styles.meta.sise")
    }

    /// Templates are parsed by the project's own JSON reader: syntax errors say where, a key
    /// written twice is refused, and wrong kinds of value are named with their path.
    @Test func syntaxDuplicatesAndKindsAreReported() throws {
        let text = try String(contentsOfFile: TestPaths.templates + "/classic.json", encoding: .utf8)
        func error(_ json: String) -> TemplateError? {
            do {
                _ = try TemplateLoader.load(Data(json.utf8))
                return nil
            } catch {
                return error
            }
        }
        let broken = try #require(error(text.replacingOccurrences(of: "\"paper\":", with: "\"paper\"")))
        #expect(broken.key == "")
        #expect(broken.message.hasPrefix("not valid JSON at line "))

        let twice = try #require(
            error(
                text.replacingOccurrences(of: "{", with: "{\"name\": \"x\", ", options: [], range: text.range(of: "{")))
        )
        #expect(twice.key == "name")
        #expect(twice.message == "duplicate key")

        #expect(errorKey(with(try classic(), "paper", 7)) == "paper")
        #expect(errorKey(with(try classic(), "margins", NSNull())) == "margins")
        #expect(errorKey(with(try classic(), "margins.top", "wide")) == "margins.top")
    }

    /// A template written for the first design still carries keys the layout dropped.
    @Test func retiredKeysSaySo() throws {
        for (path, value) in [
            ("labels.en.lodging", "Lodging" as Any),
            ("overview.table.cellStyle", "body"),
        ] {
            do {
                _ = try TemplateLoader.load(JSONSerialization.data(withJSONObject: with(try classic(), path, value)))
                Issue.record("\(path) was accepted")
            } catch let error as TemplateError {
                #expect(error.key == path)
                #expect(error.message.contains("no longer used"), "\(error)")
            }
        }
        #expect(errorKey(with(try classic(), "spacing.afterDayHeadng", 10)) == "spacing")
    }

    /// Counts the layout loops over: an absurd one is an error, not a crash or a hang.
    @Test func countsAreBounded() throws {
        #expect(errorKey(with(try classic(), "progress.bar.maxSegments", 1e300)) == "progress.bar.maxSegments")
        #expect(errorKey(with(try classic(), "progress.grid.columns", 1_000_000)) == "progress.grid.columns")
        #expect(errorKey(with(try classic(), "progress.grid.columns", 2.5)) == "progress.grid.columns")
        #expect(errorKey(with(try classic(), "progress.grid.columns", 4)) == nil)
    }

    @Test func missingAndBrokenValuesAreNamed() throws {
        var t = try classic()
        t.removeValue(forKey: "margins")
        #expect(errorKey(t) == "margins")

        t = try classic()
        var colors = t["colors"] as! [String: Any]
        colors["ink"] = "dark blue"
        t["colors"] = colors
        #expect(errorKey(t) == "colors.ink")

        t = try classic()
        var styles = t["styles"] as! [String: Any]
        styles.removeValue(forKey: "display")
        t["styles"] = styles
        #expect(errorKey(t) == "cover.styles.title")

        t = try classic()
        var labels = t["labels"] as! [String: Any]
        labels.removeValue(forKey: "en")
        t["labels"] = labels
        #expect(errorKey(t) == "labels.en")

        t = try classic()
        t["paper"] = "tabloid"
        #expect(errorKey(t) == "paper")

        t = try classic()
        var margins = t["margins"] as! [String: Any]
        margins["top"] = -4
        t["margins"] = margins
        #expect(errorKey(t) == "margins.top")
    }

    /// One path notation for trips, templates and manifests (`StrictJSON.JSONPath`): an array
    /// element is `sections[1]`, a key that is not an identifier `labels["pt BR"]`.
    @Test func pathsAreWrittenAsTripsWriteThem() throws {
        var t = try classic()
        var sections = t["sections"] as! [Any]
        sections[1] = 7
        t["sections"] = sections
        #expect(errorKey(t) == "sections[1]")
        sections[1] = "schedule"
        t["sections"] = sections
        #expect(errorKey(t) == "sections[1]")

        t = try classic()
        var labels = t["labels"] as! [String: Any]
        labels["pt BR"] = ["days": 3]
        t["labels"] = labels
        #expect(errorKey(t)?.hasPrefix("labels[\"pt BR\"]") == true, "\(errorKey(t) ?? "none")")
    }

    @Test("the trip locale picks the labels, English is the fallback")
    func labelLanguage() throws {
        let template = try load(try classic())
        #expect(try Theme(template: template, locale: "es_MX").labels.restDay == "Día de descanso")
        #expect(try Theme(template: template, locale: "fr_CA").language == "fr")
        #expect(try Theme(template: template, locale: "de_DE").language == "de")
        #expect(try Theme(template: template, locale: "pt_BR").language == "en")
        #expect(throws: TemplateError.self) { try Theme(template: template, locale: "en_US", paper: "legal") }
    }
}
