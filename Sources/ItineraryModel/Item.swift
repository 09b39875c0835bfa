/// The things that can happen on a day: games, travel legs, lodging and custom items.

/// One thing planned on a day, by its `type` in the file; a day lists them in the order to show.
public enum Item: Sendable, Equatable {
    case game(Game)
    case travel(TravelLeg)
    case lodging(Lodging)
    case custom(CustomItem)
}

/// A game the traveller attends: who plays whom, where and when, and the seats if known. Its
/// teams and stadium are ids into the trip's lists.
public struct Game: Sendable, Equatable {
    public var id: String
    /// The league's name as the trip writes it (a `League`'s `id`, when the trip lists one): it
    /// picks the game's chip. Not compared with the teams' leagues (preseason, cross-league games).
    public var league: String
    /// Team ids, resolved against `Trip.teams` by validation.
    public var homeTeam: String
    public var awayTeam: String
    /// Stadium id, resolved against `Trip.stadiums` by validation.
    public var stadium: String
    /// First pitch, puck drop, tip-off or kickoff: always shown in the stadium's zone.
    public var startTime: Instant
    public var ticket: Ticket?
    public var notes: String?

    public init(
        id: String, league: String, homeTeam: String, awayTeam: String, stadium: String,
        startTime: Instant, ticket: Ticket? = nil, notes: String? = nil
    ) {
        self.id = id
        self.league = league
        self.homeTeam = homeTeam
        self.awayTeam = awayTeam
        self.stadium = stadium
        self.startTime = startTime
        self.ticket = ticket
        self.notes = notes
    }
}

/// Where the traveller sits at a game and where the tickets are; every part may be missing.
public struct Ticket: Sendable, Equatable {
    public var section: String?
    public var row: String?
    public var seats: String?
    /// Where the tickets live: printed as a link and, where the template
    /// sizes one, a QR code on the game's ticket strip.
    public var url: String?

    public init(section: String? = nil, row: String? = nil, seats: String? = nil, url: String? = nil) {
        self.section = section
        self.row = row
        self.seats = seats
        self.url = url
    }
}

/// How a travel leg is made; the raw value is the file's `mode`. It picks the leg's icon and words.
public enum TravelMode: String, Sendable, Equatable, CaseIterable {
    case drive, flight, train, bus, walk, other
}

/// A journey from one place to another: its mode, and when known its distance (metres), duration
/// (seconds), departure and the zones its two ends are shown in.
public struct TravelLeg: Sendable, Equatable {
    /// Where the leg starts: a city or any place name, as written (`to` likewise).
    public var from: String
    public var to: String
    public var mode: TravelMode
    /// Always metres; shown in miles or kilometres as the trip's `units` say.
    public var distanceMeters: Double?
    /// The expected duration: with `departTime`, it gives the arrival, shown in `toTimeZone`.
    public var durationSeconds: Double?
    public var departTime: Instant?
    /// The IANA zones of `from` and `to`: the departure is shown in the first, the arrival in the second.
    public var fromTimeZone: String?
    public var toTimeZone: String?
    public var notes: String?

    public init(
        from: String, to: String, mode: TravelMode, distanceMeters: Double? = nil,
        durationSeconds: Double? = nil, departTime: Instant? = nil, fromTimeZone: String? = nil,
        toTimeZone: String? = nil, notes: String? = nil
    ) {
        self.from = from
        self.to = to
        self.fromTimeZone = fromTimeZone
        self.toTimeZone = toTimeZone
        self.mode = mode
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.departTime = departTime
        self.notes = notes
    }
}

/// A place to stay, normally written once on the day of arrival with both check-in and check-out.
public struct Lodging: Sendable, Equatable {
    public var name: String
    public var address: String?
    public var checkIn: Instant?
    /// After `checkIn` when both are given; it may fall after the trip's last day.
    public var checkOut: Instant?
    /// The IANA zone of the stay, for its check-in and check-out.
    public var timeZone: String?
    /// The booking reference.
    public var confirmation: String?
    public var notes: String?

    public init(
        name: String, address: String? = nil, checkIn: Instant? = nil, checkOut: Instant? = nil,
        timeZone: String? = nil, confirmation: String? = nil, notes: String? = nil
    ) {
        self.name = name
        self.timeZone = timeZone
        self.address = address
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.confirmation = confirmation
        self.notes = notes
    }
}

/// What kind of thing a custom item is; the raw value is the file's `category`. It picks the icon.
public enum CustomCategory: String, Sendable, Equatable, CaseIterable {
    case restaurant, activity, note, other
}

/// Anything else on a day the traveller wants on paper: a restaurant, an activity, a note.
public struct CustomItem: Sendable, Equatable {
    public var category: CustomCategory
    public var title: String
    public var time: Instant?
    /// The IANA zone of the item's place, for its time.
    public var timeZone: String?
    public var address: String?
    public var url: String?
    public var notes: String?

    public init(
        category: CustomCategory, title: String, time: Instant? = nil, timeZone: String? = nil, address: String? = nil,
        url: String? = nil, notes: String? = nil
    ) {
        self.category = category
        self.timeZone = timeZone
        self.title = title
        self.time = time
        self.address = address
        self.url = url
        self.notes = notes
    }
}
