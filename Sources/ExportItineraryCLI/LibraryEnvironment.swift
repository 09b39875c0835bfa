/// Environment variables the libraries under the program read for themselves, removed before
/// anything runs.
import Foundation

/// What the person running the program could otherwise point the libraries at, each of which
/// the program's promises rule out: the same bytes whatever the environment, a gate that cannot
/// be kept waiting, and the test mark drawn whole.
///
/// - `TZ`, `TZDIR`: glibc reads the zone file `TZ` names at the first date it converts, even to
///   UTC (OpenSSL's certificate validity check does): a FIFO there kept the gate waiting for
///   ever. Nothing the program writes is in local time; without them glibc reads the system's
///   `/etc/localtime`.
/// - `ICU_TIMEZONE_FILES_DIR`: another time zone database for the trips' local times, or none
///   (a valid trip's zones then read as unknown).
/// - `PIXMAN_DISABLE`: with pixman's fast paths all turned off, cairo 1.16 silently fails to fill
///   solid areas in a PNG preview: the page's background and the test mark's plate.
/// - `HB_SHAPER_LIST`, `HB_OPTIONS`: HarfBuzz's fallback shaper sets the pages' text without the
///   fonts' kerning.
/// - `FC_DEBUG`: Fontconfig's debugging output goes to standard output, into a PDF written there.
/// - `LIBTHAI_DICTDIR`: another dictionary for breaking Thai lines.
///
/// Removed at the start of `main`, before any thread or library starts (the drawing libraries
/// load later, on first use): children (a batch's workers) inherit the cleaned environment. A
/// program that embeds the libraries owns its environment, and its own choice of these.
enum LibraryEnvironment {
    static let removed = [
        "TZ", "TZDIR", "ICU_TIMEZONE_FILES_DIR", "PIXMAN_DISABLE", "HB_SHAPER_LIST", "HB_OPTIONS", "FC_DEBUG",
        "LIBTHAI_DICTDIR",
    ]

    static func clean() {
        for name in removed { unsetenv(name) }
    }
}
