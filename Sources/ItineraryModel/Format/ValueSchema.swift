/// The JSON Schema of each kind of value, for `TripSchema`.
import StrictJSON

/// How each `ValueKind` reads in JSON Schema. The patterns are the shape the readers check
/// (`Read`, `TimeZoneName`, `LocaleIdentifier`, `WebURL`); what only the reader can know,
/// such as whether a date or a zone exists, is listed in the schema's description.
enum ValueSchema {
    static let maximumLength = JSONValue.number(Double(TripLoader.maximumStringLength), isInteger: true)

    /// The kinds used in many places, under `$defs` by name.
    static var shared: [JSONMember] {
        [
            definition("text", [("type", .string("string")), ("maxLength", maximumLength)]),
            definition(
                "requiredText",
                [
                    ("type", .string("string")), ("minLength", integer(1)), ("maxLength", maximumLength),
                    ("pattern", .string(#"\S"#)), ("description", .string("Non-empty and not only whitespace.")),
                ]),
            definition("date", [("type", .string("string")), ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"))]),
            definition(
                "instant",
                [
                    ("type", .string("string")),
                    (
                        "pattern",
                        .string(
                            #"^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"#
                        )
                    ),
                    ("description", .string("RFC 3339 date-time with Z or a numeric UTC offset.")),
                ]),
            definition(
                "url",
                [
                    ("type", .string("string")), ("maxLength", maximumLength),
                    (
                        "pattern",
                        .string(
                            #"^(?!.*[\s\x00-\x1F\x7F\uFEFF])[Hh][Tt][Tt][Pp][Ss]?://([^/?#]*@)?(\[[0-9A-Fa-f:.]+\]|([A-Za-z0-9]|[^\x00-\x7F])([A-Za-z0-9\-._~%!$&'()*+,;=]|[^\x00-\x7F])*)(:[0-9]{1,5})?([/?#].*)?$"#
                        )
                    ),
                    (
                        "description",
                        .string(
                            "Absolute http or https URL with a host (starting with a letter or digit, or an IPv6 literal in brackets) and an optional port of digits; no spaces or control characters."
                        )
                    ),
                ]),
            definition("color", [("type", .string("string")), ("pattern", .string("^#[0-9A-Fa-f]{6}$"))]),
            definition(
                "timeZone",
                [
                    ("type", .string("string")), ("minLength", integer(1)), ("maxLength", maximumLength),
                    ("pattern", .string(#"^(UTC|(?!Etc/GMT.)[A-Za-z][A-Za-z0-9_-]*(/[A-Za-z][A-Za-z0-9_-]*)+)$"#)),
                    (
                        "description",
                        .string(
                            "IANA time zone id such as America/Chicago, or UTC. Abbreviations (EST) and Etc/GMT+5-style offset zones (Etc/GMT followed by anything) are refused."
                        )
                    ),
                ]),
        ]
    }

    /// The schema of one key: its kind, then its default and its doc line.
    static func property(_ field: FieldDeclaration) -> JSONValue {
        guard case .object(var members) = schema(field.kind) else { return schema(field.kind) }
        if let fallback = field.fallback { members.append(JSONMember(key: "default", value: .string(fallback))) }
        if !field.doc.isEmpty { members.append(JSONMember(key: "description", value: .string(field.doc))) }
        return .object(members)
    }

    static func schema(_ kind: ValueKind) -> JSONValue {
        switch kind {
        case .string(nil): return .ref("text")
        case .string(let maximum?): return object([("type", .string("string")), ("maxLength", integer(maximum))])
        case .text(nil): return .ref("requiredText")
        case .text(let maximum?):
            return object([
                ("type", .string("string")), ("minLength", integer(1)), ("maxLength", integer(maximum)),
                ("pattern", .string(#"\S"#)),
            ])
        case .abbreviation:
            return object([
                ("type", .string("string")), ("minLength", integer(2)), ("maxLength", integer(4)),
                ("pattern", .string(#"\S"#)),
            ])
        case .choice(let words): return object([("enum", .array(words.map(JSONValue.string)))])
        case .number(let range):
            return object([
                ("type", .string("number")), ("minimum", number(range.lowerBound)),
                ("maximum", number(range.upperBound)),
            ])
        case .integer(let minimum):
            return object(
                [("type", .string("integer"))] + (minimum.map { [("minimum", integer($0))] } ?? [])
                    + [("description", .string("Written without a decimal point or exponent (1, not 1.0)."))])
        case .constant(let value): return object([("const", integer(value))])
        case .date: return .ref("date")
        case .instant: return .ref("instant")
        case .color: return .ref("color")
        case .url: return .ref("url")
        case .timeZone: return .ref("timeZone")
        case .country: return object([("type", .string("string")), ("pattern", .string("^[A-Z]{2}$"))])
        case .locale:
            return object([
                ("type", .string("string")),
                (
                    "pattern",
                    .string(
                        #"^[A-Za-z]{2,3}([_-][A-Za-z]{4})?([_-]([A-Za-z]{2}|[0-9]{3}))?([_-]([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(\.[Uu][Tt][Ff]-?8)?$"#
                    )
                ),
                ("maxLength", maximumLength),
            ])
        case let .list(element, count):
            var members: [(String, JSONValue)] = [("type", .string("array"))]
            if let count {
                members += [("minItems", integer(count.lowerBound)), ("maxItems", integer(count.upperBound))]
            }
            return object(members + [("items", schema(element))])
        case .object(let name): return .ref(name)
        case .anyObject: return object([("type", .string("object"))])
        }
    }

    private static func definition(_ name: String, _ members: [(String, JSONValue)]) -> JSONMember {
        JSONMember(key: name, value: object(members))
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, value: $0.1) })
    }

    private static func integer(_ value: Int) -> JSONValue { .number(Double(value), isInteger: true) }

    private static func number(_ value: Double) -> JSONValue {
        .number(value, isInteger: value == value.rounded())
    }
}

extension JSONValue {
    /// A reference to the schema named `name` under `$defs`.
    static func ref(_ name: String) -> JSONValue {
        .object([JSONMember(key: "$ref", value: .string("#/$defs/\(name)"))])
    }
}
