/// One rule broken on purpose: change a known-good document at a path, expect these problems.

import StrictJSON
import Testing
import ItineraryModel

struct Breakage: Sendable, CustomTestStringConvertible {
    let path: String
    /// The new value; nil removes the key.
    let value: JSONValue?
    /// Problems as `path: message`, in order.
    let expected: [String]

    init(_ path: String, _ value: JSONValue?, _ expected: String...) {
        self.path = path
        self.value = value
        self.expected = expected
    }

    var testDescription: String { "\(path) = \(value.map(JSONWriter.text) ?? "(removed)")" }

    /// Applies the breakage to `base` and checks the problems reported.
    func check(against base: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
        let document = SampleTrips.changing(base, path, to: value)
        #expect(problemLines(document) == expected, sourceLocation: sourceLocation)
    }
}
