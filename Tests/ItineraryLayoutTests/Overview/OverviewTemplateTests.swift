/// The template's `overview` settings: checked on load, naming the key at fault.
import Foundation
import ItineraryLayout
import Testing
import TestSupport

/// `template` with `edit` applied to its `overview` object.
private func editingOverview(_ edit: (inout [String: Any]) -> Void) throws -> [String: Any] {
    var t = try classic()
    var overview = try #require(t["overview"] as? [String: Any])
    edit(&overview)
    t["overview"] = overview
    return t
}

@Suite("Overview template settings")
struct OverviewTemplateTests {
    @Test func classicHasThem() throws {
        let overview = try #require(try TemplateLoader.load(JSONSerialization.data(withJSONObject: classic())).overview)
        #expect(
            overview.days.columns.map(\.width) == [
                .fixed(26), .fixed(62), .fixed(74), .fixed(100), .rest, .fixed(48), .fixed(50),
            ])
        // Wider than the mock-up (112/112/80): the examples carry 13-character confirmation codes.
        #expect(overview.stays.columns.map(\.width) == [.rest, .fixed(108), .fixed(108), .fixed(44), .fixed(88)])
        #expect(overview.table.rowPaddingTop == 7 && overview.table.rowPaddingBottom == 7)
    }

    @Test func anUnknownStyleIsNamed() throws {
        let t = try editingOverview { o in
            var styles = o["styles"] as! [String: Any]
            styles["travel"] = "tableCel"
            o["styles"] = styles
        }
        #expect(errorKey(t) == "overview.styles.travel")
    }

    @Test func anUnknownColourIsNamed() throws {
        let t = try editingOverview { o in
            var colors = o["colors"] as! [String: Any]
            colors["arrow"] = "ink9"
            o["colors"] = colors
        }
        #expect(errorKey(t) == "overview.colors.arrow")
    }

    @Test func aColumnWidthIsANumberOrRest() throws {
        let t = try editingOverview { o in
            var days = o["days"] as! [String: Any]
            var columns = days["columns"] as! [String: Any]
            columns["travel"] = ["width": "remaining"]
            days["columns"] = columns
            o["days"] = days
        }
        #expect(errorKey(t) == "overview.days.columns.travel.width")
    }

    @Test func aMissingLabelIsNamed() throws {
        var t = try classic()
        var labels = t["labels"] as! [String: Any]
        var es = labels["es"] as! [String: Any]
        var overview = es["overview"] as! [String: Any]
        overview["nights"] = nil
        es["overview"] = overview
        labels["es"] = es
        t["labels"] = labels
        #expect(errorKey(t) == "labels.es.overview.nights")
    }
}
