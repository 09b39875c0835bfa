/// Fuzz target: the StoreKit catalog parser, and the paywall made from what it accepts (its
/// prices and periods are where a huge number once overflowed).
import Entitlements
import Foundation
import FuzzSupport

func fuzzOne(_ data: Data) {
    guard let catalog = try? StoreKitCatalog.load(data) else { return }
    _ = Paywall(catalog: catalog, restoreCommand: "restore").text()
}

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
