/// The things that can happen on a day: games, travel legs, lodging and custom items.

public enum Item: Sendable, Equatable {
    case game(Game)
    case travel(TravelLeg)
    case lodging(Lodging)
    case custom(CustomItem)
}

public struct Game: Sendable, Equatable {
    public var id: String
    public var league: String
    /// Team ids, resolved against `Trip.teams` by validation.
    public var homeTeam: String
    public var awayTeam: String
    /// Stadium id, resolved against `Trip.stadiums` by validation.
    public var stadium: String
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

public struct Ticket: Sendable, Equatable {
    public var section: String?
    public var row: String?
    public var seats: String?
    public var url: String?

    public init(section: String? = nil, row: String? = nil, seats: String? = nil, url: String? = nil) {
        self.section = section
        self.row = row
        self.seats = seats
        self.url = url
    }
}

public enum TravelMode: String, Sendable, Equatable, CaseIterable {
    case drive, flight, train, bus, walk, other
}

public struct TravelLeg: Sendable, Equatable {
    public var from: String
    public var to: String
    public var mode: TravelMode
    public var distanceMeters: Double?
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

public struct Lodging: Sendable, Equatable {
    public var name: String
    public var address: String?
    public var checkIn: Instant?
    public var checkOut: Instant?
    /// The IANA zone of the stay, for its check-in and check-out.
    public var timeZone: String?
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

public enum CustomCategory: String, Sendable, Equatable, CaseIterable {
    case restaurant, activity, note, other
}

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
