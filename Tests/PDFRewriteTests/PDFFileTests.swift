/// Reading whole files: every cross-reference form qpdf writes, an incremental update, and
/// files that must be refused. The inputs are saved files (`Tests/Fixtures/pdf/`) and qpdf's
/// rewrites of them, made here.
import Foundation
@testable import PDFRewrite
import Testing
import TestSupport

func qpdfCheck(_ bytes: [UInt8], _ name: String) throws -> (ok: Bool, output: String, pages: String) {
    let file = TestPaths.scratch("pdf-check-" + name).appendingPathComponent(name + ".pdf")
    try Data(bytes).write(to: file)
    let check = try runProcess("/usr/bin/qpdf", ["--check", file.path])
    let pages = try runProcess("/usr/bin/qpdf", ["--show-npages", file.path]).stdout
    return (check.status == 0, check.stdout + check.stderr, pages.trimmingCharacters(in: .whitespacesAndNewlines))
}

@Suite("PDF file")
struct PDFFileTests {
    @Test(
        "each saved file in each of qpdf's forms: every object reads, the pages are found, and written again it checks clean"
    )
    func everyForm() throws {
        for fixture in PDFFixtures.saved {
            let original = Array(try Data(contentsOf: fixture))
            let expectedPages = try PageTree.pages(
                try PDFFile(original),
                catalog: try PDFFile(original).object(try PDFFile(original).root.number).value.dictionary!
            ).count
            for (form, bytes) in [("as saved", original)]
                + (try PDFFixtures.qpdfForms(of: fixture, scratch: "pdf-forms"))
            {
                let file = try PDFFile(bytes)
                var read = 0
                for (number, entry) in file.entries.enumerated() where entry != nil && entry != .free && number > 0 {
                    _ = try file.object(number)
                    read += 1
                }
                #expect(read >= 9, "\(fixture.lastPathComponent), \(form)")
                let catalog = try #require(try file.object(file.root.number).value.dictionary)
                #expect(
                    try PageTree.pages(file, catalog: catalog).count == expectedPages,
                    "\(fixture.lastPathComponent), \(form)")
                let written = try Revision(file).write()
                let check = try qpdfCheck(written, "rewritten")
                #expect(check.ok, "\(fixture.lastPathComponent), \(form): \(check.output)")
                #expect(check.pages == String(expectedPages))
                // Written again, it reads again: packed objects, new cross-reference stream.
                let again = try PDFFile(written)
                #expect(again.trailer["ID"] == file.trailer["ID"])
                #expect(try again.object(again.root.number).value == (try file.object(file.root.number).value))
            }
        }
    }

    @Test("an incremental update: the newest version of an object wins, the older section is still read")
    func incrementalUpdate() throws {
        var bytes = Array(try Data(contentsOf: PDFFixtures.saved[0]))
        let old = try PDFFile(bytes)
        let info = try #require(old.trailer["Info"]?.reference)
        let previous = try #require(
            String(decoding: bytes.suffix(40), as: UTF8.self).components(separatedBy: "startxref\n").last?
                .split(separator: "\n").first.flatMap { Int($0) })
        let at = bytes.count
        bytes += Array("\(info.number) 0 obj\n<< /Title (Updated) >>\nendobj\n".utf8)
        let xref = bytes.count
        let offset = String(format: "%010d", at)
        bytes += Array(
            "xref\n\(info.number) 1\n\(offset) 00000 n \ntrailer\n<< /Size \(old.entries.count) /Root \(old.root.number) 0 R /Info \(info.number) 0 R /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n"
                .utf8)
        let file = try PDFFile(bytes)
        #expect(try file.object(info.number).value["Title"] == .string(Array("Updated".utf8)))
        #expect(try file.object(file.root.number).value == (try old.object(old.root.number).value))
        #expect(try qpdfCheck(try Revision(file).write(), "updated").ok)
    }

    @Test("refused with a reason: not a PDF, cut short, encrypted, a /Prev loop, an offset to the wrong object")
    func refused() throws {
        let bytes = Array(try Data(contentsOf: PDFFixtures.saved[0]))
        #expect(throws: PDFError.self) { try PDFFile(Array("hello".utf8)) }
        #expect(throws: PDFError.self) { try PDFFile(Array(bytes.prefix(bytes.count / 2))) }
        let encrypted = TestPaths.scratch("pdf-refused").appendingPathComponent("encrypted.pdf")
        _ = try runProcess(
            "/usr/bin/qpdf", ["--encrypt", "u", "o", "256", "--", PDFFixtures.saved[0].path, encrypted.path])
        #expect(throws: PDFError.self) { try PDFFile(Array(try Data(contentsOf: encrypted))) }
        // A table whose /Prev is itself.
        let start = bytes.count
        let loop =
            bytes
            + Array(
                "xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Root 2 0 R /Prev \(start) >>\nstartxref\n\(start)\n%%EOF\n"
                    .utf8)
        #expect(throws: PDFError.self) { try PDFFile(loop) }
        // Every offset off by seven bytes: nothing is where the table says.
        let shifted = [UInt8](repeating: 0x20, count: 7) + bytes
        #expect(throws: PDFError.self) {
            let file = try PDFFile(shifted)
            _ = try file.object(file.root.number)
        }
    }
}

/// Crafted files from a review (`Tests/Fixtures/pdf/crafted/`): valid shapes cairo never
/// writes, read right; damage and amplification, refused with a reason and never a crash.
@Suite("Crafted PDFs")
struct CraftedPDFTests {
    private func crafted(_ name: String) throws -> [UInt8] {
        Array(
            try Data(
                contentsOf: PDFFixtures.directory.appendingPathComponent("crafted").appendingPathComponent(
                    name + ".pdf")))
    }

    /// Opens the file, reads every object, and writes it again.
    private func readAndWrite(_ bytes: [UInt8]) throws -> [UInt8] {
        let file = try PDFFile(bytes)
        for (number, entry) in file.entries.enumerated() where number > 0 && entry != nil && entry != .free {
            let object = try file.object(number)
            if let stream = object.stream { _ = try? file.decodedData(stream) }
        }
        return try Revision(file).write()
    }

    @Test(
        "refused: an object stream said to lie in itself, lengths that name each other, an object number no file this size holds, an out-of-range entry, one stream named by every section, a cross-reference stream numbered beyond its own table, a trailer whose /Root is not in the file, or is its cross-reference stream (all three found by fuzz-pdf)"
    )
    func refused() throws {
        for name in [
            "objstm-inside-itself", "length-cycle", "four-million-entries", "negative-objstm-number",
            "xrefstm-amplification-50", "xref-stream-numbered-beyond-table", "trailer-names-missing-root",
            "root-names-xref-stream",
        ] {
            #expect(throws: PDFError.self, "\(name)") { try readAndWrite(try crafted(name)) }
        }
    }

    @Test(
        "an object followed by a form feed, not an end of line, before the next is written ending in one: every object reads back alike (found by fuzz-pdf)"
    )
    func formFeedAfterEndobj() throws {
        let original = try PDFFile(try crafted("form-feed-after-endobj"))
        let again = try PDFFile(try readAndWrite(try crafted("form-feed-after-endobj")))
        for (number, entry) in original.entries.enumerated()
        where number > 0 && entry != nil && entry != .free && !original.bookkeeping.contains(number) {
            let before = try original.object(number)
            let after = try again.object(number)
            #expect(before.value == after.value, "object \(number)")
            if let a = before.stream, let b = after.stream {
                #expect(try original.decodedData(a) == again.decodedData(b), "object \(number)")
            }
        }
    }

    @Test(
        "read and written clean: a TIFF predictor's short last row, a /Size of 10^15, a hybrid file, lexical oddities, a comment inside a reference, an update reusing an old cross-reference stream's number"
    )
    func read() throws {
        for name in [
            "objstm-tiff-predictor-partial-row", "huge-size", "hybrid", "lexical-oddities", "comment-inside-reference",
            "update-reuses-old-xref-stream-number",
        ] {
            let written = try readAndWrite(try crafted(name))
            let check = try qpdfCheck(written, "crafted-" + name)
            #expect(check.ok, "\(name): \(check.output)")
        }
        // The update's /Info took the number of the old cross-reference stream: it is kept.
        let file = try PDFFile(try readAndWrite(try crafted("update-reuses-old-xref-stream-number")))
        let info = try #require(file.trailer["Info"]?.reference)
        #expect(try file.object(info.number).value["Title"] != nil)
    }

    @Test("objects of generation 1 keep it when changed, and the trailer's references name it")
    func generations() throws {
        let file = try PDFFile(try crafted("generation-1-objects"))
        var revision = Revision(file)
        var figure = try #require(try file.object(5).value.dictionary)
        figure["Alt"] = .string(Array("changed".utf8))
        try revision.change(5, to: .value(.dictionary(figure)))
        let again = try PDFFile(try revision.write())
        #expect(again.entries[5] != nil)
        if case let .offset(_, generation)? = again.entries[5] {
            #expect(generation == 1)
        } else {
            Issue.record("object 5 is not at an offset")
        }
        #expect(try again.object(5).value["Alt"] == .string(Array("changed".utf8)))
        #expect(again.trailer["Info"] == .reference(PDFReference(8, 1)))
        #expect(try again.resolve(again.trailer["Info"])?["Title"] != nil)
    }

    @Test("/K written as an array of its own is walked; the structure under it is found")
    func indirectKids() throws {
        let file = try PDFFile(try crafted("indirect-K-arrays"))
        let catalog = try #require(try file.object(file.root.number).value.dictionary)
        #expect(try StructureTree(file, catalog: catalog).elements.map(\.role) == ["Document", "Figure", "Private"])
    }
}
