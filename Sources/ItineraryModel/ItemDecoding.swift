/// Validation of one entry of a day's `items`: dispatch on `type`, and the simpler kinds.
import StrictJSON

extension TripDecoder {
    /// The `type` values, and the declaration of the keys each kind allows besides `type`.
    enum ItemKind: String, CaseIterable {
        case game, travel, lodging, custom

        var declaration: ObjectDeclaration {
            switch self {
            case .game: return TripFormat.Game.object
            case .travel: return TripFormat.Travel.object
            case .lodging: return TripFormat.Lodging.object
            case .custom: return TripFormat.Custom.object
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
        let tag = TripFormat.Item.tag
        guard let typeValue = members.first(where: { $0.key == tag })?.value else {
            problems.append(TripProblem(path.key(tag), "required key is missing"))
            return nil
        }
        guard let typeName = Read.string(typeValue, path.key(tag), &problems) else { return nil }
        guard let kind = ItemKind(rawValue: typeName) else {
            let allowed = MessageText.alternatives(ItemKind.allCases.map(\.rawValue))
            problems.append(
                TripProblem(path.key(tag), "unknown item type \(MessageText.quoted(typeName)); expected \(allowed)"))
            return nil
        }
        var item = ObjectReader(members, at: path, kind.declaration, tag: tag)
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
        typealias Format = TripFormat.Travel
        let from = item.read(Format.from)
        let to = item.read(Format.to)
        let mode = item.read(Format.mode)
        let distance = item.read(Format.distanceMeters)
        let duration = item.read(Format.durationSeconds)
        let departTime = item.read(Format.departTime)
        let fromTimeZone = item.read(Format.fromTimeZone)
        let toTimeZone = item.read(Format.toTimeZone)
        let notes = item.read(Format.notes)
        guard let from, let to, let mode else { return nil }
        return TravelLeg(
            from: from, to: to, mode: mode, distanceMeters: distance, durationSeconds: duration,
            departTime: departTime, fromTimeZone: fromTimeZone, toTimeZone: toTimeZone, notes: notes)
    }

    static func decodeLodging(_ item: inout ObjectReader) -> Lodging? {
        typealias Format = TripFormat.Lodging
        let name = item.read(Format.name)
        let address = item.read(Format.address)
        let checkIn = item.read(Format.checkIn)
        let checkOut = item.read(Format.checkOut)
        if let checkIn, let checkOut, checkOut <= checkIn {
            item.report("checkOut", "must be after checkIn")
        }
        let timeZone = item.read(Format.timeZone)
        let confirmation = item.read(Format.confirmation)
        let notes = item.read(Format.notes)
        guard let name else { return nil }
        return Lodging(
            name: name, address: address, checkIn: checkIn, checkOut: checkOut, timeZone: timeZone,
            confirmation: confirmation, notes: notes)
    }

    static func decodeCustom(_ item: inout ObjectReader) -> CustomItem? {
        typealias Format = TripFormat.Custom
        let category = item.read(Format.category)
        let title = item.read(Format.title)
        let time = item.read(Format.time)
        let timeZone = item.read(Format.timeZone)
        let address = item.read(Format.address)
        let url = item.read(Format.url)
        let notes = item.read(Format.notes)
        guard let category, let title else { return nil }
        return CustomItem(
            category: category, title: title, time: time, timeZone: timeZone, address: address, url: url, notes: notes)
    }
}
