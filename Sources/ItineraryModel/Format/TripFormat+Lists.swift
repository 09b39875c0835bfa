/// The keys of the entries of `teams`, `stadiums` and `leagues`, and of `progress`.

extension TripFormat {
    enum Team {
        static let id = TripField.text("id", .required)
        static let name = TripField.text("name", .required)
        static let abbreviation = TripField.abbreviation("abbreviation", .required)
        // Any non-empty league name: the well-known ones are not a closed list.
        static let league = TripField.text("league", .required)
        static let primaryColor = TripField.color("primaryColor", .optional)
        static let secondaryColor = TripField.color("secondaryColor", .optional)

        static let object = ObjectDeclaration(
            name: "team",
            fields: [
                id.declaration, name.declaration, abbreviation.declaration, league.declaration,
                primaryColor.declaration, secondaryColor.declaration,
            ])
    }

    enum League {
        static let id = TripField.text("id", .required)
        static let abbreviation = TripField.abbreviation("abbreviation", .optional)
        static let name = TripField.text("name", .optional)

        static let object = ObjectDeclaration(
            name: "league", fields: [id.declaration, abbreviation.declaration, name.declaration])
    }

    enum Stadium {
        static let id = TripField.text("id", .required)
        static let name = TripField.text("name", .required)
        static let city = TripField.text("city", .required)
        static let region = TripField.string("region", .optional)
        static let country = TripField.country("country", .required)
        static let timeZone = TripField.timeZone("timeZone", .required)
        static let latitude = TripField.number("latitude", .required, in: -90...90)
        static let longitude = TripField.number("longitude", .required, in: -180...180)
        static let address = TripField.string("address", .optional)

        static let object = ObjectDeclaration(
            name: "stadium",
            fields: [
                id.declaration, name.declaration, city.declaration, region.declaration, country.declaration,
                timeZone.declaration, latitude.declaration, longitude.declaration, address.declaration,
            ])
    }

    enum Progress {
        static let league = TripField.text("league", .required)
        // Ids of stadiums in this file or free names of ones visited on earlier trips,
        // so the reader does not check them against `stadiums`.
        static let visitedStadiumIds = FieldDeclaration(
            "visitedStadiumIds", .required, .list(.text(maximumLength: nil), count: nil),
            doc: "Stadium ids from this trip or free strings (stadiums visited before).")
        static let totalStadiums = TripField.integer("totalStadiums", .required, atLeast: 1)
        static let visitedCount = TripField.integer(
            "visitedCount", .optional, atLeast: 0,
            doc: "Default: the number of visitedStadiumIds. Must not exceed totalStadiums (checked by the loader).")

        static let object = ObjectDeclaration(
            name: "progress",
            fields: [league.declaration, visitedStadiumIds, totalStadiums.declaration, visitedCount.declaration])
    }
}
