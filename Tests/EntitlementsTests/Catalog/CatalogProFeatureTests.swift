/// The Pro features and their texts.
import Testing
@testable import Entitlements

@Suite("Pro features")
struct CatalogProFeatureTests {
    @Test("three features with their exact texts and icons")
    func texts() {
        #expect(ProFeature.allCases == [.unlimitedTrips, .pdfExport, .progressTracking])
        #expect(ProFeature.allCases.map(\.displayName) == ["Unlimited Trips", "PDF Export", "Progress Tracking"])
        #expect(ProFeature.unlimitedTrips.description == "Save unlimited trips and never lose your itineraries.")
        #expect(ProFeature.pdfExport.description == "Export beautiful PDF itineraries to share with friends.")
        #expect(
            ProFeature.progressTracking.description == "Track stadium visits, earn badges, complete your bucket list.")
        #expect(ProFeature.allCases.map(\.iconName) == ["infinity", "doc.richtext", "chart.bar.fill"])
    }
}
