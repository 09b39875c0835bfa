/// Fuzz target: what `entitlements import` reads: JWS lines, App Store Server API responses and
/// notifications are split into items, and each item goes through JWS parsing and
/// verification (against Apple's test root when `../shared` has it, else no root at all).
import Foundation
import FuzzSupport
import Entitlements

let roots: [Data] = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let ca = here.appendingPathComponent("../../../shared/conformance/app-store-server-library/certs/testCA.der")
        .standardizedFileURL
    return (try? Data(contentsOf: ca)).map { [$0] } ?? []
}()
let verifier = SignedDataVerifier(trustedRoots: roots, bundleId: "com.example", environments: [.sandbox, .production])

func fuzzOne(_ data: Data) {
    for jws in EntitlementImporter.signedItems(in: data) {
        _ = try? verifier.verifyTransaction(jws)
        _ = try? verifier.verifyRenewalInfo(jws)
        _ = try? verifier.verifyNotification(jws)
    }
}

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
