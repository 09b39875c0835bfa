/// Writes `GatePolicy.build` as Swift source from the checked-in gate policy and the catalog it
/// names, so the policy is part of the binary. Run by GatePolicyPlugin at build time:
///     gate-policy-generator CONFIG PACKAGE_ROOT OUTPUT.swift
/// Any problem stops the build with a message naming the file.
import Entitlements
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gate-policy-generator: error: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else { fail("usage: gate-policy-generator CONFIG PACKAGE_ROOT OUTPUT.swift") }
let (configPath, root, outputPath) = (arguments[1], arguments[2], arguments[3])

guard let configData = FileManager.default.contents(atPath: configPath),
    let config = (try? JSONSerialization.jsonObject(with: configData)) as? [String: Any]
else {
    fail("\(configPath): cannot read it as a JSON object")
}
guard let bundleId = config["bundleId"] as? String, !bundleId.isEmpty,
    bundleId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
else {
    fail("\(configPath): bundleId must be a non-empty reverse-DNS name")
}
guard let catalogRelative = config["catalog"] as? String, !catalogRelative.isEmpty else {
    fail("\(configPath): catalog must name the StoreKit configuration file")
}
guard let roots = config["productionRoots"] as? [[String: Any]], !roots.isEmpty else {
    fail("\(configPath): productionRoots must list at least one root")
}
var fingerprints: [(name: String, sha256: String)] = []
for (index, entry) in roots.enumerated() {
    guard let name = entry["name"] as? String, let sha = entry["sha256"] as? String, sha.count == 64,
        sha.allSatisfy(\.isHexDigit)
    else {
        fail("\(configPath): productionRoots[\(index)] needs a name and a 64-digit hex sha256")
    }
    fingerprints.append((name, sha.uppercased()))
}

let catalogPath = root + "/" + catalogRelative
let catalog: StoreKitCatalog
do {
    catalog = try StoreKitCatalog.load(contentsOf: URL(fileURLWithPath: catalogPath))
} catch {
    fail("\(catalogPath): \(error)")
}
guard !catalog.proProductIDs.isEmpty else { fail("\(catalogPath): no Pro products") }

func literal(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

var source = """
    // Generated at build time by gate-policy-generator from \(URL(fileURLWithPath: configPath).lastPathComponent)
    // and \(catalogRelative). Do not edit: change those files and rebuild.
    import Entitlements

    extension GatePolicy {
        /// The policy this program was built with (Config/gate-policy.json).
        public static let build = GatePolicy(
            bundleId: \(literal(bundleId)),
            proProductIDs: [\(catalog.proProductIDs.sorted().map(literal).joined(separator: ", "))],
            productionRootFingerprints: [

    """
for root in fingerprints {
    source += "            \(literal(root.sha256)), // \(root.name.replacingOccurrences(of: "\n", with: " "))\n"
}
source += """
            ])
    }

    """
let output = URL(fileURLWithPath: outputPath)
// Rewrite only on change, so an unchanged policy does not recompile its dependants.
if (try? Data(contentsOf: output)) != Data(source.utf8) {
    do { try Data(source.utf8).write(to: output, options: .atomic) } catch { fail("\(outputPath): \(error)") }
}

#if FUZZING
// `make fuzz` compiles every executable of the package with -sanitize=fuzzer, this tool included
// (SwiftPM builds plugin tools with the same flags), and libFuzzer's main needs this entry to link.
// That build never runs the generator: the fuzz targets do not use the policy.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerEntryUnused(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }
#endif
