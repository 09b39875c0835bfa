/// Validation of one entry of `stadiums`.
import StrictJSON

extension TripDecoder {
    static let stadiumKeys = [
        "id", "name", "city", "region", "country", "timeZone", "latitude", "longitude", "address",
    ]

    static func decodeStadium(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        registry: inout IdRegistry
    ) -> Stadium? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        var stadium = ObjectReader(members, at: path, knownKeys: stadiumKeys)
        let id = stadium.required("id", Read.text)
        if let id, let duplicate = registry.register(id, at: path) {
            stadium.report("id", duplicate)
        }
        let name = stadium.required("name", Read.text)
        let city = stadium.required("city", Read.text)
        let region = stadium.optional("region", Read.string)
        let country = stadium.required("country", CountryCode.read)
        let timeZone = stadium.required("timeZone", TimeZoneName.read)
        let latitude = stadium.required("latitude", Read.number(in: -90...90))
        let longitude = stadium.required("longitude", Read.number(in: -180...180))
        let address = stadium.optional("address", Read.string)
        problems.append(contentsOf: stadium.problems)
        guard let id, let name, let city, let country, let timeZone, let latitude, let longitude else { return nil }
        return Stadium(
            id: id, name: name, city: city, region: region, country: country, timeZone: timeZone,
            latitude: latitude, longitude: longitude, address: address)
    }
}
