/// Fuzz target: what `entitlements import` reads: JWS lines, App Store Server API responses and
/// notifications are split into items, and each item goes through JWS parsing and
/// verification (against Apple's test root when `../shared` has it, else no root at all).
import Foundation
import FuzzSupport
@testable import Entitlements

let roots: [Data] = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let ca = here.appendingPathComponent("../../../shared/conformance/app-store-server-library/certs/testCA.der").standardizedFileURL
    return (try? Data(contentsOf: ca)).map { [$0] } ?? []
}()
let verifier = SignedDataVerifier(trustedRoots: roots, bundleId: "com.example", environments: [.sandbox, .production])

func fuzzOne(_ data: Data) {
    for item in ImportSource.items(in: data, name: "fuzz") {
        _ = try? verifier.verifyTransaction(item.jws)
        _ = try? verifier.verifyRenewalInfo(item.jws)
        _ = try? verifier.verifyNotification(item.jws)
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
