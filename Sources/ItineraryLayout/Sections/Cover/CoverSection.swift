/// The cover page: brand row, title, route line, meta row, route map, stat tiles and a note.
import DisplayList
import ItineraryModel
import ItineraryText

/// A laid-out piece of the cover: display items relative to its top-left corner, and its height.
struct CoverPart {
    var items: [DisplayItem]
    var height: Double

    static let empty = CoverPart(items: [], height: 0)
}

extension SectionContext {
    /// The cover as one block exactly as tall as the page's body frame, so that it always fills
    /// one page and whatever follows starts on the next. The map takes the height the other
    /// parts leave, up to its designed height; a paper taller than the template's own (A4 for
    /// a Letter design) gives its extra height to the map, so the tiles keep their place above
    /// the bottom margin instead of leaving a band of empty paper.
    func coverBlocks() -> [any FlowBlock] {
        guard let spec = theme.template.cover else { return [] }
        let t = theme.template
        // A cover listed first is page 1, alone on it: laid out in the first page's frame,
        // which may be narrower or wider than the one flowing content is set in.
        let frame = theme.geometry.body(page: t.sections.first == .cover ? 0 : 1)
        if frame.width != width {
            var framed = self
            framed.width = frame.width
            return framed.coverBlocks()
        }
        let pageHeight = frame.height
        let gaps = spec.gaps

        let brand = coverBrandRow(spec.brand)
        let title = coverTitle(spec.title, headCities: spec.route.headCities)
        // A trip without a name is titled by its route: the route line would say it twice.
        let route = trip.hasName ? coverRouteLine(spec.route) : .empty
        let (meta, travelerCut) = coverMetaRow(spec.meta)
        let stats = coverStatTiles(spec.stats)
        let note = coverNote(traveler: travelerCut, title: title.cut)

        // A place or more: the route map, one place at the design's least span around it (its
        // city streets, not its continent) and the map's whole height. None: no map.
        // One outline of the route serves the map, its key and its alternate text.
        let outline = RouteOutline(trip: trip)
        let places = outline.places.count
        let mapSpec = spec.map
        let mapGap = places == 0 ? 0 : gaps.map
        let keyLines =
            places == 0
            ? [] : spec.mapKey.map { coverMapKeyLines($0, markers: spec.map.markers, outline: outline) } ?? []
        let keyGap = keyLines.isEmpty ? 0 : gaps.mapKey
        // Without it, the title is followed by the space the route line's would have been.
        let (titleGap, routeGap) = trip.hasName ? (gaps.title, gaps.route) : (gaps.route, 0)
        let above =
            brand.height + gaps.brand + title.part.height + titleGap + route.height + routeGap + meta.height + gaps.meta
        let fixedBelow = keyGap + mapGap + stats.height + gaps.stats + note.height
        // The key takes the lines it needs while the map keeps its least height; the rest of a
        // very long key (a hundred places) goes on after the cover.
        let keyRoom = pageHeight - above - fixedBelow - min(spec.mapKey?.minimumMapHeight ?? 0, spec.map.height)
        var keyShown = 0, keyHeight = 0.0
        while keyShown < keyLines.count, keyHeight + keyLines[keyShown].height <= keyRoom {
            keyHeight += keyLines[keyShown].height
            keyShown += 1
        }
        let key = coverPart(Array(keyLines.prefix(keyShown)))
        let below = fixedBelow + key.height
        let extraPaper = max(0, theme.page.height - (t.papers[t.paper]?.height ?? theme.page.height))
        let designed = spec.map.height + extraPaper - spec.map.heightPerExtraTitleLine * Double(max(0, title.lines - 1))
        let mapHeight = places == 0 ? 0 : max(0, min(designed, pageHeight - above - below))
        let map = coverMap(mapSpec, outline: outline, height: mapHeight)

        var items: [DisplayItem] = []
        var y = 0.0
        // Each part one element of the structure, in reading order: the brand row is furniture,
        // the map a figure.
        let parts: [(CoverPart, Double, StructureRole)] = [
            (brand, gaps.brand, .artifact), (title.part, titleGap, .paragraph), (route, routeGap, .paragraph),
            (meta, gaps.meta, .division),
            (map, keyGap, .figure), (key, mapGap, .paragraph), (stats, gaps.stats, .division), (note, 0, .paragraph),
        ]
        for (part, gap, role) in parts {
            let moved = part.items.map { $0.offset(by: Point(x: 0, y: y)) }
            if role == .figure, !moved.isEmpty {
                items +=
                    [.beginStructure(.figure, alternate: coverMapAlternate(outline))] + moved + [.endStructure(.figure)]
            } else {
                items += moved.tagged(role)
            }
            y += part.height + gap
        }
        let cover = Canvas(height: pageHeight, items: items)
        guard keyShown < keyLines.count, spec.mapKey != nil else { return [cover] }
        return [cover, coverKeyContinued(Array(keyLines[keyShown...]))]
    }

    /// The rest of a key too long for the cover, atop page 2 under the cue `CONTINUED · MAP KEY`:
    /// a place is never dropped from the key that names the map's markers.
    func coverKeyContinued(_ lines: [SetLine]) -> any FlowBlock {
        let name = coverWord("mapKey")
        let cue = coverLine(labels.continued + (name.isEmpty ? "" : " · " + name), .continued).map { [$0] } ?? []
        return TextBlock(lines: cue + lines, width: width, minimumLinesPerSide: 1)
    }

    /// The closing note under the stat tiles.
    /// The note under the tiles; with `title` (the trip's name, which the title had to cut),
    /// that name whole on a line before it, and with `traveler` (a name the meta row had to
    /// cut), that name whole after it: nothing the trip says is lost (`Traveler: …`).
    func coverNote(traveler: String? = nil, title: String? = nil) -> CoverPart {
        let head = title.map { $0 + "\n" } ?? ""
        let tail = traveler.map { " " + labels.traveler + ": " + $0 } ?? ""
        return coverParagraph(head + coverWord("note") + tail, style: .note, width: width)
    }
}
