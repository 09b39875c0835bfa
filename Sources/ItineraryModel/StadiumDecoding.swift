/// Validation of one entry of `stadiums`.
import StrictJSON

extension TripDecoder {
    static func decodeStadium(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        registry: inout IdRegistry
    ) -> Stadium? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        typealias Format = TripFormat.Stadium
        var stadium = ObjectReader(members, at: path, Format.object)
        let id = stadium.read(Format.id)
        if let id, let duplicate = registry.register(id, at: path) {
            stadium.report("id", duplicate)
        }
        let name = stadium.read(Format.name)
        let city = stadium.read(Format.city)
        let region = stadium.read(Format.region)
        let country = stadium.read(Format.country)
        let timeZone = stadium.read(Format.timeZone)
        let latitude = stadium.read(Format.latitude)
        let longitude = stadium.read(Format.longitude)
        let address = stadium.read(Format.address)
        problems.append(contentsOf: stadium.problems)
        guard let id, let name, let city, let country, let timeZone, let latitude, let longitude else { return nil }
        return Stadium(
            id: id, name: name, city: city, region: region, country: country, timeZone: timeZone,
            latitude: latitude, longitude: longitude, address: address)
    }
}
