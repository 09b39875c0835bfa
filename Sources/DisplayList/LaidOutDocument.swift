/// A laid-out document: its pages, outline and metadata.
import ItineraryText

/// A bookmark in the PDF outline.
public struct OutlineEntry: Sendable, Hashable {
    public var title: String
    public var destination: String
    public var children: [OutlineEntry]
    public init(title: String, destination: String, children: [OutlineEntry] = []) {
        self.title = title
        self.destination = destination
        self.children = children
    }
}

/// Document-level facts written into the PDF's information dictionary.
public struct DocumentMetadata: Sendable, Hashable {
    public var title: String
    public var author: String?
    public var subject: String?
    public var keywords: String?
    /// The document's language as a BCP 47 tag (`en-US`), for screen readers' voices.
    public var language: String?
    public init(
        title: String, author: String? = nil, subject: String? = nil, keywords: String? = nil,
        language: String? = nil
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.language = language
    }
}

/// A laid-out itinerary: pages of display items, the outline and the metadata.
public struct LaidOutDocument: Sendable, Hashable {
    public var pages: [PageFrame]
    public var outline: [OutlineEntry]
    public var metadata: DocumentMetadata
    /// Characters no bundled font covers, to report as a warning (never drawn as silent tofu).
    public var uncoveredScalars: [Unicode.Scalar]
    /// The names of the emoji no bundled font covers, printed by name on a capsule (`lobster`),
    /// each once, to report in a notice.
    public var namedEmoji: [String]
    /// The pages (1-based) from which text the template put under the test-entitlement mark was
    /// left out (`MarkBand`), to report as a warning.
    public var pagesClearedForMark: [Int]
    /// The text engine and document its lines were set in (nil: not recorded, as for display
    /// lists made by hand): a renderer given another engine, or this one after it began another
    /// document, refuses to draw rather than set the text again.
    public var laidOutWith: TextEngine.DocumentMark?

    public init(
        pages: [PageFrame], outline: [OutlineEntry], metadata: DocumentMetadata,
        uncoveredScalars: [Unicode.Scalar] = [], namedEmoji: [String] = [], pagesClearedForMark: [Int] = [],
        laidOutWith: TextEngine.DocumentMark? = nil
    ) {
        self.pages = pages
        self.outline = outline
        self.metadata = metadata
        self.uncoveredScalars = uncoveredScalars
        self.namedEmoji = namedEmoji
        self.pagesClearedForMark = pagesClearedForMark
        self.laidOutWith = laidOutWith
    }
}
