/// The keys of each kind of item in a day's `items`, told apart by `type`.

extension TripFormat {
    /// The union of item kinds: `type` names the kind, and the kind's keys follow.
    enum Item {
        /// The schema's name for any item.
        static let name = "item"
        /// The key whose value names the kind.
        static let tag = "type"
    }

    enum Game {
        static let id = TripField.text("id", .required, doc: "Unique among the trip's games.")
        // Not checked against the teams' leagues: a preseason or cross-league game is real.
        static let league = TripField.text("league", .required)
        static let homeTeam = TripField.text("homeTeam", .required, doc: "A team id.")
        static let awayTeam = TripField.text("awayTeam", .required, doc: "A team id other than homeTeam.")
        static let stadium = TripField.text("stadium", .required, doc: "A stadium id.")
        static let startTime = TripField.instant("startTime", .required, doc: "Shown in the stadium's time zone.")
        static let ticket = FieldDeclaration("ticket", .optional, .object(Ticket.object.name))
        static let notes = TripField.string("notes", .optional)

        static let object = ObjectDeclaration(
            name: "game",
            fields: [
                id.declaration, league.declaration, homeTeam.declaration, awayTeam.declaration, stadium.declaration,
                startTime.declaration, ticket, notes.declaration,
            ])
    }

    enum Ticket {
        static let section = TripField.string("section", .optional)
        static let row = TripField.string("row", .optional)
        static let seats = TripField.string("seats", .optional)
        static let url = TripField.url("url", .optional)

        static let object = ObjectDeclaration(
            name: "ticket", fields: [section.declaration, row.declaration, seats.declaration, url.declaration])
    }

    enum Travel {
        static let from = TripField.text("from", .required)
        static let to = TripField.text("to", .required)
        static let mode = TripField<TravelMode>.choice("mode", .required)
        // Bounded so a typo (1e308) is a validation error, not an absurd distance: 100,000 km
        // is more than twice round the Earth, 366 days is the longest trip.
        static let distanceMeters = TripField.number("distanceMeters", .optional, in: 0...100_000_000)
        static let durationSeconds = TripField.number("durationSeconds", .optional, in: 0...31_622_400)
        static let departTime = TripField.instant("departTime", .optional)
        static let fromTimeZone = TripField.timeZone("fromTimeZone", .optional)
        static let toTimeZone = TripField.timeZone("toTimeZone", .optional)
        static let notes = TripField.string("notes", .optional)

        static let object = ObjectDeclaration(
            name: "travel",
            fields: [
                from.declaration, to.declaration, mode.declaration, distanceMeters.declaration,
                durationSeconds.declaration, departTime.declaration, fromTimeZone.declaration,
                toTimeZone.declaration, notes.declaration,
            ])
    }

    enum Lodging {
        static let name = TripField.text("name", .required)
        static let address = TripField.string("address", .optional)
        static let checkIn = TripField.instant("checkIn", .optional)
        static let checkOut = TripField.instant("checkOut", .optional)
        static let timeZone = TripField.timeZone("timeZone", .optional)
        static let confirmation = TripField.string("confirmation", .optional)
        static let notes = TripField.string("notes", .optional)

        static let object = ObjectDeclaration(
            name: "lodging",
            fields: [
                name.declaration, address.declaration, checkIn.declaration, checkOut.declaration,
                timeZone.declaration, confirmation.declaration, notes.declaration,
            ])
    }

    enum Custom {
        static let category = TripField<CustomCategory>.choice("category", .required)
        static let title = TripField.text("title", .required)
        static let time = TripField.instant("time", .optional)
        static let timeZone = TripField.timeZone("timeZone", .optional)
        static let address = TripField.string("address", .optional)
        static let url = TripField.url("url", .optional)
        static let notes = TripField.string("notes", .optional)

        static let object = ObjectDeclaration(
            name: "custom",
            fields: [
                category.declaration, title.declaration, time.declaration, timeZone.declaration,
                address.declaration, url.declaration, notes.declaration,
            ])
    }
}
