/// Fuzz target: the StoreKit catalog parser, and the paywall made from what it accepts (its
/// prices and periods are where a huge number once overflowed).
import Entitlements
import Foundation
import FuzzSupport

func fuzzOne(_ data: Data) {
    guard let catalog = try? StoreKitCatalog.load(data) else { return }
    _ = Paywall(catalog: catalog, restoreCommand: "restore").text()
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
