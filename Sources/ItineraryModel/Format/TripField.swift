/// One key of a trip.json object: its name, whether it is required, its kind, its doc line,
/// and the reader that checks its value.
import StrictJSON

/// A key as the schema and the reference see it, without the reader's type.
struct FieldDeclaration: Sendable {
    let name: String
    let isRequired: Bool
    let kind: ValueKind
    /// One line for the schema's `description`; empty for none.
    let doc: String
    /// The value used when the key is left out, as the schema's `default`.
    let fallback: String?

    init(_ name: String, _ presence: Presence, _ kind: ValueKind, doc: String = "", fallback: String? = nil) {
        self.name = name
        self.isRequired = presence == .required
        self.kind = kind
        self.doc = doc
        self.fallback = fallback
    }

    enum Presence { case required, optional }
}

/// A key with the reader its kind implies. The constructors below pair each kind with its
/// one reader, so the schema's kind and what the loader accepts cannot differ.
struct TripField<Value>: Sendable {
    let declaration: FieldDeclaration
    let read: SendableFieldReader<Value>

    var name: String { declaration.name }
}

extension TripField where Value == String {
    /// Any string (empty allowed), at most `maximumLength` scalars if given.
    static func string(
        _ name: String, _ presence: FieldDeclaration.Presence, maximumLength: Int? = nil, doc: String = ""
    ) -> Self {
        limited(name, presence, .string(maximumLength: maximumLength), Read.string, maximumLength, doc)
    }

    /// A string with something besides whitespace in it, at most `maximumLength` scalars if given.
    static func text(
        _ name: String, _ presence: FieldDeclaration.Presence, maximumLength: Int? = nil, doc: String = ""
    ) -> Self {
        limited(name, presence, .text(maximumLength: maximumLength), Read.text, maximumLength, doc)
    }

    /// `read` of `kind`, its length limited to `maximumLength` when there is one.
    private static func limited(
        _ name: String, _ presence: FieldDeclaration.Presence, _ kind: ValueKind,
        _ read: @escaping SendableFieldReader<String>, _ maximumLength: Int?, _ doc: String
    ) -> Self {
        Self(
            declaration: FieldDeclaration(name, presence, kind, doc: doc),
            read: maximumLength.map { Read.limited(read, maximumLength: $0) } ?? read)
    }

    static func abbreviation(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .abbreviation, doc: doc), read: Read.abbreviation)
    }

    static func url(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .url, doc: doc), read: Read.webURL)
    }

    static func timeZone(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .timeZone, doc: doc), read: TimeZoneName.read)
    }

    static func country(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .country, doc: doc), read: CountryCode.read)
    }

    static func locale(_ name: String, fallback: String, doc: String = "") -> Self {
        Self(
            declaration: FieldDeclaration(name, .optional, .locale, doc: doc, fallback: fallback),
            read: LocaleIdentifier.read)
    }
}

extension TripField where Value == Double {
    static func number(
        _ name: String, _ presence: FieldDeclaration.Presence, in range: ClosedRange<Double>, doc: String = ""
    ) -> Self {
        Self(declaration: FieldDeclaration(name, presence, .number(range), doc: doc), read: Read.number(in: range))
    }
}

extension TripField where Value == Int {
    static func integer(
        _ name: String, _ presence: FieldDeclaration.Presence, atLeast minimum: Int, doc: String = ""
    ) -> Self {
        Self(
            declaration: FieldDeclaration(name, presence, .integer(minimum: minimum), doc: doc),
            read: Read.integer(atLeast: minimum))
    }

    /// An integer that must equal `value`; read as any integer so the reader can say which
    /// version it got.
    static func constant(_ name: String, _ value: Int, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, .required, .constant(value), doc: doc), read: Read.integer())
    }
}

extension TripField where Value == CalendarDate {
    static func date(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .date, doc: doc), read: Read.date)
    }
}

extension TripField where Value == Instant {
    static func instant(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .instant, doc: doc), read: Read.instant)
    }
}

extension TripField where Value == RGBColor {
    static func color(_ name: String, _ presence: FieldDeclaration.Presence, doc: String = "") -> Self {
        Self(declaration: FieldDeclaration(name, presence, .color, doc: doc), read: Read.color)
    }
}

extension TripField where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s raw values.
    static func choice(
        _ name: String, _ presence: FieldDeclaration.Presence, fallback: Value? = nil, doc: String = ""
    ) -> Self {
        Self(
            declaration: FieldDeclaration(
                name, presence, .choice(Value.allCases.map(\.rawValue)), doc: doc, fallback: fallback?.rawValue),
            read: Read.choice(Value.self))
    }
}
