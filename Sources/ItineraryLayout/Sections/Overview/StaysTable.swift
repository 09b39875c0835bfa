/// "Where you're staying": one row per lodging, linked to the day it is listed on.
import ItineraryModel
import ItineraryText

extension OverviewBuilder {
    /// Nil when the trip has no lodging: the table and its title are left out.
    func staysTable() -> Table? {
        let stays = Stay.all(in: context.trip, zones: context.zones)
        guard !stays.isEmpty else { return nil }
        let s = spec.stays
        let rows = stays.map { stay in
            // The times name their zone where it is not the zone of the day the stay is listed
            // on (a Honolulu hotel on a day that starts in Taipei), or they would read as that day's.
            var named = false
            if case let .named(id)? = stay.zone { named = id != context.zones.zone(of: context.trip.days[stay.day]) }
            return TableRow(
                [
                    // The trip's places in the name kept whole (`Dan Tel Aviv`, never `Tel` / `Aviv`), and
                    // its words written without spaces (`中山大酒店`, never `中` / `山大酒店`).
                    .text([span(context.placesKeptWhole(LineBreaks.tiedCharacters(stay.lodging.name)), .hotel)]),
                    dayAndTime(stay.lodging.checkIn, zone: stay.zone, named: named),
                    dayAndTime(stay.lodging.checkOut, zone: stay.zone, named: named),
                    stay.nights.map { .figure([span(format.count($0), .nights)]) } ?? emptyCell,
                    codeCell(stay.lodging.confirmation),
                ],
                link: dayLink(stay.day))
        }
        return Table(
            width: context.width, columns: s.columns, geometry: geometry,
            header: headerCells(["hotel", "checkIn", "checkOut", "nights", "confirmation"]),
            rows: rows, text: context.text,
            pageHeight: pageHeight, continuation: continuation)
    }

    /// A row's link to day `index`'s page, named by the day's title; none when the template
    /// prints no day pages (the destination would not exist).
    func dayLink(_ index: Int) -> RowLink? {
        guard context.theme.template.sections.contains(.days) else { return nil }
        return RowLink(
            destination: SectionContext.destination(day: index),
            name: context.dayTitle(index: index, day: context.trip.days[index]))
    }

    /// `Fri, Jun 12 · 3:00 PM`, the time in its own role; the zone is the day pages' to show,
    /// unless `named` (`3:00 PM HST`) or the trip gives none: then the written offset follows
    /// (`3:00 PM UTC−5`), so the time is never taken for local. Too long for one line, the date
    /// and the time take a line each.
    private func dayAndTime(_ instant: Instant?, zone: DisplayZone?, named: Bool = false) -> TableCell {
        guard let instant, let zone else { return emptyCell }
        let date = dateText(format.localDate(instant, zone: zone))
        let shown = format.time(instant, zone: zone)
        var time = shown.time
        if case .writtenOffset = zone { time += " " + shown.zone }
        if named, !shown.zone.isEmpty { time += "\u{00A0}" + shown.zone }
        // Date, then time, from the left whatever the script of either (`Bidi.listParts`: an
        // Arabic date before `3:00 PM` drew `PM 3:00`).
        let parts = Bidi.listParts([date, time]).parts
        return TableCell(
            [CellParagraph([span(parts[0], .stayDate), span(" · " + parts[1], .stayTime)])],
            whenWrapping: [CellParagraph([span(date, .stayDate)]), CellParagraph([span(time, .stayTime)])])
    }

    /// The confirmation code on a chip, or `—`.
    private func codeCell(_ code: String?) -> TableCell {
        guard let code, !code.isEmpty else { return emptyCell }
        let c = spec.stays.code
        let chip = CellChip(fill: color(.codeChip), radius: c.radius, paddingY: c.paddingY, paddingX: c.paddingX)
        return TableCell([CellParagraph([span(Bidi.code(code), .code)], chip: chip)])
    }
}
