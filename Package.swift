// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The graphics libraries' header directories, as pkg-config gives them. `CCairo` is not linked
/// to the libraries (`CLazyLibraries` loads them at the first call into them), so it cannot name
/// them to SwiftPM by pkg-config, which would link them too: the Swift targets get the flags.
let graphicsHeaderFlags: [String] = {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = [
        "pkg-config", "--cflags", "pangocairo", "pangoft2", "cairo", "fontconfig", "freetype2", "fribidi",
    ]
    let output = Pipe()
    pkgConfig.standardOutput = output
    guard (try? pkgConfig.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    pkgConfig.waitUntilExit()
    guard pkgConfig.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else { return [] }
    return text.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("-I") }
}()

let package = Package(
    name: "export-itinerary",
    products: [
        .executable(name: "export-itinerary", targets: ["ExportItineraryCLI"]),
        .library(name: "ItineraryExport", targets: ["ItineraryExport"]),
    ],
    targets: [
        // C libraries from Debian packages, found through pkg-config.
        // cairo, Pango, Fontconfig, FreeType, HarfBuzz, FriBidi: headers only, see
        // `graphicsHeaderFlags` and `CLazyLibraries`. Where pkg-config could not be asked as the
        // manifest was read (the packages not yet installed), SwiftPM asks it and links the
        // libraries as usual: the program then loads them at start, as it works the same.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: graphicsHeaderFlags.isEmpty ? "pangocairo pangoft2 cairo fontconfig freetype2 fribidi" : nil,
            providers: [
                .apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev", "libfreetype-dev", "libfribidi-dev"])
            ]
        ),

        // OpenSSL's libcrypto and SQLite: headers only, in the system's include directory; the
        // libraries are loaded at the first call into them (`CLazyLibraries`), so that a command
        // without the gate (--version, validate) starts without binding them.
        .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),

        // Is this user Pro? The StoreKit catalog, App Store JWS verification, the SQLite
        // entitlement store and StoreKit 2's current-entitlement rules. Knows nothing of trips.
        .target(
            name: "Entitlements",
            dependencies: ["StrictJSON", "Digests", "COpenSSL", "CSQLite", "CLazyLibraries", "BackgroundThreads"]),
        // Local StoreKit testing beside the verifier: a signing authority of its own (root,
        // intermediate, leaf) and the session that signs test purchases into the store.
        .target(name: "LocalStoreKit", dependencies: ["Entitlements", "COpenSSL"]),

        // The gate policy compiled into the build: GatePolicy.build, generated from
        // Config/gate-policy.json and the bundled catalog by the plugin below.
        .target(name: "ProPolicy", dependencies: ["Entitlements"], plugins: ["GatePolicyPlugin"]),
        .plugin(name: "GatePolicyPlugin", capability: .buildTool(), dependencies: ["gate-policy-generator"]),
        .executableTarget(
            name: "gate-policy-generator", dependencies: ["Entitlements"], path: "Plugins/GatePolicyGenerator"),

        // Strict JSON: the parser (line and column errors, duplicate keys, a depth limit), values,
        // paths (`days[3].items[0]`) and "did you mean" suggestions, for trips, templates and
        // manifests alike.
        .target(name: "StrictJSON"),
        // trip.json: decoding and validation. Knows nothing of fonts, pages or files.
        .target(name: "ItineraryModel", dependencies: ["StrictJSON"]),
        // SHA-256 as hex, below both the rendering side and the entitlements.
        .target(name: "Digests", dependencies: ["COpenSSL", "CLazyLibraries"]),
        // A value made on a thread of its own (`BackgroundWork`), below the text engine and the
        // entitlements alike.
        .target(name: "BackgroundThreads"),
        // The hermetic font set and Pango text shaping shared by layout and rendering.
        .target(name: "ItineraryText", dependencies: ["BackgroundThreads", "CCairo", "CLazyLibraries", "Digests"]),
        // Stubs for the functions of cairo, Pango and what they stand on, and of libcrypto and
        // SQLite (scripts/lazy-libraries.py): each group is loaded at the first call into it, so a
        // command that draws nothing (--version, validate, entitlements) starts without binding
        // drawing's, and one without the gate (--version, validate) without the store's.
        // Its debug information in DWARF 4: valgrind 3.19, which counts the benchmarks' instructions,
        // gives up on the DWARF 5 clang writes for these files. It also defines `g_thread_new`
        // (font_pattern_threads.c) and `hb_shape`, `hb_shape_full` (shaping_memo.c) for the
        // libraries it loads: exported from every program that links it, the test bundle too,
        // where nothing else is.
        .target(
            name: "CLazyLibraries", cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [
                .linkedLibrary("dl"),
                .unsafeFlags([
                    "-Xlinker", "--export-dynamic-symbol=g_thread_new", "-Xlinker", "--export-dynamic-symbol=hb_shape",
                    "-Xlinker", "--export-dynamic-symbol=hb_shape_full",
                ]),
            ]),
        // What layout hands to rendering: positioned drawing operations and structure marks per
        // page, the outline and the metadata. Layout makes it; the renderers read only it.
        .target(name: "DisplayList", dependencies: ["ItineraryText"]),
        // Templates, formatting and the page-flow engine: trip → display list per page.
        .target(
            name: "ItineraryLayout",
            dependencies: [
                "BackgroundThreads", "DisplayList", "ItineraryModel", "StrictJSON", "ItineraryText", "CQRencode",
            ]),
        // Exact, fast snprintf for the numbers cairo writes into every PDF (C, this program's own).
        // Its debug information in DWARF 4, as CLazyLibraries' (valgrind 3.19 gives up on clang's
        // DWARF 5, and with it the benchmarks' instruction counts).
        .target(name: "CFastFormat", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // PDF files read and written again as objects (any cross-reference form, object
        // streams, Flate): the accessibility revision of cairo's output is built on it.
        .target(name: "PDFRewrite", dependencies: ["BackgroundThreads", "CDeflate"]),
        // Display list → Cairo PDF or PNG bytes, and the test-entitlement mark drawn over every
        // page in a face compiled in by the plugin below (no font file can change it).
        .target(
            name: "ItineraryRender",
            dependencies: [
                "BackgroundThreads", "DisplayList", "ItineraryText", "Digests", "CCairo", "PDFRewrite", "CFastFormat",
            ],
            plugins: ["MarkFacePlugin"]),
        .plugin(name: "MarkFacePlugin", capability: .buildTool()),
        // The library API: load → layout → render → atomic write.
        .target(
            name: "ItineraryExport",
            dependencies: [
                "BackgroundThreads", "DisplayList", "Entitlements", "ProPolicy", "ItineraryModel", "ItineraryLayout",
                "ItineraryRender", "ItineraryText", "StrictJSON", "PDFRewrite",
            ]),
        // Batch export: plans (sources, manifests, shards), the resume ledger, the supervisor
        // and its worker processes, reports.
        .target(
            name: "ItineraryBatch",
            dependencies: [
                "ItineraryExport", "Entitlements", "ItineraryModel", "StrictJSON", "ItineraryLayout", "ItineraryText",
                "Digests",
            ]),
        // The command line: argument parsing, messages, exit codes. Linked by LLVM's linker (the
        // toolchain's) with its relative relocations packed (`DT_RELR`, glibc 2.36 on): a
        // position-independent binary's 78,000 of them are a 15 KB table instead of 1.9 MB read
        // and walked at every start (`--version`: 3.8 → 3.4 M instructions).
        .executableTarget(
            name: "ExportItineraryCLI",
            dependencies: [
                "ItineraryExport", "ItineraryBatch", "ItineraryModel", "Entitlements", "LocalStoreKit", "StrictJSON",
                "ItineraryText",
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]),
        // In-process throughput benchmark, driven by bench/run.sh. Not a test.
        .executableTarget(
            name: "itinerary-bench",
            dependencies: ["ItineraryExport", "Entitlements", "LocalStoreKit", "ProPolicy", "CFastFormat"],
            path: "bench/ItineraryBench"),

        // Fuzz targets (make fuzz builds them with libFuzzer; a normal build makes replay tools
        // that run files once, e.g. the regression fixtures in Fuzz/Regressions/).
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "fuzz-trip", dependencies: ["FuzzSupport", "ItineraryModel"], path: "Fuzz/FuzzTrip",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-template", dependencies: ["FuzzSupport", "ItineraryLayout"], path: "Fuzz/FuzzTemplate",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-mark",
            dependencies: [
                "DisplayList", "FuzzSupport", "ItineraryLayout", "ItineraryModel", "ItineraryRender", "ItineraryText",
                "CCairo",
            ],
            path: "Fuzz/FuzzMark", swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-catalog", dependencies: ["FuzzSupport", "Entitlements"], path: "Fuzz/FuzzCatalog",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-pdf", dependencies: ["FuzzSupport", "PDFRewrite"], path: "Fuzz/FuzzPDF",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-import", dependencies: ["FuzzSupport", "Entitlements"], path: "Fuzz/FuzzImport",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),

        // Paths and process helpers shared by the test targets.
        .target(
            name: "TestSupport", dependencies: ["Entitlements", "LocalStoreKit", "ItineraryExport", "ProPolicy"],
            path: "Tests/TestSupport"),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "ItineraryModelTests", dependencies: ["ItineraryModel", "StrictJSON"]),
        .testTarget(
            name: "ItineraryLayoutTests",
            dependencies: [
                "BackgroundThreads", "DisplayList", "ItineraryLayout", "ItineraryModel", "ItineraryText", "TestSupport",
            ]),
        .testTarget(
            name: "ItineraryTextTests", dependencies: ["BackgroundThreads", "ItineraryText", "CCairo", "TestSupport"]),
        .testTarget(name: "PDFRewriteTests", dependencies: ["PDFRewrite", "TestSupport"]),
        .testTarget(
            name: "ItineraryRenderTests",
            dependencies: [
                "DisplayList", "ItineraryRender", "PDFRewrite", "CFastFormat", "ItineraryLayout", "ItineraryText",
                "TestSupport",
            ]),
        .testTarget(
            name: "ItineraryExportTests",
            dependencies: [
                "DisplayList", "ItineraryExport", "ExportItineraryCLI", "TestSupport", "Entitlements", "LocalStoreKit",
                "ItineraryLayout", "ItineraryRender", "ItineraryText", "CCairo",
            ]),
        .testTarget(
            name: "ItineraryBatchTests",
            dependencies: [
                "ItineraryBatch", "ItineraryExport", "ExportItineraryCLI", "StrictJSON", "Digests", "TestSupport",
            ]),

        .testTarget(
            name: "EntitlementsTests", dependencies: ["Entitlements", "LocalStoreKit", "COpenSSL", "TestSupport"],
            exclude: ["Verification/make_jws.py"]),
        .testTarget(
            name: "GoldenTests",
            dependencies: [
                "DisplayList", "ItineraryExport", "ItineraryLayout", "ItineraryRender", "PDFRewrite", "ItineraryText",
                "CCairo", "TestSupport", "Digests",
            ]),
    ]
)

// Release builds reach a generic type's metadata (`[DayStyle: String]`'s storage, say) through
// its accessor, with the key's `Hashable` conformance passed in, instead of by mangled name: on
// Linux the runtime demangles such a name on first use and finds each conformance by scanning
// every conformance record in the binary, about 0.3 M instructions per type. Same bytes out;
// callgrind, release: the 10-day export 427.6 → 413.2 M instructions, `entitlements status`
// 55.4 → 53.9 M (README, Benchmark). C targets and plugins have no Swift to build.
for target in package.targets where target.type == .regular || target.type == .executable {
    guard !["CFastFormat", "CLazyLibraries"].contains(target.name) else { continue }
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(
                ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                .when(configuration: .release))
        ]
}

// Every Swift target may see `CCairo` (through `ItineraryText`'s API): each gets its headers' directories.
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    guard !["CFastFormat", "CLazyLibraries"].contains(target.name) else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(graphicsHeaderFlags.flatMap { ["-Xcc", $0] })]
}
