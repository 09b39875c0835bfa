/// In-process benchmark: renders each trip N times with one exporter and reports pages per second.
/// Usage: itinerary-bench [--runs N] [--cold] TRIP.json...   (bench/run.sh drives it)
///
/// The text engine keeps broken paragraphs from one document to the next, so rendering the
/// same trip again is cheaper than a first render. Three views keep the numbers honest:
/// each trip repeated (warm), every trip in turn as a batch of different trips would go
/// (`all trips in turn`), and `--cold`, which empties the paragraph cache before every document.
import Entitlements
import Foundation
import ItineraryExport

var runs = 20
var cold = false
var gateStoreSize: Int?
var files: [String] = []
var args = CommandLine.arguments.dropFirst()[...]
while let arg = args.popFirst() {
    if arg == "--runs", let n = args.popFirst().flatMap({ Int($0) }) {
        runs = n
    } else if arg == "--cold" {
        cold = true
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

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

do {
    // The store comes from EXPORT_ITINERARY_HOME (bench/run.sh makes a throwaway Pro store).
    let exporter = try Exporter(gate: ProAccess.gate())
    if cold { exporter.paragraphCapacity = 0 }
    print("trip\tpages\tms/doc(in-process\(cold ? ", cold" : ""))\tpages/s\tbytes/page")
    let trips = try files.map { try Exporter.loadTrip(path: $0) }
    for (file, trip) in zip(files, trips) {
        _ = try exporter.render(trip)  // warm up: fonts, caches
        var pages = 0, bytes = 0
        let elapsed = try ContinuousClock().measure {
            for _ in 0..<runs {
                let result = try exporter.render(trip)
                pages += result.pageCount
                bytes += result.bytes.count
            }
        }
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        print("\(name)\t\(pages / runs)\t\(String(format: "%.1f", seconds(elapsed) * 1000 / Double(runs)))\t\(String(format: "%.0f", Double(pages) / seconds(elapsed)))\t\(bytes / max(1, pages))")
    }
    if trips.count > 1 {
        // A batch of different trips: each document follows a different one.
        var pages = 0, documents = 0
        let elapsed = try ContinuousClock().measure {
            for _ in 0..<max(1, runs / 2) {
                for trip in trips {
                    pages += try exporter.render(trip).pageCount
                    documents += 1
                }
            }
        }
        print("all trips in turn\t\(pages / documents)\t\(String(format: "%.1f", seconds(elapsed) * 1000 / Double(documents)))\t\(String(format: "%.0f", Double(pages) / seconds(elapsed)))\t-")
    }
} catch {
    FileHandle.standardError.write(Data("itinerary-bench: \(error)\n".utf8))
    exit(1)
}
