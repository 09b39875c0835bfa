/// The front door: trip.json bytes in, a validated `Trip` out.

import Foundation
import StrictJSON

/// Loads trip.json (schema version 1) with full validation.
public enum TripLoader {
    /// Larger files are refused before parsing (8 MiB); with `maximumStringLength`
    /// this bounds the memory a hostile file can make the loader use.
    public static let maximumBytes = 8 * 1024 * 1024

    /// The longest string value allowed anywhere, in Unicode scalars.
    public static let maximumStringLength = 2000

    /// Parses and validates `data`.
    ///
    /// - Throws: `TripLoadError.tooLarge` past `maximumBytes`; `.notJSON` with the line
    ///   and column of the first syntax error; `.invalid` with every problem found, in
    ///   document order.
    public static func load(_ data: Data) throws(TripLoadError) -> Trip {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw .notJSON(line: error.line, column: error.column, reason: error.reason)
        }
        return try decode(document)
    }

    /// Validates an already parsed document.
    public static func decode(_ document: JSONValue) throws(TripLoadError) -> Trip {
        let (trip, problems) = TripDecoder.decode(document)
        if let trip, problems.isEmpty { return trip }
        // Decoding returns nil only after recording why; the fallback keeps a bug there
        // from turning into an empty problem list.
        throw .invalid(problems.isEmpty ? [TripProblem(path: "", message: "trip could not be decoded")] : problems)
    }
}
