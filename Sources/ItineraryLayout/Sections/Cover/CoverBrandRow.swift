/// The cover's top row: the brand mark and product name at the left, `TRIP ITINERARY` at the right.
import DisplayList
import ItineraryText

extension SectionContext {
    /// Everything is centred vertically in the row's height.
    func coverBrandRow(_ spec: CoverBrandSpec) -> CoverPart {
        var items = BrandMark.draw(
            at: Point(x: 0, y: (spec.height - spec.disc) / 2), diameter: spec.disc,
            disc: coverColor(.disc), seam: coverColor(.seam))
        if let name = coverLine(theme.template.footer.wordmark, .brand) {
            items.append(
                .text(
                    spans: name.spans,
                    origin: Point(x: spec.disc + spec.gap, y: (spec.height - name.height) / 2 + name.baseline)))
        }
        if let label = coverLine(coverWord("tripItinerary"), .brandLabel) {
            items.append(
                .text(
                    spans: label.spans,
                    origin: Point(x: width - label.width, y: (spec.height - label.height) / 2 + label.baseline)))
        }
        return CoverPart(items: items, height: spec.height)
    }
}
