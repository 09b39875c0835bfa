/// The dates a PDF records: from `SOURCE_DATE_EPOCH` or the trip, never the clock.
import ItineraryModel

extension Exporter {
    /// Midnight UTC of the trip's first day: fixed by the input, so reruns give the same bytes.
    static func defaultEpoch(_ trip: Trip) -> Int {
        trip.startDate.daysSinceEpoch * 86400
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for cairo (which mangles numeric offsets in 1.16).
    static func pdfDate(_ epoch: Int) -> String {
        let day = CalendarDate(daysSinceEpoch: Int((Double(epoch) / 86400).rounded(.down)))
        let secs = epoch - day.daysSinceEpoch * 86400
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(day)T\(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60))Z"
    }
}
