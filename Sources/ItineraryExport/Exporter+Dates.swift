/// The dates a PDF records: from `SOURCE_DATE_EPOCH` or the trip, never the clock.
import ItineraryModel

extension Exporter {
    /// Midnight UTC of the trip's first day: fixed by the input, so reruns give the same bytes.
    static func defaultEpoch(_ trip: Trip) -> Int {
        trip.startDate.daysSinceEpoch * 86400
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for cairo (which mangles numeric offsets in 1.16).
    static func pdfDate(_ epoch: Int) -> String {
        Instant(secondsSince1970: Double(epoch)).utcText
    }
}
