/// The cover's template keys are checked on load, each error naming its key.
import Foundation
@testable import ItineraryLayout
import Testing
import TestSupport

/// `object` with the value at `path` (dotted keys) replaced, or removed when nil.
private func setting(_ object: [String: Any], _ path: [String], _ value: Any?) -> [String: Any] {
    var o = object
    guard let key = path.first else { return o }
    if path.count == 1 {
        o[key] = value
    } else {
        o[key] = setting(o[key] as? [String: Any] ?? [:], Array(path.dropFirst()), value)
    }
    return o
}

@Suite("Cover template keys")
struct CoverTemplateTests {
    @Test func classicHasEveryCoverKeyAndWord() throws {
        let t = try TemplateLoader.load(Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json")))
        let cover = try #require(t.cover)
        #expect(cover.map.height == 400 && cover.map.markers.tiers.map(\.radius) == [8.5, 7, 6])
        #expect(!t.footer.onFirstPage)
        for language in ["en", "es"] {
            for key in Labels.cover.current.filter({ if case .required = $0.presence { true } else { false } }).map(
                \.name)
            {
                #expect(t.labels[language]?.label("cover", key).isEmpty == false, "\(language).cover.\(key)")
            }
        }
    }

    @Test func unknownNamesAreErrors() throws {
        let t = try classic()
        #expect(errorKey(setting(t, ["cover", "map", "labels", "cityStyle"], "nope")) == "cover.map.labels.cityStyle")
        #expect(errorKey(setting(t, ["cover", "map", "route", "color"], "nope")) == "cover.map.route.color")
        #expect(errorKey(setting(t, ["cover", "colors", "statTile"], "nope")) == "cover.colors.statTile")
        #expect(errorKey(setting(t, ["cover", "styles", "continued"], "nope")) == "cover.styles.continued")
    }

    @Test func brokenValuesAreNamed() throws {
        let t = try classic()
        #expect(errorKey(setting(t, ["cover", "map", "padding"], nil)) == "cover.map.padding")
        #expect(errorKey(setting(t, ["cover", "stats", "weights"], [1, 1, 1])) == "cover.stats.weights")
        #expect(
            errorKey(setting(t, ["cover", "map", "graticule", "stepsBelow"], [12, 25]))
                == "cover.map.graticule.stepsBelow")
        #expect(
            errorKey(
                setting(
                    t, ["cover", "map", "markers", "tiers"], [["maxPlaces": 12, "radius": 8.5, "style": "marker"]]))
                == "cover.map.markers.tiers")
        #expect(errorKey(setting(t, ["cover", "gaps", "brnad"], 44)) == "cover.gaps.brnad")
        #expect(errorKey(setting(t, ["labels", "es", "cover", "note"], nil)) == "labels.es.cover.note")
    }
}
