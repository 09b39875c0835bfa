/// Renders fixtures, rasterises every page with pdftoppm and compares with Tests/Golden/.
import Foundation
import ItineraryExport
import TestSupport

/// The comparison rule, documented in Tests/Golden/README.md: pages are rasterised in black and
/// white at `dpi` (small references: about 8 KB a page); a page matches when at most
/// `maxDifferingFraction` of its pixels differ. Page counts must match exactly.
enum GoldenHarness {
    static let dpi = 48
    static let pixelThreshold: UInt8 = 127
    static let maxDifferingFraction = 0.002

    struct Outcome {
        var failures: [String] = []
        var updated = 0
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// Rasterises `pdf` into `dir` as page-1.png, page-2.png, …; returns the paths in page order.
    static func rasterise(_ pdf: URL, into dir: URL) throws -> [URL] {
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let result = try runProcess(
            "/usr/bin/pdftoppm", ["-r", "\(dpi)", "-mono", "-png", pdf.path, dir.appendingPathComponent("page").path])
        guard result.status == 0 else { throw GoldenError(message: "pdftoppm failed: \(result.stderr)") }
        // pdftoppm pads page numbers to the width of the page count: sort numerically.
        let pages = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("page-") && $0.pathExtension == "png" }
        return pages.sorted { pageNumber($0) < pageNumber($1) }
    }

    static func pageNumber(_ url: URL) -> Int {
        Int(url.deletingPathExtension().lastPathComponent.split(separator: "-").last ?? "") ?? 0
    }

    /// The Pango release whose line setting `Tests/Golden/` records: Debian 12's.
    static let baselinePango = "1.50"

    /// The running Pango's major and minor version (`1.56`).
    static let pango: String = {
        let version = Exporter.libraryVersions.first { $0.name == "pango" }?.version ?? ""
        return version.split(separator: ".").prefix(2).joined(separator: ".")
    }()

    /// Where the references of another Pango release live, for the pages it sets differently
    /// (glyph advances to a few thousandths of a point, so long lines break elsewhere): nil on
    /// the baseline's.
    static var variantDirectory: URL? {
        pango == baselinePango
            ? nil : TestPaths.golden.appendingPathComponent("variants/pango-\(pango)", isDirectory: true)
    }

    /// Compares (or, with UPDATE_GOLDENS=1, rewrites) the golden pages of one rendered PDF with
    /// the references `name` (`classic/minimal`): the running Pango release's own, where it has
    /// them, else the baseline's. Updating on another release than the baseline's keeps its own
    /// references only for the documents the baseline's do not match.
    static func check(pdf: URL, golden name: String, artifactsDir: URL) throws -> Outcome {
        let baseline = TestPaths.golden.appendingPathComponent(name)
        guard let variants = variantDirectory else {
            return try check(pdf: pdf, goldenDir: baseline, artifactsDir: artifactsDir, update: updating)
        }
        let own = variants.appendingPathComponent(name)
        let fm = FileManager.default
        if updating {
            if try check(pdf: pdf, goldenDir: baseline, artifactsDir: artifactsDir, update: false).failures.isEmpty {
                try? fm.removeItem(at: own)
                return Outcome()
            }
            return try check(pdf: pdf, goldenDir: own, artifactsDir: artifactsDir, update: true)
        }
        let hasOwn = fm.fileExists(atPath: own.path)
        return try check(pdf: pdf, goldenDir: hasOwn ? own : baseline, artifactsDir: artifactsDir, update: false)
    }

    /// With `update`, references that already match are left as they are; ones that do not are
    /// rewritten and the rewrite is a failure, so a run that records never passes by accident (it
    /// passes only when every reference already matched).
    private static func check(pdf: URL, goldenDir: URL, artifactsDir: URL, update: Bool) throws -> Outcome {
        var outcome = Outcome()
        let actualPages = try rasterise(pdf, into: artifactsDir.appendingPathComponent("actual"))
        let fm = FileManager.default
        if update {
            let before = try compare(actualPages, with: goldenDir, artifactsDir: artifactsDir)
            guard let reason = before.failures.first else { return outcome }
            try? fm.removeItem(at: goldenDir)
            try fm.createDirectory(at: goldenDir, withIntermediateDirectories: true)
            for (i, page) in actualPages.enumerated() {
                try fm.copyItem(at: page, to: goldenDir.appendingPathComponent("page-\(i + 1).png"))
            }
            outcome.updated = actualPages.count
            outcome.failures.append(recorded("\(actualPages.count) golden pages in \(goldenDir.path)", was: reason))
            return outcome
        }
        return try compare(actualPages, with: goldenDir, artifactsDir: artifactsDir)
    }

    /// The failure that says a reference was rewritten (`UPDATE_GOLDENS=1`), and why.
    static func recorded(_ what: String, was reason: String) -> String {
        "UPDATE_GOLDENS=1 rewrote \(what) (\(reason)): look at them and commit them; a run that rewrites "
            + "references fails, run the tests again without UPDATE_GOLDENS"
    }

    private static func compare(_ actualPages: [URL], with goldenDir: URL, artifactsDir: URL) throws -> Outcome {
        var outcome = Outcome()
        let fm = FileManager.default
        let expectedCount = ((try? fm.contentsOfDirectory(atPath: goldenDir.path)) ?? []).filter {
            $0.hasSuffix(".png")
        }.count
        if expectedCount == 0 {
            outcome.failures.append("no golden pages in \(goldenDir.path): run `make goldens` and commit them")
            return outcome
        }
        if expectedCount != actualPages.count {
            outcome.failures.append(
                "\(actualPages.count) pages rendered, \(expectedCount) expected (golden: \(goldenDir.path))")
        }
        for (i, page) in actualPages.enumerated() where i < expectedCount {
            let expectedPath = goldenDir.appendingPathComponent("page-\(i + 1).png").path
            guard let expected = PageImage(pngAt: expectedPath), let actual = PageImage(pngAt: page.path) else {
                outcome.failures.append("page \(i + 1): cannot read \(expectedPath) or \(page.path)")
                continue
            }
            let fraction = actual.differingFraction(from: expected, threshold: pixelThreshold)
            if fraction > maxDifferingFraction {
                let base = artifactsDir.appendingPathComponent("page-\(i + 1)")
                try? fm.removeItem(atPath: base.path + "-actual.png")
                try? fm.removeItem(atPath: base.path + "-expected.png")
                try fm.copyItem(atPath: page.path, toPath: base.path + "-actual.png")
                try fm.copyItem(atPath: expectedPath, toPath: base.path + "-expected.png")
                PageImage.writeDiff(
                    expected: expected, actual: actual, threshold: pixelThreshold, to: base.path + "-diff.png")
                let percent = (fraction * 10000).rounded() / 100
                outcome.failures.append(
                    "page \(i + 1) differs in \(percent)% of pixels: see \(base.path)-{actual,expected,diff}.png")
            }
        }
        return outcome
    }
}

struct GoldenError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
