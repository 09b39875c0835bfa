/// The keys of one entry of `days`.

extension TripFormat {
    enum Day {
        static let date = TripField.date("date", .required)
        static let city = TripField.text("city", .required)
        static let timeZone = TripField.timeZone(
            "timeZone", .optional,
            doc: "The zone of the day's city, for times whose place has no zone of its own.")
        static let latitude = TripField.number(
            "latitude", .optional, in: -90...90, doc: "Where the day's city is, for the route map; with longitude.")
        static let longitude = TripField.number(
            "longitude", .optional, in: -180...180,
            doc: "Where the day's city is, for the route map; with latitude.")
        static let title = TripField.string("title", .optional)
        static let notes = TripField.string("notes", .optional)
        static let items = FieldDeclaration(
            "items", .required, .list(.object(Item.name), count: nil),
            doc: "Rendered in the order given; empty for a rest day.")

        static let object = ObjectDeclaration(
            name: "day",
            fields: [
                date.declaration, city.declaration, timeZone.declaration, latitude.declaration,
                longitude.declaration, title.declaration, notes.declaration, items,
            ],
            // Half a position would be a guess.
            together: [("latitude", "longitude")])
    }
}
