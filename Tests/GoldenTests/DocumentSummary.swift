/// What a document says, apart from how its pixels fall: the same on every supported system.
import Digests
import Foundation
import TestSupport

/// A rendered PDF's page count, structure tree and words, as poppler reads them, recorded per
/// golden document in `Tests/Golden/<template>/<trip>/document.txt` as SHA-256 digests. Unlike
/// the page images, one record holds for every supported system (cairo 1.16 with Pango 1.50,
/// cairo 1.18 with Pango 1.56): the same elements in the same order with the same text, the
/// same words on each page, as many pages. Normalised only for what differs by library and
/// means nothing to a reader: object numbers, and the empty marked content cairo 1.16 gives a
/// `Link` element beside its annotation.
struct DocumentSummary: Equatable {
    var pages: Int
    /// `pdfinfo -struct-text`, normalised.
    var structure: String
    /// Each page's words (`pdftotext`), sorted: which line pdftotext puts a word on depends on
    /// gaps of a few thousandths of a point, which Pango releases set differently.
    var words: String

    init(pdf: URL) throws {
        let info = try runProcess("/usr/bin/pdfinfo", [pdf.path])
        guard info.status == 0,
            let line = info.stdout.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }),
            let count = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        else { throw GoldenError(message: "pdfinfo could not read \(pdf.path): \(info.stderr)") }
        pages = count
        let tree = try runProcess("/usr/bin/pdfinfo", ["-struct-text", pdf.path])
        guard tree.status == 0 else { throw GoldenError(message: "pdfinfo -struct-text failed: \(tree.stderr)") }
        structure = tree.stdout.split(separator: "\n", omittingEmptySubsequences: false).compactMap {
            line -> String? in
            if line.trimmingCharacters(in: .whitespaces) == "\"\"" { return nil }
            return String(line).replacing(/Object \d+ \d+/, with: "Object")
        }.joined(separator: "\n")
        var text = ""
        for page in 1...max(count, 1) where count > 0 {
            let result = try runProcess("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
            guard result.status == 0 else { throw GoldenError(message: "pdftotext failed: \(result.stderr)") }
            let words = result.stdout.split(whereSeparator: { $0.isWhitespace }).map(String.init).sorted()
            text += "== page \(page)\n" + words.joined(separator: "\n") + "\n"
        }
        words = text
    }

    /// The record: `pages N`, `structure <sha256>`, `words <sha256>`.
    var record: String {
        "pages \(pages)\nstructure \(SHA256Hex.of(Data(structure.utf8)))\nwords \(SHA256Hex.of(Data(words.utf8)))\n"
    }

    /// Compares `pdf` with the record in `goldenDir` (with UPDATE_GOLDENS=1 on the baseline's
    /// libraries, writes it). On a mismatch the summary is written beside the page images in
    /// `artifactsDir` (`structure.txt`, `words.txt`), to compare with one from another system.
    static func check(pdf: URL, goldenDir: URL, artifactsDir: URL) throws -> [String] {
        let summary = try DocumentSummary(pdf: pdf)
        let path = goldenDir.appendingPathComponent("document.txt")
        if GoldenHarness.updating && GoldenHarness.variantDirectory == nil {
            try FileManager.default.createDirectory(at: goldenDir, withIntermediateDirectories: true)
            try Data(summary.record.utf8).write(to: path)
            return []
        }
        guard let recorded = try? String(contentsOf: path, encoding: .utf8) else {
            return ["no document record \(path.path): run `make goldens` on Debian 12 and commit it"]
        }
        guard recorded != summary.record else { return [] }
        try Data(summary.structure.utf8).write(to: artifactsDir.appendingPathComponent("structure.txt"))
        try Data(summary.words.utf8).write(to: artifactsDir.appendingPathComponent("words.txt"))
        return [
            "the document differs from its record \(path.path) (\(summary.record.split(separator: "\n").joined(separator: ", ")) against \(recorded.split(separator: "\n").joined(separator: ", "))): its structure tree and words are in \(artifactsDir.path)/{structure,words}.txt, to compare with a run on another system"
        ]
    }
}
