/// What besides the program, its fonts and its templates decides a document's bytes.
import ItineraryLayout
import ItineraryText
import PDFRewrite

extension Exporter {
    /// The libraries and data a PDF's bytes depend on, by name, in a fixed order: cairo,
    /// Pango, HarfBuzz, FreeType, Fontconfig and FriBidi as they run, libdeflate as built, and the
    /// system's time-zone database. The same trip, template, fonts and these give the same
    /// bytes; `--version --verbose` prints them and a batch's `--resume` fingerprint holds them.
    public static var libraryVersions: [(name: String, version: String)] {
        NativeLibraryVersions.libraries + [("libdeflate", Flate.libraryVersion), ("tzdata", ZoneDatabase.version)]
    }
}
