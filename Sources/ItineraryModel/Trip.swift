/// The validated, typed form of a trip.json (schema version 1).

/// One road trip: the days in order, and the teams and stadiums its games refer to.
public struct Trip: Sendable, Equatable {
    public var id: String
    /// The title as written in the file, if any. See `displayName` for the defaulted title.
    public var name: String?
    public var traveler: String?
    public var startDate: CalendarDate
    public var endDate: CalendarDate
    public var units: Units
    /// A locale identifier as written ("en_US", "es-MX"); never empty.
    public var locale: String
    public var teams: [Team]
    public var stadiums: [Stadium]
    /// How the trip writes some of its leagues (chips, full names); any league may be left out.
    public var leagues: [League]
    public var days: [Day]
    public var progress: Progress?

    public init(
        id: String, name: String? = nil, traveler: String? = nil,
        startDate: CalendarDate, endDate: CalendarDate,
        units: Units = .imperial, locale: String = "en_US",
        teams: [Team] = [], stadiums: [Stadium] = [], leagues: [League] = [], days: [Day],
        progress: Progress? = nil
    ) {
        self.id = id
        self.name = name
        self.traveler = traveler
        self.startDate = startDate
        self.endDate = endDate
        self.units = units
        self.locale = locale
        self.teams = teams
        self.stadiums = stadiums
        self.leagues = leagues
        self.days = days
        self.progress = progress
    }
}

/// How distances are shown: miles (`imperial`, the default) or kilometres. The file always gives
/// them in metres.
public enum Units: String, Sendable, Equatable, CaseIterable {
    case imperial, metric
}

/// A league as the trip writes it: `id` is the league's name as games and teams give it.
public struct League: Sendable, Equatable {
    public var id: String
    /// 2 to 4 characters, printed on its chips.
    public var abbreviation: String?
    /// The full name, printed beside the chip where the design names the league.
    public var name: String?

    public init(id: String, abbreviation: String? = nil, name: String? = nil) {
        self.id = id
        self.abbreviation = abbreviation
        self.name = name
    }
}

/// A team the trip's games refer to by `id`: its names, and the colours its game and stadium cards
/// draw it in (darkened where they would not read on the paper; the template's when it has none).
public struct Team: Sendable, Equatable {
    public var id: String
    public var name: String
    public var abbreviation: String
    public var league: String
    public var primaryColor: RGBColor?
    public var secondaryColor: RGBColor?

    public init(
        id: String, name: String, abbreviation: String, league: String,
        primaryColor: RGBColor? = nil, secondaryColor: RGBColor? = nil
    ) {
        self.id = id
        self.name = name
        self.abbreviation = abbreviation
        self.league = league
        self.primaryColor = primaryColor
        self.secondaryColor = secondaryColor
    }
}

/// A venue the trip's games refer to by `id`: where it is (its city, for the days spent there, and
/// its position, for the route map) and its time zone, which the times of those games are shown in.
public struct Stadium: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Days spent in this city (compared without case) take the stadium's time zone.
    public var city: String
    public var region: String?
    /// ISO 3166-1 alpha-2, upper case.
    public var country: String
    /// IANA identifier, e.g. "America/Chicago".
    public var timeZone: String
    public var latitude: Double
    public var longitude: Double
    public var address: String?

    public init(
        id: String, name: String, city: String, region: String? = nil, country: String,
        timeZone: String, latitude: Double, longitude: Double, address: String? = nil
    ) {
        self.id = id
        self.name = name
        self.city = city
        self.region = region
        self.country = country
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
    }
}

/// One calendar day of the trip: where the traveller is, and the items planned, in order. The
/// n-th day is the start date plus n − 1.
public struct Day: Sendable, Equatable {
    public var date: CalendarDate
    /// Where the traveller is, or ends up, that day.
    public var city: String
    /// The IANA zone of the day's city, for times whose own place has none (see `TimeZoneResolver`).
    public var timeZone: String?
    /// Where the day's city is, in degrees (north and east positive): both or neither. The route
    /// map puts the city's marker here; without it, at a stadium in the city.
    public var latitude: Double?
    public var longitude: Double?
    public var title: String?
    public var notes: String?
    /// In the order given; empty for a rest day.
    public var items: [Item]

    public init(
        date: CalendarDate, city: String, timeZone: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        title: String? = nil, notes: String? = nil, items: [Item] = []
    ) {
        self.date = date
        self.city = city
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
        self.title = title
        self.notes = notes
        self.items = items
    }

    public var isRestDay: Bool { items.isEmpty }
}

/// A stadium "bucket list" tally for one league, shown on the progress page: how many of its
/// venues the traveller has been to, of how many.
public struct Progress: Sendable, Equatable {
    /// Which league's venues are being collected.
    public var league: String
    /// Stadium ids from this trip, or free names of venues visited earlier: not checked against
    /// `Trip.stadiums`.
    public var visitedStadiumIds: [String]
    /// How many venues the league has (30 for MLB).
    public var totalStadiums: Int
    /// As given, or the length of `visitedStadiumIds`.
    public var visitedCount: Int

    public init(league: String, visitedStadiumIds: [String], totalStadiums: Int, visitedCount: Int? = nil) {
        self.league = league
        self.visitedStadiumIds = visitedStadiumIds
        self.totalStadiums = totalStadiums
        self.visitedCount = visitedCount ?? visitedStadiumIds.count
    }
}
