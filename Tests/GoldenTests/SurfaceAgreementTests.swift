/// The PNG preview and the PDF are laid out once and drawn by one painter: they must agree.
import CCairo
import Foundation
import ItineraryExport
import Testing
import TestSupport

@Suite("PNG and PDF agree")
struct SurfaceAgreementTests {
    /// Rasterise the PDF with poppler and draw the same page with our PNG renderer, both in
    /// black and white at one resolution: text breaking differently on the two surfaces would
    /// move whole lines and make far more than a few pixels differ.
    @Test(arguments: ["midwest-mlb-10-day.json", "gira-es.json"])
    func samePage(_ file: String) throws {
        let exporter = try TestStores.exporter()
        let trip = try Exporter.loadTrip(path: TestPaths.examples.appendingPathComponent(file).path)
        let dir = TestPaths.scratch("surfaces-\(file)")
        let pdf = dir.appendingPathComponent("trip.pdf")
        try exporter.render(trip).bytes.write(to: pdf)
        for page in [2, 4] {
            let ours = dir.appendingPathComponent("ours-\(page).png")
            try exporter.renderPNG(trip, page: page, dpi: 72).bytes.write(to: ours)
            let r = try runProcess(
                "/usr/bin/pdftoppm",
                [
                    "-r", "72", "-gray", "-png", "-f", "\(page)", "-l", "\(page)",
                    "-singlefile", pdf.path, dir.appendingPathComponent("poppler-\(page)").path,
                ])
            #expect(r.status == 0)
            let a = try #require(PageImage(pngAt: ours.path))
            let b = try #require(PageImage(pngAt: dir.appendingPathComponent("poppler-\(page).png").path))
            #expect(a.width == b.width && a.height == b.height)
            // Antialiasing differs between cairo and poppler; layout differences would not be small.
            let differing = a.differingFraction(from: b, threshold: 160)
            #expect(differing < 0.01, "page \(page) of \(file): \(differing * 100)% of pixels differ")
        }
    }
}
