/// The library API: trip bytes → validated trip → laid-out pages → PDF bytes → atomic file.
import BackgroundThreads
import DisplayList
import Entitlements
import Foundation
import ItineraryLayout
import ItineraryModel
import ItineraryRender
import ItineraryText
import StrictJSON

/// Exports trips to PDF. Holds the font set and one text engine per language; use one exporter
/// per thread. Documents are laid out and drawn one at a time in the process (`NativeTextLock`:
/// the native text libraries are not safe to drive from several threads at once).
public final class Exporter {
    /// The program's version, as `--version` prints it and the PDF's Creator records it.
    public static let version = "0.1.0"

    /// The bundled fonts, checked against their lock when the exporter was made.
    public let fontSet: FontSet
    /// Where the bundled templates (`classic.json`, `compact.json`) are read from.
    public let templatesDirectory: String
    /// Asked before anything else, by `init` and by every render: PDF export is a Pro feature.
    public let gate: ProGate
    private var engines: [String: TextEngine] = [:]
    /// Date formatters and zone files, configured once for every document this exporter makes.
    private let formatCaches = FormatCaches()
    /// Decoded templates by path, with the bytes they were decoded from (`Exporter+Templates`).
    var templates: [String: (data: Data, template: Template)] = [:]

    /// Checks the Pro gate first: when the user is not Pro this throws `proRequired` before any
    /// font or trip is touched, whatever else is wrong.
    ///
    /// The gate's question (a store read and signature checks: about 22 M instructions, the cost
    /// of laying out a page or two) is asked on another thread while this one decodes the
    /// bundled template `preloading` names, which the first export then finds decoded. Only a
    /// template named from the templates directory (`.named`, never a `--template` path) is read
    /// early, and only a regular file of at most `TemplateFiles.maximumBytes`
    /// (`TemplateFiles.read`): nothing that could keep the gate's answer waiting, whatever
    /// `$EXPORT_ITINERARY_TEMPLATES` points at. Its problems are the export's, found
    /// when the export uses it; the fonts load after the gate's yes.
    /// - Parameters:
    ///   - gate: the entitlement check (`ProAccess.gate()` builds the usual one).
    ///   - fontsDirectory: nil finds `Fonts/` beside or above the executable, or `$EXPORT_ITINERARY_FONTS`.
    ///   - templatesDirectory: nil finds `Templates/` the same way.
    ///   - preloading: the template the exports will use; decoded while the gate is asked when
    ///     it is a bundled one (`.named`), else left for the first export to read.
    public init(
        gate: ProGate, fontsDirectory: String? = nil, templatesDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        preloading template: TemplateChoice? = nil
    ) throws(ExportError) {
        self.gate = gate
        // The drawing libraries load beside the gate's question and the template's decoding,
        // rather than at the first drawing after them.
        NativeLibraryLoading.startInBackground()
        // The time of the answer, not of the end of this init: a recheck interval runs from it.
        let verdict = BackgroundWork { () -> Result<(EntitlementGrade, UInt64), ExportError> in
            do throws(ExportError) {
                let grade = try Self.requirePro(gate)
                return .success((grade, DispatchTime.now().uptimeNanoseconds))
            } catch {
                return .failure(error)
            }
        }
        let templates =
            templatesDirectory
            ?? Resources.templatesDirectory(environment: environment)
        self.templatesDirectory = templates
        var preloaded: (path: String, data: Data, template: Template)?
        if case .named? = template, let choice = template,
            let (path, data) = try? Self.templateFile(choice, templatesDirectory: templates),
            let decoded = try? Self.decodeTemplate(data, path: path)
        {
            preloaded = (path, data, decoded)
        }

        (access, lastGatePass) = try verdict.value.get()
        let fonts = fontsDirectory ?? Resources.fontsDirectory(environment: environment)
        do {
            fontSet = try FontSet(directory: fonts)
        } catch {
            throw .fonts(error)
        }
        if let preloaded, (try? Self.checkFamily(preloaded.template, path: preloaded.path, fonts: fontSet)) != nil {
            self.templates[preloaded.path] = (preloaded.data, preloaded.template)
        }
    }

    /// How long a passed gate check stands before the next export asks the store again.
    /// Zero (the default) asks before every document. A batch worker renders hundreds of
    /// documents a second and sets a few seconds: it still stops within that time of Pro
    /// ending, without paying a store read and signature checks per document.
    public var gateRecheckInterval: Duration = .zero
    /// When the gate last said yes (monotonic nanoseconds).
    var lastGatePass: UInt64 = 0
    /// What the gate said yes with: a purchase, or a test entitlement, whose PDFs carry
    /// `EntitlementGrade.notice` on every page and in their metadata.
    public internal(set) var access: EntitlementGrade = .production

    /// Lays out a trip into pages (no rendering yet). Checks the gate first. Draw the pages
    /// with the returned engine, then call its `finishDocument()`.
    public func layout(
        _ trip: Trip, options: ExportOptions = ExportOptions()
    ) throws(ExportError) -> (LaidOutDocument, TextEngine) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let (document, text, _, _) = try layout(trip, options: options, gateChecked: false)
        return (document, text)
    }

    /// `gateChecked`: the caller has just checked the gate (`export` does, before reading the
    /// trip), so the check is not repeated a few milliseconds later. Callers hold `NativeTextLock`.
    /// Returns the template's bytes too (`ExportResult.templateBytes`), and the warnings of the
    /// trip with this template (the stops its route map leaves out, a language it has no labels for).
    private func layout(
        _ trip: Trip, options: ExportOptions, gateChecked: Bool
    ) throws(ExportError) -> (LaidOutDocument, TextEngine, Data, [String]) {
        if !gateChecked { try checkGate() }
        let (template, templateBytes) = try loadTemplateAndBytes(options.template)
        if let paper = options.paper, let problem = template.paperProblem(paper, name: options.template.argument) {
            throw .paper(problem)
        }
        let theme: Theme
        do {
            theme = try Theme(
                template: template, locale: trip.locale, paper: options.paper,
                reservedFoot: { paper in Self.markBand(access.notice, paper) })
        } catch {
            throw .template(error.description)
        }
        let text = engine(language: trip.locale)
        // Whatever an earlier caller of `layout` left unfinished must not be drawn in this one.
        text.beginDocument()
        text.prepareFonts(for: theme.allStyles)
        return (
            ItineraryLayoutEngine(theme: theme, text: text, notice: access.notice, caches: formatCaches).layout(trip),
            text, templateBytes, Self.warnings(trip, template: template)
        )
    }

    /// The height of the band at a page's foot that the test-entitlement mark `notice` takes
    /// (its plate as a PDF draws it; 0 without a notice), kept clear of the page's text so a
    /// reader's text extraction finds the mark's words alone. A PNG preview has the PDF's layout.
    /// A mark that cannot be measured reserves nothing here and stops the drawing later.
    static func markBand(_ notice: String?, _ paper: PaperSize) -> Double {
        guard let notice,
            let mark = try? EntitlementMark.geometry(notice, pageWidth: paper.width, pageHeight: paper.height)
        else { return 0 }
        return paper.height - mark.plate.y
    }

    /// Renders one page (1-based) as a PNG preview at `dpi`, drawn with the same layout as the PDF.
    public func renderPNG(
        _ trip: Trip, page: Int, dpi: Double, options: ExportOptions = ExportOptions()
    ) throws(ExportError) -> ExportResult {
        try renderPNG(trip, page: page, dpi: dpi, options: options, gateChecked: false)
    }

    private func renderPNG(
        _ trip: Trip, page: Int, dpi: Double, options: ExportOptions, gateChecked: Bool
    ) throws(ExportError) -> ExportResult {
        // One document at a time in the process (see `NativeTextLock`), from layout to bytes.
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let (document, text, templateBytes, warnings) = try layout(trip, options: options, gateChecked: gateChecked)
        defer { text.finishDocument() }
        guard (1...document.pages.count).contains(page) else {
            throw .pageOutOfRange(page: page, pages: document.pages.count)
        }
        let frame = document.pages[page - 1]
        guard PNGRenderer.admits(width: frame.width, height: frame.height, scale: dpi / 72) else {
            throw .imageTooLarge(
                page: page, width: frame.width, height: frame.height, dpi: dpi,
                largestDPI: PNGRenderer.largestDPI(width: frame.width, height: frame.height))
        }
        do {
            let png = try PNGRenderer.render(document, page: page - 1, text: text, scale: dpi / 72, mark: access.notice)
            return ExportResult(
                bytes: png, pageCount: document.pages.count,
                warnings: warnings + Self.warnings(document),
                templateBytes: templateBytes)
        } catch {
            throw .render("\(error)")
        }
    }

    /// Lays out and renders a trip to PDF bytes in memory.
    public func render(_ trip: Trip, options: ExportOptions = ExportOptions()) throws(ExportError) -> ExportResult {
        try render(trip, options: options, gateChecked: false)
    }

    private func render(_ trip: Trip, options: ExportOptions, gateChecked: Bool) throws(ExportError) -> ExportResult {
        // One document at a time in the process (see `NativeTextLock`), from layout to bytes.
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let (document, text, templateBytes, warnings) = try layout(trip, options: options, gateChecked: gateChecked)
        defer { text.finishDocument() }
        let pdf: Data
        do {
            pdf = try PDFRenderer.render(
                document, text: text,
                options: PDFOptions(
                    creationDate: Self.pdfDate(options.sourceDateEpoch ?? Self.defaultEpoch(trip)),
                    creator: "export-itinerary \(Self.version)", mark: access.notice))
        } catch {
            throw .render("\(error)")
        }
        return ExportResult(
            bytes: pdf, pageCount: document.pages.count,
            warnings: warnings + Self.warnings(document),
            templateBytes: templateBytes)
    }

    /// Reads, validates, renders and atomically writes one trip: a PDF, or with `pngPage`
    /// set, that page as a PNG preview.
    @discardableResult
    public func export(
        input: String, output: String, options: ExportOptions = ExportOptions(),
        pngPage: Int? = nil, dpi: Double = 144
    ) throws(ExportError) -> ExportResult {
        // The gate first, as in `init`: once Pro has gone, not even the trip is read.
        try checkGate()
        if output.isEmpty { throw .output(OutputError(path: "\"\"", reason: "the path is empty")) }
        if input != "-", output != "-", AtomicFile.sameFile(input, output) {
            throw .sameFile(output)
        }
        let trip = try Self.loadTrip(path: input)
        let result: ExportResult
        // Reading standard input can take any time (a pipe, a person typing): check again.
        let checked = input != "-"
        if let pngPage {
            result = try renderPNG(trip, page: pngPage, dpi: dpi, options: options, gateChecked: checked)
        } else {
            result = try render(trip, options: options, gateChecked: checked)
        }
        do {
            if output == "-" {
                try FileHandle.standardOutput.write(contentsOf: result.bytes)
            } else {
                try AtomicFile.write(result.bytes, to: output)
            }
        } catch let error as OutputError {
            throw .output(error)
        } catch {
            throw .output(OutputError(path: "<stdout>", reason: "write error"))
        }
        return result
    }

    /// Validates, renders and atomically writes a trip whose bytes the caller has read (a
    /// batch worker, which also fingerprints them): the same PDF as `export(input:output:)`.
    @discardableResult
    public func export(
        tripData: Data, name: String, output: String,
        options: ExportOptions = ExportOptions()
    ) throws(ExportError) -> ExportResult {
        try checkGate()
        if output.isEmpty { throw .output(OutputError(path: "\"\"", reason: "the path is empty")) }
        if AtomicFile.sameFile(name, output) { throw .sameFile(output) }
        return try export(tripData: tripData, name: name, options: options, gateChecked: true) {
            bytes throws(OutputError) in try AtomicFile.write(bytes, to: output)
        }
    }

    /// Validates and renders a trip whose bytes the caller has read, then hands the PDF to
    /// `write`, which puts it where it belongs (a batch worker writes through its output
    /// directory's handle, following no link); its error is the export's output error.
    @discardableResult
    public func export(
        tripData: Data, name: String, options: ExportOptions = ExportOptions(),
        write: (Data) throws(OutputError) -> Void
    ) throws(ExportError) -> ExportResult {
        try export(tripData: tripData, name: name, options: options, gateChecked: false, write: write)
    }

    /// `gateChecked`: the caller has just checked the gate, so it is not asked twice.
    private func export(
        tripData: Data, name: String, options: ExportOptions, gateChecked: Bool,
        write: (Data) throws(OutputError) -> Void
    ) throws(ExportError) -> ExportResult {
        if !gateChecked { try checkGate() }
        let trip = try Self.decodeTrip(tripData, name: name)
        let result = try render(trip, options: options, gateChecked: true)
        do {
            try write(result.bytes)
        } catch {
            throw .output(error)
        }
        return result
    }

    /// One text engine per language, reused across documents.
    private func engine(language: String) -> TextEngine {
        let tag = language.replacingOccurrences(of: "_", with: "-")
        if let engine = engines[tag] { return engine }
        let engine = TextEngine(fontSet: fontSet, language: tag)
        engine.paragraphCapacity = paragraphCapacity
        engines[tag] = engine
        return engine
    }

    /// How many broken paragraphs each text engine keeps from one document to the next
    /// (labels, names and times recur across trips). Output never depends on it; memory does.
    public var paragraphCapacity = TextEngine.defaultParagraphCapacity {
        didSet { for engine in engines.values { engine.paragraphCapacity = paragraphCapacity } }
    }
}
