/// Lays out a whole trip: the blocks of every section, paginated and composed into pages.
import DisplayList
import ItineraryModel
import ItineraryText

/// Turns a validated trip into pages of display items, using a theme for every style.
/// Pure: no files, no surfaces, no clock. Not thread-safe (it owns a `TextEngine`'s use); the
/// only work it hands to another thread is the trip's QR codes (`QRCodeBook`), which use no
/// text or drawing library.
public struct ItineraryLayoutEngine {
    public let theme: Theme
    public let text: TextEngine
    /// Put in the metadata's keywords: the exporter's "Test entitlement (…) — not a purchase";
    /// nil for none. The line on every page is not the layout's to draw: the renderer draws it
    /// over the finished page (`EntitlementMark`), where no template reaches.
    public let notice: String?
    /// Date formatters and zone files to reuse: pass the same one for every document (the
    /// exporter keeps one); by default, a new one for this engine alone.
    public let caches: FormatCaches

    public init(theme: Theme, text: TextEngine, notice: String? = nil, caches: FormatCaches = FormatCaches()) {
        self.theme = theme
        self.text = text
        self.notice = notice
        self.caches = caches
    }

    public func layout(_ trip: Trip) -> LaidOutDocument {
        // The whole document under the lock once, rather than each of its thousands of
        // measurements taking it again (they do, recursively: `TextEngine` locks every call).
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let format = TripFormatter(
            localeIdentifier: trip.locale, units: trip.units, labels: theme.labels, labelLanguage: theme.language,
            caches: caches)
        if trip.startDate <= trip.endDate { format.tripYears = trip.startDate.year...trip.endDate.year }
        let datesPrepared = format.prepareDates()
        defer { _ = datesPrepared.value }
        let content = SectionContext(trip: trip, theme: theme, text: text, format: format, width: contentWidth)
        var blocks: [any FlowBlock] = []
        var printed: [SectionName] = []
        for section in theme.template.sections {
            let sectionBlocks = content.blocks(for: section)
            guard !sectionBlocks.isEmpty else { continue }
            printed.append(section)
            if theme.template.startsNewPage(section) { blocks.append(PageBreak()) }
            blocks += [StructureMark(opening: .section)] + sectionBlocks + [StructureMark(closing: .section)]
        }

        let geometry = theme.geometry
        let paginator = Paginator(
            sectionEndFill: theme.template.sectionEndFill, sectionJoinFill: theme.template.sectionJoinFill,
            lastPageSqueeze: theme.template.lastPageSqueeze, lastPageFill: theme.template.lastPageFill,
            overrun: { geometry.overrun(page: $0) }
        ) { index in
            geometry.body(page: index).height
        }
        let bodies = paginator.paginate(blocks)
        let composer = PageComposer(
            theme: theme, text: text,
            headerName: { style, room in content.shownTitle(style, width: room, maxLines: 1, headCities: 2) },
            headerDates: format.dateRange(trip.startDate, trip.endDate),
            count: format.count)
        var pages = composer.compose(bodies)
        var clearedForMark: [Int] = []
        if geometry.reservedFoot > 0 {
            let top = theme.page.height - geometry.reservedFoot
            for index in pages.indices
            where MarkBand.clear(
                &pages[index], top: top,
                descent: { spans in
                    spans.map { text.metrics($0.style).descent }.max() ?? 0
                })
            {
                clearedForMark.append(index + 1)
            }
        }

        // What every line of every page draws in place of what no bundled face has: boxes, and
        // emoji printed by name (in notes, titles and names alike: whatever the pages draw).
        var uncovered: [Unicode.Scalar] = [], named: [String] = []
        var seen = Set<Unicode.Scalar>(), seenNames = Set<String>()
        for page in pages {
            for case let .text(spans, _) in page.items {
                for span in spans {
                    let missing = text.missingGlyphs(in: span)
                    uncovered += missing.boxes.filter { seen.insert($0).inserted }
                    named += missing.named.filter { seenNames.insert($0).inserted }
                }
            }
        }
        let outline = outlineEntries(trip, content: content, printed: printed)
        let metadata = DocumentMetadata(
            title: trip.displayName, author: trip.traveler,
            subject: format.dateRange(trip.startDate, trip.endDate), keywords: notice,
            language: trip.locale.replacingOccurrences(of: "_", with: "-"))
        return LaidOutDocument(
            pages: pages, outline: outline, metadata: metadata, uncoveredScalars: uncovered, namedEmoji: named,
            pagesClearedForMark: clearedForMark, laidOutWith: text.documentMark)
    }

    /// Bookmarks: one per printed section with a title, the days under "Itinerary".
    private func outlineEntries(_ trip: Trip, content: SectionContext, printed: [SectionName]) -> [OutlineEntry] {
        let labels = theme.labels
        var entries: [OutlineEntry] = []
        for section in printed {
            switch section {
            case .overview:
                entries.append(OutlineEntry(title: labels.label("overview", "title"), destination: "overview"))
            case .days:
                let days = trip.days.enumerated().map { i, day in
                    OutlineEntry(
                        title: content.dayTitle(index: i, day: day), destination: SectionContext.destination(day: i))
                }
                entries.append(OutlineEntry(title: labels.itinerary, destination: "days", children: days))
            case .progress:
                entries.append(OutlineEntry(title: labels.progress, destination: "progress"))
            case .cover, .title:
                continue
            }
        }
        return entries
    }

    var contentWidth: Double { theme.geometry.flowWidth }
}
