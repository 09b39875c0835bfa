/// What a document says, apart from how its pixels fall: the same on every supported system.
import Digests
import Foundation
import PDFRewrite
import TestSupport

/// A rendered PDF's page count, structure tree and words, as poppler reads them, and the
/// accessibility entries the renderer adds (read with `PDFRewrite`), recorded per golden document in `Tests/Golden/<template>/<trip>/document.txt` as SHA-256 digests. Unlike
/// the page images, one record holds for every supported system (cairo 1.16 with Pango 1.50,
/// cairo 1.18 with Pango 1.56): the same elements in the same order with the same text, the
/// same words on each page, as many pages. Normalised only for what differs by library and
/// means nothing to a reader: object numbers, and empty text (`""`): cairo 1.16 gives an element
/// in which nothing is drawn (a `Link` beside its annotation, an empty table cell on a
/// continued row) an empty marked-content sequence, cairo 1.18 none.
struct DocumentSummary: Equatable {
    var pages: Int
    /// `pdfinfo -struct-text`, normalised.
    var structure: String
    /// Each page's words (`pdftotext`), sorted: which line pdftotext puts a word on depends on
    /// gaps of a few thousandths of a point, which Pango releases set differently. A word is a
    /// run of letters, digits and marks, and each other visible character a token of its own:
    /// whether pdftotext joins a colon beside a right-to-left run to the word before or after it
    /// depends on such gaps too (`tickets :` on one system, `:כרטיסים` on the other).
    var words: String
    /// The catalog's `/Lang`, each `Figure`'s `/Alt`, each page's links (target and `/Contents`,
    /// and whether its `Link` element refers to it), the outline's titles and the named
    /// destinations: what `pdfinfo -struct-text` does not show.
    var entries: String

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
            let words = Self.tokens(result.stdout).sorted()
            text += "== page \(page)\n" + words.joined(separator: "\n") + "\n"
        }
        words = text
        entries = try Self.entries(Array(try Data(contentsOf: pdf)))
    }

    static func entries(_ bytes: [UInt8]) throws -> String {
        let file = try PDFFile(bytes)
        guard let catalog = try file.object(file.root.number).value.dictionary else {
            throw GoldenError(message: "the catalog is not a dictionary")
        }
        func text(_ object: PDFObject?) throws -> String {
            guard let bytes = try file.resolve(object)?.string else { return "-" }
            if bytes.starts(with: [0xFE, 0xFF]) {
                let units = stride(from: 2, to: bytes.count - 1, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
                return String(decoding: units, as: UTF16.self)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var lines = ["lang \(try text(catalog["Lang"]))"]
        let tree = try StructureTree(file, catalog: catalog)
        var referenced: Set<Int> = []
        for element in tree.elements {
            if element.role == "Figure" { lines.append("figure alt \(try text(element.dictionary["Alt"]))") }
            for kid in try StructureTree.kids(element.dictionary["K"], in: file) {
                if let reference = try file.resolve(kid)?.dictionary, reference["Type"] == .name("OBJR"),
                    let annotation = reference["Obj"]?.reference
                {
                    referenced.insert(annotation.number)
                }
            }
        }
        for (index, page) in try PageTree.pages(file, catalog: catalog).enumerated() {
            for entry in try file.resolve(page.dictionary["Annots"])?.array ?? [] {
                guard let annotation = try file.resolve(entry)?.dictionary, annotation["Subtype"] == .name("Link")
                else {
                    continue
                }
                let action = try file.resolve(annotation["A"])?.dictionary
                let target = try text(action?["URI"] ?? action?["D"] ?? annotation["Dest"])
                let tagged = entry.reference.map { referenced.contains($0.number) } ?? false
                lines.append(
                    "page \(index + 1) link \(target) \(try text(annotation["Contents"]))\(tagged ? "" : " (no Link element)")"
                )
            }
        }
        // The outline depth first: an item, its children, then its next sibling.
        var stack: [(item: PDFObject, depth: Int)] = []
        if let first = try file.resolve(catalog["Outlines"])?.dictionary?["First"] { stack.append((first, 0)) }
        var visited = 0
        while let (item, depth) = stack.popLast(), visited < 100_000 {
            visited += 1
            guard let dictionary = try file.resolve(item)?.dictionary else { continue }
            lines.append(String(repeating: "  ", count: depth) + "outline \(try text(dictionary["Title"]))")
            if let next = dictionary["Next"] { stack.append((next, depth)) }
            if let first = dictionary["First"] { stack.append((first, depth + 1)) }
        }
        if let dests = try file.resolve(try file.resolve(catalog["Names"])?.dictionary?["Dests"]) {
            var names: [String] = []
            var stack = [dests]
            while let node = stack.popLast(), names.count < 1_000_000 {
                guard let dictionary = try file.resolve(node)?.dictionary else { continue }
                let pairs = try file.resolve(dictionary["Names"])?.array ?? []
                for k in stride(from: 0, to: pairs.count - 1, by: 2) { names.append(try text(pairs[k])) }
                stack += try file.resolve(dictionary["Kids"])?.array ?? []
            }
            lines.append("destinations " + names.sorted().joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The record: `pages N`, `structure <sha256>`, `words <sha256>`, `entries <sha256>`.
    var record: String {
        "pages \(pages)\nstructure \(SHA256Hex.of(Data(structure.utf8)))\nwords \(SHA256Hex.of(Data(words.utf8)))\n"
            + "entries \(SHA256Hex.of(Data(entries.utf8)))\n"
    }

    /// Compares `pdf` with the record in `goldenDir` (with UPDATE_GOLDENS=1 on the baseline's
    /// libraries, writes it). On a mismatch the summary is written beside the page images in
    /// `artifactsDir` (`structure.txt`, `words.txt`), to compare with one from another system.
    static func check(pdf: URL, goldenDir: URL, artifactsDir: URL) throws -> [String] {
        let summary = try DocumentSummary(pdf: pdf)
        let path = goldenDir.appendingPathComponent("document.txt")
        let recorded = try? String(contentsOf: path, encoding: .utf8)
        if GoldenHarness.updating && GoldenHarness.variantDirectory == nil {
            guard recorded != summary.record else { return [] }
            try FileManager.default.createDirectory(at: goldenDir, withIntermediateDirectories: true)
            try Data(summary.record.utf8).write(to: path)
            return [
                GoldenHarness.recorded(
                    "the document record \(path.path)", was: recorded == nil ? "none" : "it differed")
            ]
        }
        guard let recorded else {
            return ["no document record \(path.path): run `make goldens` on Debian 12 and commit it"]
        }
        guard recorded != summary.record else { return [] }
        try Data(summary.structure.utf8).write(to: artifactsDir.appendingPathComponent("structure.txt"))
        try Data(summary.words.utf8).write(to: artifactsDir.appendingPathComponent("words.txt"))
        try Data(summary.entries.utf8).write(to: artifactsDir.appendingPathComponent("entries.txt"))
        return [
            "the document differs from its record \(path.path) (\(summary.record.split(separator: "\n").joined(separator: ", ")) against \(recorded.split(separator: "\n").joined(separator: ", "))): its structure tree, words and entries are in \(artifactsDir.path)/{structure,words,entries}.txt, to compare with a run on another system"
        ]
    }

    /// The words and other visible characters of `text`, in order (`tokens`): format
    /// characters (bidi marks pdftotext writes around right-to-left runs) are left out.
    static func tokens(_ text: String) -> [String] {
        var out: [String] = []
        var word = ""
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            switch category {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                word.unicodeScalars.append(scalar)
            default:
                if !word.isEmpty { out.append(word); word = "" }
                if category != .format, !scalar.properties.isWhitespace { out.append(String(scalar)) }
            }
        }
        if !word.isEmpty { out.append(word) }
        return out
    }
}
