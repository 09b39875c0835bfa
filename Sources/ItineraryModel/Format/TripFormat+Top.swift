/// The keys of trip.json's top level.

/// Every object of trip.json, declared once; the readers (`TripDecoder`) read by these
/// declarations and `TripSchema` writes docs/trip.schema.json from them.
enum TripFormat {
    /// The top level.
    enum Top {
        static let schemaVersion = TripField.constant(
            "schemaVersion", TripDecoder.schemaVersion, doc: "Format version; must be the integer 1.")
        static let id = TripField.text(
            "id", .required, maximumLength: 128, doc: "Stable trip id, used in batch reports.")
        static let name = TripField.string(
            "name", .optional, maximumLength: 200,
            doc: "Title. Default: the day cities joined with \" → \", consecutive repeats collapsed.")
        static let traveler = TripField.string(
            "traveler", .optional, maximumLength: 200,
            doc: "Who travels (a name, a family, a party): shown on the cover and as the PDF Author.")
        static let startDate = TripField.date("startDate", .required)
        static let endDate = TripField.date("endDate", .required, doc: "Inclusive; not before startDate.")
        static let units = TripField<Units>.choice("units", .optional, fallback: .imperial)
        static let locale = TripField.locale(
            "locale", fallback: "en_US",
            doc: "BCP 47 or POSIX locale id, e.g. en_US, es_MX, fr-CA, zh-Hant-TW; a POSIX .UTF-8 suffix is allowed.")
        static let teams = FieldDeclaration("teams", .optional, .list(.object(Team.object.name), count: nil))
        static let stadiums = FieldDeclaration("stadiums", .optional, .list(.object(Stadium.object.name), count: nil))
        static let leagues = FieldDeclaration("leagues", .optional, .list(.object(League.object.name), count: nil))
        static let days = FieldDeclaration(
            "days", .required, .list(.object(Day.object.name), count: 1...TripDecoder.maximumDays),
            doc: "One per date from startDate to endDate, in order.")
        static let progress = FieldDeclaration("progress", .optional, .object(Progress.object.name))
        static let extensions = FieldDeclaration(
            "extensions", .optional, .anyObject, doc: "Free-form; ignored by export-itinerary.")

        static let object = ObjectDeclaration(
            name: "",
            fields: [
                schemaVersion.declaration, id.declaration, name.declaration, traveler.declaration,
                startDate.declaration, endDate.declaration, units.declaration, locale.declaration, teams, stadiums,
                leagues, days, progress, extensions,
            ])
    }
}
