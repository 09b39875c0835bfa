/// Validation of one entry of a day's `items`: dispatch on `type`, and the simpler kinds.
import StrictJSON

extension TripDecoder {
    /// The `type` values, and the keys each kind of item allows besides `type`.
    enum ItemKind: String, CaseIterable {
        case game, travel, lodging, custom

        var keys: [String] {
            switch self {
            case .game: return ["id", "league", "homeTeam", "awayTeam", "stadium", "startTime", "ticket", "notes"]
            case .travel:
                return [
                    "from", "to", "mode", "distanceMeters", "durationSeconds", "departTime", "fromTimeZone",
                    "toTimeZone", "notes",
                ]
            case .lodging: return ["name", "address", "checkIn", "checkOut", "timeZone", "confirmation", "notes"]
            case .custom: return ["category", "title", "time", "timeZone", "address", "url", "notes"]
            }
        }
    }

    static func decodeItem(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        context: inout TripContext
    ) -> Item? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        // Which keys are allowed depends on the type, so without a usable type the rest
        // of the item cannot be judged; that one problem is reported alone.
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            problems.append(TripProblem(path.key("type"), "required key is missing"))
            return nil
        }
        guard let typeName = Read.string(typeValue, path.key("type"), &problems) else { return nil }
        guard let kind = ItemKind(rawValue: typeName) else {
            let allowed = MessageText.alternatives(ItemKind.allCases.map(\.rawValue))
            problems.append(
                TripProblem(path.key("type"), "unknown item type \(MessageText.quoted(typeName)); expected \(allowed)"))
            return nil
        }
        var item = ObjectReader(members, at: path, knownKeys: ["type"] + kind.keys)
        let decoded: Item?
        switch kind {
        case .game: decoded = decodeGame(&item, path: path, context: &context).map(Item.game)
        case .travel: decoded = decodeTravel(&item).map(Item.travel)
        case .lodging: decoded = decodeLodging(&item).map(Item.lodging)
        case .custom: decoded = decodeCustom(&item).map(Item.custom)
        }
        problems.append(contentsOf: item.problems)
        return decoded
    }

    static func decodeTravel(_ item: inout ObjectReader) -> TravelLeg? {
        let from = item.required("from", Read.text)
        let to = item.required("to", Read.text)
        let mode = item.required("mode", Read.choice(TravelMode.self))
        // Bounded so a typo (1e308) is a validation error, not an absurd distance: 100,000 km
        // is more than twice round the Earth, 366 days is the longest trip.
        let distance = item.optional("distanceMeters", Read.number(in: 0...100_000_000))
        let duration = item.optional("durationSeconds", Read.number(in: 0...31_622_400))
        let departTime = item.optional("departTime", Read.instant)
        let fromTimeZone = item.optional("fromTimeZone", TimeZoneName.read)
        let toTimeZone = item.optional("toTimeZone", TimeZoneName.read)
        let notes = item.optional("notes", Read.string)
        guard let from, let to, let mode else { return nil }
        return TravelLeg(
            from: from, to: to, mode: mode, distanceMeters: distance, durationSeconds: duration,
            departTime: departTime, fromTimeZone: fromTimeZone, toTimeZone: toTimeZone, notes: notes)
    }

    static func decodeLodging(_ item: inout ObjectReader) -> Lodging? {
        let name = item.required("name", Read.text)
        let address = item.optional("address", Read.string)
        let checkIn = item.optional("checkIn", Read.instant)
        let checkOut = item.optional("checkOut", Read.instant)
        if let checkIn, let checkOut, checkOut <= checkIn {
            item.report("checkOut", "must be after checkIn")
        }
        let timeZone = item.optional("timeZone", TimeZoneName.read)
        let confirmation = item.optional("confirmation", Read.string)
        let notes = item.optional("notes", Read.string)
        guard let name else { return nil }
        return Lodging(
            name: name, address: address, checkIn: checkIn, checkOut: checkOut, timeZone: timeZone,
            confirmation: confirmation, notes: notes)
    }

    static func decodeCustom(_ item: inout ObjectReader) -> CustomItem? {
        let category = item.required("category", Read.choice(CustomCategory.self))
        let title = item.required("title", Read.text)
        let time = item.optional("time", Read.instant)
        let timeZone = item.optional("timeZone", TimeZoneName.read)
        let address = item.optional("address", Read.string)
        let url = item.optional("url", Read.webURL)
        let notes = item.optional("notes", Read.string)
        guard let category, let title else { return nil }
        return CustomItem(
            category: category, title: title, time: time, timeZone: timeZone, address: address, url: url, notes: notes)
    }
}
