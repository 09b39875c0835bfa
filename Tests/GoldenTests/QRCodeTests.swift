/// Every QR code on paper decodes to its link: rasterised at 300 dpi, as a printer would, and read
/// back with zbarimg (Debian's zbar-tools), independent of the encoder that drew them.
import Foundation
import ItineraryExport
import ItineraryModel
import Testing
import TestSupport

@Suite("QR codes")
struct QRCodeTests {
    /// The links a trip prints: ticket links and plan links, in document order.
    static func links(_ trip: Trip) -> [String] {
        trip.days.flatMap { day in
            day.items.compactMap { item -> String? in
                switch item {
                case let .game(game): return game.ticket?.url
                case let .custom(custom): return custom.url
                default: return nil
                }
            }
        }
    }

    @Test(
        "every ticket and plan link of every example is printed as a QR code that decodes to it (classic)",
        arguments: TestPaths.jsonFiles(in: TestPaths.examples).map(\.lastPathComponent))
    func decodes(_ file: String) throws {
        let trip = try Exporter.loadTrip(path: TestPaths.examples.appendingPathComponent(file).path)
        let expected = Self.links(trip)
        let dir = TestPaths.scratch("qr-\(file)")
        let pdf = dir.appendingPathComponent("trip.pdf")
        try TestStores.exporter().render(trip, options: ExportOptions(template: .named("classic"))).bytes.write(to: pdf)
        let raster = try runProcess(
            "/usr/bin/pdftoppm", ["-r", "300", "-gray", "-png", pdf.path, dir.appendingPathComponent("page").path])
        #expect(raster.status == 0, "\(raster.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("page") }
            .sorted()
        #expect(!pages.isEmpty)
        // zbarimg exits 4 on a page without a code; every code found is one line of its text.
        let zbarimg = "/usr/bin/zbarimg"
        try #require(
            FileManager.default.isExecutableFile(atPath: zbarimg),
            "zbarimg is missing: install zbar-tools (scripts/install-deps.sh)")
        var decoded: [String] = []
        for page in pages {
            let out = try runProcess(
                zbarimg, ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", dir.appendingPathComponent(page).path])
            #expect(out.status == 0 || out.status == 4, "\(page): \(out.stderr)")
            decoded += out.stdout.split(separator: "\n").map(String.init)
        }
        #expect(decoded.sorted() == expected.sorted(), "\(file): decoded \(decoded), links \(expected)")
    }
}
