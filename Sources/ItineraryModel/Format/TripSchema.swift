/// docs/trip.schema.json, written from the declarations the readers read by.
import StrictJSON

/// Writes the JSON Schema (draft 2020-12) of trip.json from `TripFormat`: every object, its
/// keys, which are required, and each value's kind and bounds, from the same declarations
/// the loader reads by, so the schema cannot drift from the loader (a test compares
/// docs/trip.schema.json with this text). Rules across keys stay in the readers; the
/// schema's description lists them.
public enum TripSchema {
    /// The schema as the text of docs/trip.schema.json.
    public static func text() -> String { document.indentedText() }

    /// Where the schema lives in a checkout, and the command that rewrites it.
    public static let path = "docs/trip.schema.json"
    public static let rewriteCommand = "UPDATE_DOCS=1 swift test --filter TripSchemaTests"

    /// Every declared object below the top level, in the order `$defs` lists them.
    static let objects: [ObjectDeclaration] = [
        TripFormat.Team.object, TripFormat.League.object, TripFormat.Stadium.object, TripFormat.Day.object,
        TripFormat.Game.object, TripFormat.Ticket.object, TripFormat.Travel.object, TripFormat.Lodging.object,
        TripFormat.Custom.object, TripFormat.Progress.object,
    ]

    static var description: String {
        """
        One sports road trip for export-itinerary. See docs/trip-format.md. Written from the loader's \
        declarations (Sources/ItineraryModel/Format); do not edit: change a declaration, then run \
        `\(rewriteCommand)`. The loader also enforces rules a schema cannot express: days cover \
        startDate..endDate in order without gaps or duplicates; team, stadium, league and game ids are unique \
        and games refer to declared ids; homeTeam differs from awayTeam; dates are real calendar dates; time \
        zones are ones the system knows; endDate is not before startDate and the trip is at most \
        \(TripDecoder.maximumDays) days; lodging checkOut is after checkIn; visitedCount (or, without it, the \
        number of visitedStadiumIds) does not exceed totalStadiums; no duplicate keys; the file is at most \
        \(TripLoader.maximumBytes / 1024 / 1024) MiB and nests at most \(JSONParser.maximumDepth) levels. \
        String lengths count Unicode scalars, and strings hold no control characters but line breaks and tabs. \
        The loader treats an optional key set to null as absent; this schema describes the canonical form and \
        does not allow null.
        """
    }

    static var document: JSONValue {
        var top: [JSONMember] = [
            member("$schema", "https://json-schema.org/draft/2020-12/schema"),
            member("$id", "https://github.com/export-itinerary/export-itinerary/docs/trip.schema.json"),
            member("title", "trip.json, schema version \(TripDecoder.schemaVersion)"),
            member("description", description),
        ]
        top += objectSchema(TripFormat.Top.object)
        var defs = ValueSchema.shared
        for object in objects {
            // An item kind's object also has `type`, set to the kind's name.
            let kind = TripDecoder.ItemKind.allCases.first { $0.declaration.name == object.name }
            let tag = kind.map { (key: TripFormat.Item.tag, value: $0.rawValue) }
            defs.append(JSONMember(key: object.name, value: .object(objectSchema(object, tag: tag))))
            if object.name == TripFormat.Game.object.name {
                // The union comes before its first kind, as a reader meets it.
                defs.insert(JSONMember(key: TripFormat.Item.name, value: itemSchema), at: defs.count - 1)
            }
        }
        top.append(JSONMember(key: "$defs", value: .object(defs)))
        return .object(top)
    }

    /// The members of an object's schema: its keys closed, the required ones, each key's value.
    static func objectSchema(_ object: ObjectDeclaration, tag: (key: String, value: String)? = nil) -> [JSONMember] {
        var properties = object.fields.map { JSONMember(key: $0.name, value: ValueSchema.property($0)) }
        var required = object.fields.filter(\.isRequired).map(\.name)
        if let tag {
            properties.insert(JSONMember(key: tag.key, value: .object([member("const", tag.value)])), at: 0)
            required.insert(tag.key, at: 0)
        }
        var members = [member("type", "object"), JSONMember(key: "additionalProperties", value: .bool(false))]
        if !required.isEmpty { members.append(member("required", required.map(JSONValue.string))) }
        if !object.together.isEmpty {
            let pairs = object.together.flatMap { [($0.0, $0.1), ($0.1, $0.0)] }
            members.append(
                JSONMember(
                    key: "dependentRequired",
                    value: .object(pairs.map { JSONMember(key: $0.0, value: .array([.string($0.1)])) })))
        }
        members.append(JSONMember(key: "properties", value: .object(properties)))
        return members
    }

    /// An item: `type` names one of the kinds, and the item must then be an object of that kind.
    static var itemSchema: JSONValue {
        let kinds = TripDecoder.ItemKind.allCases
        let tag = TripFormat.Item.tag
        let cases = kinds.map { kind -> JSONValue in
            .object([
                JSONMember(
                    key: "if",
                    value: .object([
                        JSONMember(
                            key: "properties",
                            value: .object([JSONMember(key: tag, value: .object([member("const", kind.rawValue)]))])),
                        JSONMember(key: "required", value: .array([.string(tag)])),
                    ])),
                member("then", .ref(kind.declaration.name)),
            ])
        }
        return .object([
            member("type", "object"),
            JSONMember(key: "required", value: .array([.string(tag)])),
            JSONMember(
                key: "properties",
                value: .object([
                    JSONMember(key: tag, value: .object([member("enum", kinds.map { .string($0.rawValue) })]))
                ])),
            JSONMember(key: "allOf", value: .array(cases)),
        ])
    }

    static func member(_ key: String, _ value: String) -> JSONMember { JSONMember(key: key, value: .string(value)) }
    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
    static func member(_ key: String, _ values: [JSONValue]) -> JSONMember {
        JSONMember(key: key, value: .array(values))
    }
}
