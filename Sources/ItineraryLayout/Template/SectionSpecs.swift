/// Which sections a template prints, in which order, and each section's own settings.

/// The sections a template can list in `sections`.
public enum SectionName: String, CaseIterable, Sendable {
    /// A full cover page: title, route, meta row, route map, stat tiles.
    case cover
    /// A compact title block at the top of the first page.
    case title
    /// The table of days and the table of stays.
    case overview
    /// Day by day: every day's heading and items.
    case days
    /// Stadium progress (printed only when the trip has `progress`).
    case progress
}
