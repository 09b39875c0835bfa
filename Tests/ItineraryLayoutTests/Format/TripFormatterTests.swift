/// Locale formatting: dates, times with zone abbreviations across DST, distances, durations.
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryModel
import Testing
import TestSupport

private func labels(_ language: String) throws -> Labels {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json"))
    return try #require(TemplateLoader.load(data).labels[language])
}

private func nbsp(_ s: String) -> String {
    s.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        .replacingOccurrences(of: "\u{2009}", with: " ")
}

@Suite("Trip formatter")
struct TripFormatterTests {
    @Test func englishDates() throws {
        let f = TripFormatter(localeIdentifier: "en_US", units: .imperial, labels: try labels("en"))
        let start = try #require(CalendarDate(iso: "2026-06-12")), end = try #require(CalendarDate(iso: "2026-06-19"))
        #expect(nbsp(f.dateRange(start, end)) == "Jun 12 – 19, 2026")
        #expect(f.dayDate(try #require(CalendarDate(iso: "2026-06-14"))) == "Sun, Jun 14")
    }

    @Test(
        "a range in a locale that writes dates in right-to-left letters is two dates, the year once when both share it")
    func rightToLeftRange() throws {
        let f = TripFormatter(localeIdentifier: "he_IL", units: .metric, labels: try labels("en"))
        let start = try #require(CalendarDate(iso: "2026-03-26")), end = try #require(CalendarDate(iso: "2026-03-28"))
        let range = f.dateRange(start, end)
        #expect(range.components(separatedBy: "2026").count == 2, "\(range)")
        let across = f.dateRange(start, try #require(CalendarDate(iso: "2027-01-02")))
        #expect(across.contains("2026") && across.contains("2027"), "\(across)")
    }

    @Test(
        "digits follow the labels: Western beside English labels on an Arabic trip, the locale's beside its own labels")
    func digitsFollowTheLabels() throws {
        let english = TripFormatter(
            localeIdentifier: "ar_SA", units: .imperial, labels: try labels("en"), labelLanguage: "en")
        #expect(nbsp(english.distance(meters: 10_755_000)) == "6,683 mi")
        #expect(nbsp(english.duration(seconds: 15 * 3600 + 600)) == "15 h 10 m")
        #expect(english.count(9) == "9")
        let day = try #require(CalendarDate(iso: "2026-10-01"))
        #expect(english.dayDate(day).contains("1") && !english.dayDate(day).contains("١"), "\(english.dayDate(day))")
        // Arabic labels (a template's own `labels.ar`): the locale's Arabic-Indic digits.
        let arabic = TripFormatter(
            localeIdentifier: "ar_SA", units: .metric, labels: try labels("en"), labelLanguage: "ar")
        #expect(arabic.count(9) == "٩")
        // A locale whose digits are Western anyway keeps its identifier.
        let french = TripFormatter(
            localeIdentifier: "fr_CA", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(french.locale.identifier == "fr_CA")
    }

    @Test(
        "a time of day beside English labels on an Arabic or Korean trip says PM, not م or 오후; beside Arabic labels, the locale's; Hebrew and Japanese keep their 24 hours"
    )
    func dayPeriodFollowsTheLabels() throws {
        let nine = try #require(Instant(rfc3339: "2026-10-10T21:00:00+03:00"))
        let english = TripFormatter(
            localeIdentifier: "ar_SA", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(nbsp(english.time(nine, zone: .named("Asia/Riyadh")).time) == "9:00 PM")
        let arabic = TripFormatter(
            localeIdentifier: "ar_SA", units: .metric, labels: try labels("en"), labelLanguage: "ar")
        #expect(arabic.time(nine, zone: .named("Asia/Riyadh")).time.contains("م"))
        let hebrew = TripFormatter(
            localeIdentifier: "he_IL", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(hebrew.time(nine, zone: .named("Asia/Jerusalem")).time == "21:00")
        // Korean and Taiwanese Chinese write day periods in their own letters (`오후 9:00`,
        // `下午9:00`): beside English labels, PM; Japanese keeps its 24 hours.
        let korean = TripFormatter(
            localeIdentifier: "ko_KR", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(nbsp(korean.time(nine, zone: .named("Asia/Seoul")).time) == "3:00 AM")
        let taiwan = TripFormatter(
            localeIdentifier: "zh_TW", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(nbsp(taiwan.time(nine, zone: .named("Asia/Taipei")).time) == "2:00 AM")
        let japanese = TripFormatter(
            localeIdentifier: "ja_JP", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(japanese.time(nine, zone: .named("Asia/Tokyo")).time == "3:00")
    }

    @Test("a day outside the trip's years carries its year (a check-out after a trip that ends in December)")
    func yearOutsideTrip() throws {
        let f = TripFormatter(localeIdentifier: "en_US", units: .imperial, labels: try labels("en"))
        f.tripYears = 2028...2028
        #expect(f.dayDate(try #require(CalendarDate(iso: "2028-12-31"))) == "Sun, Dec 31")
        #expect(nbsp(f.dayDate(try #require(CalendarDate(iso: "2029-01-01")))) == "Mon, Jan 1, 2029")
        let checkOut = try #require(Instant(rfc3339: "2029-01-01T11:00:00-06:00"))
        #expect(nbsp(f.dayAndTime(checkOut, zone: .named("America/Chicago"))).hasPrefix("Mon, Jan 1, 2029 · 11:00"))
    }

    @Test("times use the stadium's zone abbreviation on each side of a DST change")
    func zonesAcrossDST() throws {
        let f = TripFormatter(localeIdentifier: "en_US", units: .imperial, labels: try labels("en"))
        let before = try #require(Instant(rfc3339: "2026-03-07T19:00:00-06:00"))
        let after = try #require(Instant(rfc3339: "2026-03-09T19:00:00-05:00"))
        let a = f.time(before, zone: .named("America/Chicago")), b = f.time(after, zone: .named("America/Chicago"))
        #expect(nbsp(a.time) == "7:00 PM")
        #expect(a.zone == "CST")
        #expect(nbsp(b.time) == "7:00 PM")
        #expect(b.zone == "CDT")
        let phoenix = f.time(try #require(Instant(rfc3339: "2026-07-01T02:40:00Z")), zone: .named("America/Phoenix"))
        #expect(nbsp(phoenix.time) == "7:40 PM")
        #expect(phoenix.zone == "MST")
    }

    @Test(
        "letters the database gives zones of other offsets are written as the offset, in all seasons of the zone: Shanghai and Taipei UTC+8, not CST"
    )
    func sharedLetters() throws {
        let f = TripFormatter(localeIdentifier: "en_US", units: .imperial, labels: try labels("en"))
        let at = try #require(Instant(rfc3339: "2026-07-01T12:00:00Z"))
        let winter = try #require(Instant(rfc3339: "2026-01-15T12:00:00Z"))
        #expect(f.time(at, zone: .named("Asia/Shanghai")).zone == "UTC+8")
        #expect(f.time(at, zone: .named("Asia/Taipei")).zone == "UTC+8")
        #expect(f.time(at, zone: .named("Asia/Manila")).zone == "UTC+8")
        #expect(f.time(winter, zone: .named("America/Havana")).zone == "UTC\u{2212}5")
        // A zone one of whose names is written as an offset writes all its times so: Israel's
        // summer and winter read as one system (`UTC+3`, then `UTC+2`), not `IDT` then `UTC+2`.
        #expect(f.time(at, zone: .named("Asia/Jerusalem")).zone == "UTC+3")
        #expect(f.time(winter, zone: .named("Asia/Jerusalem")).zone == "UTC+2")
        #expect(f.time(at, zone: .named("America/Havana")).zone == "UTC\u{2212}4")
        // Their own zones keep them.
        #expect(f.time(winter, zone: .named("America/Chicago")).zone == "CST")
        #expect(f.time(at, zone: .named("Asia/Kolkata")).zone == "IST")
        #expect(f.time(at, zone: .named("Europe/London")).zone == "BST")
        #expect(f.time(at, zone: .named("Asia/Tokyo")).zone == "JST")
    }

    @Test("a percentage's sign is the one of the words beside it: 22% on an Arabic trip with English labels")
    func percentSign() throws {
        let english = TripFormatter(
            localeIdentifier: "ar_SA", units: .metric, labels: try labels("en"), labelLanguage: "en")
        #expect(english.percent(0.22) == "22%")
        #expect(
            TripFormatter(localeIdentifier: "en_US", units: .imperial, labels: try labels("en")).percent(0.2) == "20%")
        // In the trip's own language (labels of its own), its own digits and sign.
        let own = TripFormatter(localeIdentifier: "ar_SA", units: .metric, labels: try labels("en"))
        #expect(own.percent(0.22).contains("\u{066A}"))
    }

    @Test("each locale gets its own clock: 24-hour in Spain, 12-hour in Mexico (as CLDR has it)")
    func spanish() throws {
        let instant = try #require(Instant(rfc3339: "2026-08-27T19:10:00-07:00"))
        let spain = TripFormatter(localeIdentifier: "es_ES", units: .metric, labels: try labels("es"))
        #expect(spain.time(instant, zone: .named("America/Los_Angeles")).time == "19:10")
        let f = TripFormatter(localeIdentifier: "es_MX", units: .metric, labels: try labels("es"))
        #expect(nbsp(f.time(instant, zone: .named("America/Los_Angeles")).time).hasPrefix("7:10"))
        #expect(f.dayDate(try #require(CalendarDate(iso: "2026-08-27"))).lowercased().contains("ago"))
        #expect(nbsp(f.distance(meters: 193_000)) == "193 km")
    }

    @Test func distancesAndDurations() throws {
        let f = TripFormatter(localeIdentifier: "en_US", units: .imperial, labels: try labels("en"))
        #expect(nbsp(f.distance(meters: 1_887_730)) == "1,173 mi")
        // One decimal below 10, never `.0`.
        #expect(nbsp(f.distance(meters: 8047)) == "5 mi")
        #expect(nbsp(f.distance(meters: 14_500)) == "9 mi")
        #expect(nbsp(f.distance(meters: 13_840)) == "8.6 mi")
        #expect(nbsp(f.duration(seconds: 5280)) == "1 h 28 m")
        #expect(nbsp(f.duration(seconds: 14400)) == "4 h")
        #expect(nbsp(f.duration(seconds: 2460)) == "41 m")
    }
}

@Suite("League codes")
struct LeagueCodeTests {
    @Test(
        "one rule for every league name",
        arguments: [
            ("MLB", "MLB"), ("NWSL", "NWSL"), ("NPB", "NPB"), ("Saudi Pro League", "SPL"), ("Liga MX", "LMX"),
            ("Bundesliga", "BUNDESLIGA"), ("Premier League", "PL"), ("Major League Soccer", "MLS"),
            ("Nippon Professional Baseball League", "NPBL"),
            (
                "Major League Baseball Spring Training Cactus League",
                "MAJOR LEAGUE BASEBALL SPRING TRAINING CACTUS LEAGUE"
            ),
            ("B.League", "BL"), ("ไทยลีก", "ไทยลีก"), ("ไทย ลีก", "ไทย ลีก"), ("Brasileirão", "BRASILEIRÃO"),
            ("Liga Profesional de Fútbol", "LPF"), ("Primera División de Uruguay", "PDU"),
        ])
    func codes(league: String, code: String) {
        #expect(TripFormatter.leagueCode(league) == code)
    }

    @Test("the cover's chips and the day tiles show the same code")
    func coverAndTilesAgree() throws {
        let trip = try Compact.trip("unicode.json")
        let doc = try Compact.layout(trip, template: "classic")
        let cover = doc.pages[0].items.texts.map(\.text)
        let days = doc.pages.dropFirst().flatMap { $0.items.texts.map(\.text) }
        // Before: "Saudi Pro League" on the cover's chip, "SPL" on the tiles.
        #expect(cover.contains("SPL") && days.contains("SPL"), "\(cover)")
    }

    @Test(
        "a trip's own abbreviation and name for a league win over the rule and the labels, in both designs",
        arguments: ["classic", "compact"])
    func tripsOwnCode(template: String) throws {
        let trip = try Compact.trip("arabic-locale.json")
        let doc = try Compact.layout(trip, template: template)
        let texts = doc.pages.flatMap { $0.items.texts.map(\.text) }
        #expect(texts.contains("RSL") && !texts.contains("SPL"), "\(texts.prefix(20))")
        if template == "classic" {
            // The cover names its one league in full, as the trip writes it.
            #expect(doc.pages[0].items.texts.map(\.text).contains("دوري روشن السعودي للمحترفين"))
        }
    }

    @Test(
        "the cover's league chips keep to the row: those that do not fit give way to a count (eight long one-word leagues)"
    )
    func chipsKeepToTheRow() throws {
        var trip = try Compact.trip("multi-league-30-day.json")
        let names = [
            "Bundesliga", "Eredivisie", "Superettan", "Ekstraklasa", "Allsvenskan", "Eliteserien", "Veikkausliiga",
            "Premiership",
        ]
        var n = 0
        for d in trip.days.indices {
            for i in trip.days[d].items.indices {
                if case var .game(game) = trip.days[d].items[i] {
                    game.league = names[n % names.count]
                    n += 1
                    trip.days[d].items[i] = .game(game)
                }
            }
        }
        let doc = try Compact.layout(trip, template: "classic")
        let cover = doc.pages[0]
        let chips = cover.items.texts.filter { names.map { $0.uppercased() }.contains($0.text) }
        #expect(!chips.isEmpty && chips.count < names.count)
        #expect(cover.items.texts.contains { $0.text.hasPrefix("+") }, "\(cover.items.texts.map(\.text))")
        // Every chip ends inside the right margin (612 − 54).
        for rect in cover.items.compactMap({ item -> Rect? in
            if case let .rect(r, _, _, _, _) = item { return r } else { return nil }
        })
        where rect.height < 20 {
            #expect(rect.x + rect.width <= 612 - 54 + 0.01, "\(rect)")
        }
    }
}
