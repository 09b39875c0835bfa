/// What formatting keeps between documents, owned by whoever lays them out.
import Foundation

/// Configured date formatters and parsed time-zone files, kept by the owner of a layout (the
/// exporter keeps one for its whole life, so a batch worker configures each formatter and reads
/// each zone file once) instead of for the whole process. Thread-safe.
///
/// Bounds: at most 256 date formatters and 256 interval formatters (`DateFormatterCache`,
/// emptied past that), and one parsed file per zone name a trip uses, of the 600-odd in the
/// time-zone database (names are checked against it before they reach here).
public final class FormatCaches: @unchecked Sendable {
    let dates = DateFormatterCache()
    let zones = TZifCache()

    public init() {}
}
