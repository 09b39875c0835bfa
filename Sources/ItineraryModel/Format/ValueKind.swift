/// What the value of one trip.json key must be, as declared once for the reader and the schema.

/// The kinds of value trip.json uses. Each `TripField` pairs a kind with the reader that
/// checks it (`Read`, `TimeZoneName`, ...), and `TripSchema` states the same kind in JSON
/// Schema, so the two are written from one declaration.
indirect enum ValueKind: Sendable {
    /// Any string, empty allowed, at most `TripLoader.maximumStringLength` Unicode scalars, or
    /// the tighter limit given.
    case string(maximumLength: Int?)
    /// A string with something besides whitespace in it; a tighter length limit if given.
    case text(maximumLength: Int?)
    /// 2 to 4 Unicode scalars, as printed in tight table cells.
    case abbreviation
    /// One of these words exactly.
    case choice([String])
    /// A finite number in the range.
    case number(ClosedRange<Double>)
    /// An integer literal, at least `minimum` when given.
    case integer(minimum: Int?)
    /// Exactly this integer (the schema version).
    case constant(Int)
    /// `YYYY-MM-DD`.
    case date
    /// An RFC 3339 date-time with `Z` or a numeric offset.
    case instant
    /// `#RRGGBB`.
    case color
    /// An absolute http or https URL with a host.
    case url
    /// An IANA time zone name, or `UTC`.
    case timeZone
    /// Two upper-case ASCII letters (ISO 3166-1 alpha-2).
    case country
    /// A BCP 47 or POSIX locale identifier.
    case locale
    /// An array of values of one kind, with bounds on its length if given.
    case list(ValueKind, count: ClosedRange<Int>?)
    /// An object declared by the `ObjectDeclaration` of this name.
    case object(String)
    /// Any object (kept free-form so it can grow keys).
    case anyObject
}
