/// The object-stream writer, read back by qpdf (its own parser, not ours).
import Foundation
@testable import PDFRewrite
import Testing
import TestSupport

@Suite("Compact writer")
struct CompactWriterTests {
    @Test("dictionaries go into object streams, streams stay whole, freed numbers are free; qpdf reads it back clean")
    func minimalDocument() throws {
        func body(_ text: String) -> CompactWriter.Object { .packed(Array(text.utf8)[...]) }
        let content = "0 0 1 rg 10 10 50 50 re f\n"
        // Object 4 is freed (as furniture elements are); 250 annotations fill two object streams.
        var objects: [(number: Int, object: CompactWriter.Object)] = [
            (1, body("<< /Type /Catalog /Pages 2 0 R >>")),
            (2, body("<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>")),
            (3, body("<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 5 0 R >>")),
            (
                5,
                .whole(
                    Array("5 0 obj\n<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream\nendobj\n".utf8))
            ),
            (6, .whole(Array("6 0 obj\n<< /Title (t) >>\nendobj\n".utf8))),
        ]
        for k in 0..<250 {
            objects.append((7 + k, body("<< /Type /Annot /Subtype /Text /Rect [ 0 0 1 1 ] /Contents (note \(k)) >>")))
        }
        let pdf = CompactWriter.write(
            header: Array("%PDF-1.5\n".utf8)[...], objects: objects, size: 257, root: PDFReference(1),
            info: PDFReference(6))
        let file = TestPaths.scratch("compact-writer").appendingPathComponent("t.pdf")
        try Data(pdf).write(to: file)
        let check = try runProcess("/usr/bin/qpdf", ["--check", file.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let json = try runProcess("/usr/bin/qpdf", ["--json=2", "--json-key=qpdf", file.path]).stdout
        #expect(json.contains("note 249") && json.contains("/ObjStm"))
        // Two object streams (200 a stream), then the cross-reference stream: 260 numbers.
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Type /XRef\n   /Size 260") && text.components(separatedBy: "/Type /ObjStm").count == 3)
        #expect(!text.contains("/Type /Catalog"), "packed, not plain")
    }
}
