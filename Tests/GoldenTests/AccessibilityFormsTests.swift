/// The accessibility update reads a PDF as a PDF: cairo's output in every form qpdf can write
/// it (as cairo 1.18 writes object and cross-reference streams), and another writer's file,
/// get the same entries.
import DisplayList
import Foundation
import ItineraryExport
import ItineraryLayout
@testable import ItineraryRender
import ItineraryText
import PDFRewrite
import Testing
import TestSupport

@Suite("Accessibility update on every PDF form")
struct AccessibilityFormsTests {
    /// The day trip laid out, and the update its display list asks for.
    private func update() throws -> (
        document: LaidOutDocument, update: AccessibilityUpdate, engine: ItineraryText.TextEngine
    ) {
        let trip = try Exporter.loadTrip(path: TestPaths.examples.appendingPathComponent("day-trip.json").path)
        let (document, engine) = try TestStores.exporter().layout(trip)
        let plan = VectorPlan(document)
        let outlines = try HaloOutlines(document, plan: plan, text: engine)
        return (document, PDFRenderer.accessibilityUpdate(for: document, vectors: plan, outlines: outlines), engine)
    }

    private func save(_ data: Data, _ name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name + ".pdf")
        try data.write(to: url)
        return url
    }

    /// What a reader sees: the structure tree with its text, the artifacts, the catalog's entries.
    private func reading(
        _ pdf: URL
    ) throws -> (structure: String, artifacts: Int, privates: Int, alternates: Int, contents: Int, catalog: String) {
        // Annotations are listed by object number, which qpdf's forms renumber.
        let structure = try runProcess("/usr/bin/pdfinfo", ["-struct-text", pdf.path]).stdout
            .replacingOccurrences(of: #"Object [0-9]+ 0"#, with: "Object", options: .regularExpression)
        let qdf = try runProcess("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", pdf.path, "-"]).stdout
        let json = try runProcess("/usr/bin/qpdf", ["--json=2", "--json-key=qpdf", pdf.path]).stdout
        let catalog = try runProcess("/usr/bin/qpdf", ["--show-object=trailer", "--filtered-stream-data", pdf.path])
            .stdout
        return (
            structure, qdf.components(separatedBy: "/Artifact BMC").count - 1,
            qdf.components(separatedBy: "/Private").count - 1,
            json.components(separatedBy: "\"/Alt\"").count - 1,
            json.components(separatedBy: "\"/Contents\": \"").count - 1, catalog
        )
    }

    @Test(
        "cairo's output, as saved and in each of qpdf's forms: the same tree, artifacts, alternate texts and link names, and qpdf --check is clean"
    )
    func cairoInEveryForm() throws {
        let (document, update, engine) = try update()
        if ProcessInfo.processInfo.environment["UPDATE_FIXTURES"] == "1" {
            let options = PDFOptions(creationDate: "2026-06-12T00:00:00Z", creator: "export-itinerary tests")
            // The running cairo's own file: the tests below read 1.16's; PDFRewrite's read every release's.
            let release =
                Exporter.libraryVersions.first { $0.name == "cairo" }?.version.split(separator: ".")
                .prefix(2).joined(separator: ".") ?? "unknown"
            let rewrote = try GeneratedFile.update(
                Data(try PDFRenderer.cairoOutput(document, text: engine, options: options)),
                at: PDFFixtures.cairo(release), variable: "UPDATE_FIXTURES")
            #expect(
                !rewrote, "UPDATE_FIXTURES=1 rewrote cairo \(release)'s saved output: commit it; run the tests again")
        }
        let original = Array(try Data(contentsOf: PDFFixtures.cairo))
        let directory = TestPaths.scratch("accessibility-forms")
        let expected = try reading(try save(try update.apply(to: original), "as-saved", in: directory))
        #expect(
            expected.artifacts >= 6 && expected.privates == 0 && expected.alternates >= 1 && expected.contents >= 1,
            "\(expected)")
        #expect(expected.structure.contains("Figure") && expected.structure.contains("Link"))
        for (index, form) in try PDFFixtures.qpdfForms(of: PDFFixtures.cairo, scratch: "accessibility-forms-in")
            .enumerated()
        {
            let out = try save(try update.apply(to: form.bytes), "form-\(index)", in: directory)
            let check = try runProcess("/usr/bin/qpdf", ["--check", out.path])
            #expect(check.status == 0, "\(form.form): \(check.stdout)\(check.stderr)")
            let seen = try reading(out)
            #expect(seen.structure == expected.structure, "\(form.form)")
            #expect(seen.artifacts == expected.artifacts && seen.privates == 0, "\(form.form)")
            #expect(seen.alternates == expected.alternates && seen.contents == expected.contents, "\(form.form)")
        }
        // The saved input is cairo's own, as the renderer writes it (not yet updated).
        #expect(String(decoding: original.prefix(9), as: UTF8.self) == "%PDF-1.5\n")
        #expect(String(decoding: original, as: UTF8.self).contains("/S /Private"))
    }

    @Test(
        "another writer's PDF (fpdf2, PDF 1.4): its /Lang replaced, not repeated; its link named; its /ID kept; qpdf --check is clean"
    )
    func anotherWriter() throws {
        let update = AccessibilityUpdate(
            language: "fr-CA", figureAlternates: [],
            linkNames: [[.init(target: "https://example.com/another", name: "Another page")], []],
            title: "Another writer", author: nil)
        let input = Array(try Data(contentsOf: PDFFixtures.fpdf2))
        let out = try save(try update.apply(to: input), "fpdf2", in: TestPaths.scratch("accessibility-fpdf2"))
        let check = try runProcess("/usr/bin/qpdf", ["--check", out.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let file = try PDFFile(Array(try Data(contentsOf: out)))
        let catalog = try #require(try file.object(file.root.number).value.dictionary)
        #expect(catalog["Lang"] == .string(Array("fr-CA".utf8)))
        #expect(catalog.entries.filter { $0.key == "Lang" }.count == 1)
        #expect(catalog["ViewerPreferences"]?["DisplayDocTitle"] == .boolean(true))
        #expect(file.trailer["ID"] == (try PDFFile(input).trailer["ID"]) && file.trailer["ID"] != nil)
        #expect(file.version == "1.5")
        let links = try PageTree.pages(file, catalog: catalog).flatMap { page in
            try (file.resolve(page.dictionary["Annots"])?.array ?? []).compactMap { try file.resolve($0)?.dictionary }
        }.filter { $0["Subtype"] == .name("Link") }
        #expect(links.count == 1 && links.first?["Contents"] == .string(Array("Another page".utf8)))
    }
}
