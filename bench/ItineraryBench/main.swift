/// In-process benchmark: renders each trip N times with one exporter and reports pages per second.
/// Usage: itinerary-bench [--runs N] [--cold] [--glibc-format] TRIP.json...   (bench/run.sh drives it)
/// `--glibc-format` sends cairo's numbers to glibc's own snprintf (CFastFormat's fast path
/// off), to measure what that path saves on the libraries at hand.
///
/// The text engine keeps broken paragraphs from one document to the next, so rendering the
/// same trip again is cheaper than a first render. Three views keep the numbers honest:
/// each trip repeated (warm); a batch of different trips (each example moved by another
/// number of weeks, for another traveller: every document is new, but labels, teams,
/// stadiums and cities recur, as in a batch job); and `--cold`, which empties the paragraph
/// cache before every document.
import CFastFormat
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
    } else if arg == "--glibc-format" {
        ei_fast_format_set_enabled(0)
    } else if arg == "--gate-store", let n = args.popFirst().flatMap({ Int($0) }) {
        gateStoreSize = n
    } else {
        files.append(arg)
    }
}

func fail(_ error: Error) -> Never {
    FileHandle.standardError.write(Data("itinerary-bench: \(error)\n".utf8))
    exit(1)
}

if let gateStoreSize {
    do {
        try GateBench.run(count: gateStoreSize, catalogPath: ProAccess.defaultCatalogPath())
    } catch {
        fail(error)
    }
    exit(0)
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

func row(_ name: String, pages: Int, documents: Int, elapsed: Duration, bytes: Int?) {
    let ms = String(format: "%.1f", seconds(elapsed) * 1000 / Double(max(1, documents)))
    let rate = String(format: "%.0f", Double(pages) / seconds(elapsed))
    print("\(name)\t\(pages / max(1, documents))\t\(ms)\t\(rate)\t\(bytes.map { "\($0 / max(1, pages))" } ?? "-")")
}

do {
    // The store comes from EXPORT_ITINERARY_HOME (bench/run.sh makes a throwaway Pro store).
    let exporter = try Exporter(gate: ProAccess.gate())
    exporter.fontSet.makeProcessDefault()  // as the command does
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
        row(
            URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent, pages: pages, documents: runs,
            elapsed: elapsed, bytes: bytes)
    }
    // A batch of different trips: every document is one the process has not seen.
    var pages = 0, documents = 0
    let elapsed = try ContinuousClock().measure {
        for round in 1...max(1, runs / 2) {
            for trip in trips {
                pages += try exporter.render(TripVariants.moved(trip, weeks: round, traveler: "Traveller \(round)"))
                    .pageCount
                documents += 1
            }
        }
    }
    row("batch of \(documents) different trips", pages: pages, documents: documents, elapsed: elapsed, bytes: nil)
} catch {
    fail(error)
}
