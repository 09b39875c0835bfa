/// In-process benchmark: renders each trip N times with one exporter and reports pages per second.
/// Usage: itinerary-bench [--runs N] TRIP.json...   (bench/run.sh drives it)
import Entitlements
import Foundation
import ItineraryExport

var runs = 20
var gateStoreSize: Int?
var files: [String] = []
var args = CommandLine.arguments.dropFirst()[...]
while let arg = args.popFirst() {
    if arg == "--runs", let n = args.popFirst().flatMap({ Int($0) }) {
        runs = n
    } else if arg == "--gate-store", let n = args.popFirst().flatMap({ Int($0) }) {
        gateStoreSize = n
    } else {
        files.append(arg)
    }
}

if let gateStoreSize {
    do {
        try GateBench.run(count: gateStoreSize, catalogPath: ProAccess.defaultCatalogPath())
    } catch {
        FileHandle.standardError.write(Data("itinerary-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

do {
    // The store comes from EXPORT_ITINERARY_HOME (bench/run.sh makes a throwaway Pro store).
    let exporter = try Exporter(gate: ProAccess.gate())
    print("trip\tpages\tms/doc(in-process)\tpages/s\tbytes/page")
    for file in files {
        let trip = try Exporter.loadTrip(path: file)
        _ = try exporter.render(trip)  // warm up: fonts, caches
        let clock = ContinuousClock()
        var pages = 0, bytes = 0
        let elapsed = try clock.measure {
            for _ in 0..<runs {
                let result = try exporter.render(trip)
                pages += result.pageCount
                bytes += result.bytes.count
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        print("\(name)\t\(pages / runs)\t\(String(format: "%.1f", seconds * 1000 / Double(runs)))\t\(String(format: "%.0f", Double(pages) / seconds))\t\(bytes / max(1, pages))")
    }
} catch {
    FileHandle.standardError.write(Data("itinerary-bench: \(error)\n".utf8))
    exit(1)
}
