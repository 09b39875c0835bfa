/// What every section builder shares: the trip, the theme, the text engine, formatting and lookups.
import DisplayList
import Foundation
import ItineraryModel
import ItineraryText

/// The trip and everything needed to turn it into blocks. Geometry comes from the theme.
struct SectionContext {
    let trip: Trip
    let theme: Theme
    let text: TextEngine
    let format: TripFormatter
    /// Width of the content box.
    var width: Double
    /// The zone of every time (ItineraryModel's `TimeZoneResolver`).
    let zones: TimeZoneResolver
    let teams: [String: Team]
    let stadiums: [String: Stadium]
    /// The QR codes the day cards print, encoded ahead on a second thread (`QRCodeBook`).
    let qrCodes: QRCodeBook
    /// The trip's place names a title keeps whole (`placesKeptWhole`), found once per document.
    let tieablePlaces: [String]

    init(trip: Trip, theme: Theme, text: TextEngine, format: TripFormatter, width: Double) {
        self.trip = trip
        self.theme = theme
        self.text = text
        self.format = format
        self.width = width
        zones = TimeZoneResolver(trip: trip)
        teams = Dictionary(trip.teams.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        stadiums = Dictionary(trip.stadiums.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let printsCodes = theme.template.days?.qrCode != nil && theme.template.sections.contains(.days)
        qrCodes = QRCodeBook(days: printsCodes ? trip.days : [])
        tieablePlaces = Self.tieablePlaces(trip)
    }

    static func destination(day index: Int) -> String { "day-\(index + 1)" }

    var labels: Labels { theme.labels }

    /// The blocks of one section; empty when the trip has nothing for it.
    func blocks(for section: SectionName) -> [any FlowBlock] {
        switch section {
        case .title: return titleBlock()
        case .days: return dayBlocks()
        case .progress: return progressBlocks()
        case .cover: return coverBlocks()
        case .overview: return overviewBlocks()
        }
    }

    // MARK: Shared pieces

    /// `spans` set on one line, shortened with an ellipsis at the end when wider than `maxWidth`
    /// (a single span only: a mixed line is set as it is).
    func line(_ spans: [StyledSpan], maxWidth: Double? = nil) -> SetLine? {
        guard var line = text.setParagraph(spans, width: nil).first else { return nil }
        if let maxWidth, line.width > maxWidth, spans.count == 1 {
            line =
                text.setParagraph([text.ellipsize(spans[0], width: maxWidth, middle: false)], width: nil).first ?? line
        }
        return line
    }

    func paragraph(_ spans: [StyledSpan], width: Double, role: StructureRole = .paragraph) -> TextBlock {
        var block = TextBlock(lines: text.setParagraph(spans, width: width), width: width)
        block.role = role
        return block
    }

    func counted(_ n: Int, _ one: String, _ many: String) -> String {
        format.count(n) + "\u{00A0}" + (labels.summary[n == 1 ? one : many] ?? many)
    }

    func dayTitle(index: Int, day: Day) -> String {
        Bidi.list(["\(labels.day) \(format.count(index + 1))", format.dayDate(day.date), day.city], separator: " · ")
    }

    /// `1 drive`, `2 flights`, `1 train` for the modes present, in `Labels.legWords` order and
    /// words; `except` leaves modes out (the day headings give drives as a distance).
    func legCounts(_ counts: [TravelMode: Int], except: Set<TravelMode> = []) -> [String] {
        Labels.legWords.compactMap { mode, one, many in
            guard !except.contains(mode), let n = counts[mode], n > 0 else { return nil }
            return Labels.fill(labels.label("legs", n == 1 ? one : many), count: "n", format.count(n))
        }
    }

    /// The running header of a day, or of a run of quiet days (`Days 3–5 · Tue, Nov 3 – Thu, Nov 5 · Denver`).
    func dayTitle(_ days: ClosedRange<Int>) -> String {
        let first = trip.days[days.lowerBound]
        guard days.count > 1 else { return dayTitle(index: days.lowerBound, day: first) }
        let last = trip.days[days.upperBound]
        let numbers = format.count(days.lowerBound + 1) + "\u{2013}" + format.count(days.upperBound + 1)
        let dates = Bidi.list([format.dayDate(first.date), format.dayDate(last.date)], separator: " \u{2013} ")
        return Bidi.list(["\(labels.label("days", "daysCaps")) \(numbers)", dates, first.city], separator: " · ")
    }
}

extension SectionContext {
    /// The code a league's chips print: the trip's `leagues[].abbreviation`, else the rule of
    /// `TripFormatter.leagueCode`.
    func leagueCode(_ league: String) -> String {
        trip.leagues.first { $0.id == league }?.abbreviation ?? TripFormatter.leagueCode(league)
    }

    /// A league's full name: the trip's `leagues[].name`, else the template's `league.<CODE>`
    /// label in `group`; nil when neither has one.
    func leagueName(_ league: String, labels group: String) -> String? {
        if let name = trip.leagues.first(where: { $0.id == league })?.name { return name }
        let label = labels.label(group, "league." + league.uppercased())
        return label.isEmpty ? nil : label
    }
}
