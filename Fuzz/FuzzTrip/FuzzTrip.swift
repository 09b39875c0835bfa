/// Fuzz target: the trip decoder and validator (bytes → Trip, or a list of problems).
import Foundation
import FuzzSupport
import ItineraryModel

func fuzzOne(_ data: Data) {
    _ = try? TripLoader.load(data)
}

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
