/// The rule that `days` has one entry per date, in order, from startDate to endDate.

/// Checks each day's date against those before it, so a gap, a repeat or a date out of
/// order is reported at the `date` of the day where it shows, not just as a bad count.
struct DaySequence {
    /// startDate…endDate, or nil when they are missing, invalid or reversed; then only the
    /// order of the days among themselves can be checked.
    let tripDates: ClosedRange<CalendarDate>?
    /// The latest date accepted so far.
    private var previous: CalendarDate?
    /// Where each date was first seen: one entry per distinct valid date in the file.
    private var seenAt: [CalendarDate: Int] = [:]

    init(tripDates: ClosedRange<CalendarDate>?) {
        self.tripDates = tripDates
    }

    /// The date the next day should have, if that can be known.
    private var expected: CalendarDate? { previous?.adding(days: 1) ?? tripDates?.lowerBound }

    /// Passes over a day whose date is missing or unusable (already reported).
    ///
    /// It is taken to be the day expected there: a typo in one date is far more likely
    /// than a missing day, and it should give one problem, not a second "gap" at the
    /// next day.
    mutating func skip() {
        if let expected { previous = expected }
    }

    /// The problem with `date`, found at `days[index]`, if any.
    mutating func check(_ date: CalendarDate, index: Int) -> String? {
        if let tripDates, !tripDates.contains(date) {
            skip()
            return "\(date) is outside the trip, which runs \(tripDates.lowerBound) to \(tripDates.upperBound)"
        }
        if let first = seenAt[date] {
            skip()
            return "duplicate day \(date) (first at days[\(first)])"
        }
        seenAt[date] = index
        if let previous, date < previous {
            // Not accepted as the new latest date, so one early day gives one problem.
            return "days are not in date order: \(date) comes after \(previous)"
        }
        let expected = self.expected
        previous = date
        guard let expected, expected < date else { return nil }
        let lastMissing = date.adding(days: -1)
        return expected == lastMissing
            ? "gap in days: \(expected) is missing"
            : "gap in days: \(expected) to \(lastMissing) are missing"
    }

    /// The problem with the number of days, if the trip's dates are known.
    func countProblem(count: Int) -> String? {
        guard let tripDates else { return nil }
        let expected = tripDates.lowerBound.days(to: tripDates.upperBound) + 1
        guard count != expected else { return nil }
        return
            "expected \(expected) day\(expected == 1 ? "" : "s") (\(tripDates.lowerBound) to \(tripDates.upperBound)), got \(count)"
    }
}
