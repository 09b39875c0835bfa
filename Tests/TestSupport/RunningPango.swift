/// What the tests expect of the Pango the program runs with, where its versions differ.
import ItineraryText

public enum RunningPango {
    /// Pango 1.50 and earlier (Debian 12) start a thread for each Fontconfig match and each sort
    /// of a font pattern not seen before, which the program queues to two kept workers
    /// (`Sources/CLazyLibraries/font_pattern_threads.c`); later Pango keeps one thread per font
    /// map instead.
    public static var startsThreadsPerPattern: Bool {
        let version = NativeLibraryVersions.libraries.first { $0.name == "pango" }?.version ?? ""
        let parts = version.split(separator: ".").compactMap { Int($0) }
        return parts.count >= 2 && parts[0] == 1 && parts[1] <= 50
    }
}
