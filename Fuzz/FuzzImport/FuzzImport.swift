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

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
