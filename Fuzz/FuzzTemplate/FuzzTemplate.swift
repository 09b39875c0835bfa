/// Fuzz target: the template loader, and a theme for each of its papers and languages (where
/// styles, colours and papers are resolved).
import Foundation
import FuzzSupport
import ItineraryLayout

func fuzzOne(_ data: Data) {
    guard let template = try? TemplateLoader.load(data) else { return }
    for paper in template.papers.keys.sorted() {
        for language in template.labels.keys.sorted() { _ = try? Theme(template: template, locale: language, paper: paper) }
    }
}

#if FUZZING
// libFuzzer's archive refers to this name; the driver below is handed the same function.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzOne(data.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@main struct Fuzzer {
    static func main() {
        // Lazy globals and one-time runtime caches are made before the first input: the leak
        // checker would take them for a leak of that input.
        fuzzOne(Data())
        exit(FuzzEntry.runFuzzer { data, count in fuzzerTestOneInput(data, count) })
    }
}
#else
@main struct Replay { static func main() { exit(FuzzEntry.replay(fuzzOne)) } }
#endif
