/// Validation of `days` and of each day.
import StrictJSON

extension TripDecoder {
    static func decodeDays(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        tripDates: ClosedRange<CalendarDate>?, context: inout TripContext
    ) -> [Day]? {
        guard let elements = Read.array(value, path, &problems) else { return nil }
        var sequence = DaySequence(tripDates: tripDates)
        // The count is a fact about the array as a whole, so it comes before its elements.
        if let message = sequence.countProblem(count: elements.count) {
            problems.append(TripProblem(path, message))
        }
        var days: [Day] = []
        days.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let day = decodeDay(
                element, path.index(index), &problems, index: index, sequence: &sequence, context: &context)
            {
                days.append(day)
            }
        }
        return days
    }

    static func decodeDay(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem], index: Int,
        sequence: inout DaySequence, context: inout TripContext
    ) -> Day? {
        guard let members = Read.object(value, path, &problems) else {
            sequence.skip()
            return nil
        }
        typealias Format = TripFormat.Day
        var day = ObjectReader(members, at: path, Format.object)
        let date = day.read(Format.date)
        if let date {
            if let message = sequence.check(date, index: index) { day.report("date", message) }
        } else {
            sequence.skip()
        }
        let city = day.read(Format.city)
        let timeZone = day.read(Format.timeZone)
        let latitude = day.read(Format.latitude)
        let longitude = day.read(Format.longitude)
        // A city is placed by both or by neither: half a position would be a guess.
        for (first, second) in Format.object.together where day.has(first) != day.has(second) {
            let (given, missing) = day.has(first) ? (first, second) : (second, first)
            day.report(given, "\(given) without \(missing): give both, or neither")
        }
        let title = day.read(Format.title)
        let notes = day.read(Format.notes)
        let items = day.read(Format.items) { value, path, problems in
            decodeList(value, path, &problems) { decodeItem($0, $1, &$2, context: &context) }
        }
        problems.append(contentsOf: day.problems)
        guard let date, let city, let items else { return nil }
        let location = latitude.flatMap { lat in longitude.map { (lat, $0) } }
        return Day(
            date: date, city: city, timeZone: timeZone, latitude: location?.0, longitude: location?.1, title: title,
            notes: notes, items: items)
    }
}
