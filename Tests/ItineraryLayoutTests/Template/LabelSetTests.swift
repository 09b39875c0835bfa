/// Every bundled template's words, in every language it ships: the same keys as English, every
/// `{placeholder}` one the layout fills, and no English left in a language that is not.
import Foundation
@testable import ItineraryLayout
import Testing
import TestSupport

@Suite("Bundled label sets")
struct LabelSetTests {
    static let templates = ["classic", "compact"]

    private func labels(_ template: String) throws -> [String: [String: [String: String]]] {
        let data = try Data(contentsOf: TestPaths.root.appendingPathComponent("Templates/\(template).json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let languages = try #require(json["labels"] as? [String: [String: [String: String]]])
        return languages
    }

    @Test("every language has every key English has, and no other, in every group", arguments: templates)
    func sameKeys(template: String) throws {
        let languages = try labels(template)
        let english = try #require(languages["en"])
        #expect(
            Set(languages.keys).isSuperset(of: ["en", "es", "fr", "de"]), "\(template): \(languages.keys.sorted())")
        for (language, groups) in languages where language != "en" {
            #expect(Set(groups.keys) == Set(english.keys), "\(template) \(language): groups")
            for (group, words) in english {
                let theirs = groups[group] ?? [:]
                #expect(
                    Set(theirs.keys) == Set(words.keys),
                    "\(template) \(language).\(group): missing \(Set(words.keys).subtracting(theirs.keys).sorted()), extra \(Set(theirs.keys).subtracting(words.keys).sorted())"
                )
            }
        }
    }

    @Test("no placeholder is left unfilled and no word is empty or left as a note to translate", arguments: templates)
    func placeholdersAndWords(template: String) throws {
        // Loading checks each label's placeholders against the ones the layout fills.
        _ = try TemplateLoader.load(
            Data(contentsOf: TestPaths.root.appendingPathComponent("Templates/\(template).json")))
        for (language, groups) in try labels(template) {
            for (group, words) in groups {
                for (key, word) in words {
                    #expect(
                        !word.trimmingCharacters(in: .whitespaces).isEmpty,
                        "\(template) \(language).\(group).\(key) is empty")
                    #expect(
                        !["TODO", "FIXME", "XXX", "???"].contains { word.contains($0) },
                        "\(template) \(language).\(group).\(key): \(word)")
                    // Every figure and name the English word prints, the translation prints too (a
                    // language may choose its own venue noun or league form, but never drop a count).
                    let english = try #require(try labels(template)["en"]?[group]?[key])
                    let data = Self.placeholders(english).subtracting([
                        "venueOne", "venueOther", "league", "leagueName",
                    ])
                    #expect(
                        Self.placeholders(word).isSuperset(of: data), "\(template) \(language).\(group).\(key): \(word)"
                    )
                }
            }
        }
    }

    @Test("a German trip is in German throughout: labels and dates in one style", arguments: templates)
    func german(template: String) throws {
        let doc = try Compact.layout(try Compact.trip("german-locale.json"), template: template)
        let texts = doc.pages.flatMap { $0.items.texts.map(\.text) }
        for english in ["Overview", "Day by day", "Page 1 of", "Check-out ·", "Stadium progress", "Traveler"] {
            #expect(!texts.contains { $0.contains(english) }, "\(template): \(english)")
        }
        #expect(texts.contains { $0.hasPrefix("Seite ") })
        // The date range spells its months as the day pages do, never all digits (28.12.2026).
        #expect(!texts.contains { $0.range(of: #"\d\d\.\d\d\.\d{4}"#, options: .regularExpression) != nil })
    }

    static func placeholders(_ word: String) -> Set<String> {
        var found: Set<String> = []
        var rest = word[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
