/// What an export is asked for and what it gives back.
import Foundation
import ItineraryLayout

/// What to make of a trip besides its bytes: which template, which of its papers, and the date the
/// PDF records.
public struct ExportOptions: Sendable {
    /// A bundled template by name, or a template file.
    public var template: TemplateChoice
    /// A key of the template's `papers` (`letter`, `a4`); nil for the template's default.
    public var paper: String?
    /// Seconds since 1970 for the PDF dates; nil derives them from the trip (its start date),
    /// never from the clock. The command line fills this from `SOURCE_DATE_EPOCH`.
    public var sourceDateEpoch: Int?

    /// The options; by default the standard template on its own paper, dated from the trip.
    public init(template: TemplateChoice = .standard, paper: String? = nil, sourceDateEpoch: Int? = nil) {
        self.template = template
        self.paper = paper
        self.sourceDateEpoch = sourceDateEpoch
    }
}

/// What an export produced.
public struct ExportResult: Sendable {
    /// The file's bytes: a PDF, or a PNG for a preview.
    public var bytes: Data
    /// How many pages the document has (a PNG shows one of them).
    public var pageCount: Int
    /// Problems worth telling the user that did not stop the export (uncovered characters).
    public var warnings: [String]
    /// The template file's bytes as this document was laid out with them: a batch worker hashes
    /// them for `--resume`, so a template edited during a batch is recorded as it was used.
    public var templateBytes = Data()
}
