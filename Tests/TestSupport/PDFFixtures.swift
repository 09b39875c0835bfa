/// Saved PDFs and the forms qpdf rewrites them into: inputs for the tests of the PDF rewrite.
import Foundation

public enum PDFFixtures {
    public static var directory: URL { TestPaths.root.appendingPathComponent("Tests/Fixtures/pdf") }
    /// By fpdf2 (PDF 1.4, a classic table, its own /Lang and a link).
    public static var fpdf2: URL { directory.appendingPathComponent("fpdf2-two-pages.pdf") }
    /// cairo 1.16's output for `Examples/day-trip.json` before the accessibility update (tagged,
    /// plain streams, `Private` furniture).
    public static var cairo: URL { cairo("1.16") }
    /// The same by another cairo release (`1.18`), saved from a run on that release with
    /// `UPDATE_FIXTURES=1` (the golden tests' `cairoInEveryForm`).
    public static func cairo(_ release: String) -> URL {
        directory.appendingPathComponent("cairo-\(release)-day-trip.pdf")
    }
    /// Every saved file: fpdf2's and each cairo release's.
    public static var saved: [URL] {
        [fpdf2] + ["1.16", "1.18"].map(cairo).filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `source` as qpdf writes it in each form a PDF can take: object and cross-reference
    /// streams or classic tables, streams compressed or not, and qpdf's QDF.
    public static func qpdfForms(of source: URL, scratch: String) throws -> [(form: String, bytes: [UInt8])] {
        let forms = [
            ["--object-streams=generate"], ["--object-streams=disable"], ["--stream-data=uncompress"],
            ["--compress-streams=y"],
            ["--object-streams=generate", "--stream-data=uncompress"], ["--qdf"],
        ]
        let directory = TestPaths.scratch(scratch)
        return try forms.enumerated().map { index, arguments in
            let out = directory.appendingPathComponent("form-\(index).pdf")
            let run = try runProcess("/usr/bin/qpdf", arguments + [source.path, out.path])
            // 3: written, with warnings.
            guard run.status == 0 || run.status == 3 else {
                throw CocoaError(.fileWriteUnknown, userInfo: ["qpdf": run.stderr])
            }
            return (arguments.joined(separator: " "), Array(try Data(contentsOf: out)))
        }
    }
}
