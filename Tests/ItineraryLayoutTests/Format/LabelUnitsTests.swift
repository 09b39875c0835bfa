/// Units are words of the labels' language: a template with Arabic labels writes Arabic units
/// beside the Arabic-Indic digits those labels bring.
import Foundation
import ItineraryLayout
import ItineraryModel
import Testing
import TestSupport

@Suite("Units from the labels")
struct LabelUnitsTests {
    /// The classic template with an `ar` label set: the English words, but every unit in Arabic.
    static func arabicTemplate() throws -> Template {
        var object = try classic()
        let labels = try #require(object["labels"] as? [String: Any])
        object = with(object, "labels.ar", labels["en"])
        let units: [(String, String)] = [
            ("common.hoursShort", "س"), ("common.minutesShort", "د"), ("common.milesShort", "ميل"),
            ("common.kilometresShort", "كم"), ("cover.stops", "{count} محطات"),
            ("cover.latitudeNorth", "{degrees}° شمالًا"), ("cover.latitudeSouth", "{degrees}° جنوبًا"),
            ("cover.longitudeEast", "{degrees}° شرقًا"), ("cover.longitudeWest", "{degrees}° غربًا"),
        ]
        for (key, word) in units { object = with(object, "labels.ar." + key, word) }
        return try TemplateLoader.load(JSONSerialization.data(withJSONObject: object))
    }

    /// Every line of text the document draws.
    static func texts(_ trip: Trip, template: Template) throws -> [String] {
        try CoverFixtures.document(trip, template: template).pages.flatMap(CoverFixtures.texts)
    }

    /// A figure in Arabic-Indic digits followed by a Latin unit (`١٢٠ km`, `١ h`).
    static func latinUnit(_ text: String) -> Bool {
        text.range(of: "[٠-٩][٠-٩٫٬]*[\u{00A0}\u{202F} ]*(km|mi|h|m|min|stops)\\b", options: .regularExpression) != nil
    }

    @Test("an Arabic trip with Arabic labels: Arabic units beside Arabic-Indic digits, never km, mi, h or m")
    func arabicUnits() throws {
        let metric = try CoverFixtures.trip(CoverFixtures.file("arabic-locale"))
        let template = try Self.arabicTemplate()
        var imperial = metric
        imperial.units = .imperial
        for trip in [metric, imperial] {
            let texts = try Self.texts(trip, template: template)
            let unit = trip.units == .imperial ? "ميل" : "كم"
            #expect(
                texts.contains { $0.contains(unit) && $0.contains { ("٠"..."٩").contains($0) } },
                "no \(unit) beside Arabic-Indic digits")
            #expect(texts.contains { $0.contains("س") && $0.contains("د") && $0.contains("١") }, "no Arabic duration")
            let latin = texts.filter(Self.latinUnit)
            #expect(latin.isEmpty, "Latin units beside Arabic-Indic digits: \(latin)")
        }
    }

    @Test("the bundled labels keep their units: English, Spanish, French and German write mi and km")
    func bundledUnits() throws {
        let template = try CoverFixtures.template()
        for language in ["en", "es", "fr", "de"] {
            let labels = try #require(template.labels[language])
            #expect(labels.milesShort == "mi" && labels.kilometresShort == "km", "\(language)")
        }
    }

    @Test("a template written without the unit labels still loads, and writes mi and km")
    func unitLabelsMayBeLeftOut() throws {
        var object = try classic()
        var labels = try #require(object["labels"] as? [String: Any])
        var english = try #require(labels["en"] as? [String: Any])
        var common = try #require(english["common"] as? [String: Any])
        common["milesShort"] = nil
        common["kilometresShort"] = nil
        english["common"] = common
        labels["en"] = english
        object["labels"] = labels
        let template = try TemplateLoader.load(JSONSerialization.data(withJSONObject: object))
        let loaded = try #require(template.labels["en"])
        #expect(loaded.milesShort == "mi" && loaded.kilometresShort == "km")
    }
}
