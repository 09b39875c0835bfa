/// The versions of the native libraries that decide a document's bytes, as they run (not as
/// they were when this was built): a Debian update of any of them can change a PDF.
import CCairo

/// The running versions of cairo, Pango, HarfBuzz, FreeType, Fontconfig and FriBidi (which
/// places right-to-left text and tells the program a character's direction): part of what
/// `export-itinerary --version --verbose` prints and of the program's identity in a batch's
/// fingerprint (`ProgramIdentity`), so after a library update `--resume` makes the PDFs again.
public enum NativeLibraryVersions {
    /// Each library's name and running version, in a fixed order: `("cairo", "1.16.0")`,
    /// `("pango", "1.50.12")`, `("harfbuzz", "6.0.0")`, `("freetype", "2.12.1")`,
    /// `("fontconfig", "2.14.1")`, `("fribidi", "1.0.8")`.
    public static let libraries: [(name: String, version: String)] = [
        ("cairo", String(cString: cairo_version_string())),
        ("pango", String(cString: pango_version_string())),
        ("harfbuzz", String(cString: hb_version_string())),
        ("freetype", freeTypeVersion),
        ("fontconfig", dotted(Int(FcGetVersion()))),
        ("fribidi", friBidiVersion),
    ]

    /// FriBidi's `(GNU FriBidi) 1.0.8` (the first line of its version text) as `1.0.8`.
    private static var friBidiVersion: String {
        guard let info = ccairo_fribidi_version_info() else { return "unknown" }
        let first = String(cString: info).split(separator: "\n").first ?? ""
        return first.split(separator: " ").last.map(String.init) ?? "unknown"
    }

    /// `cairo 1.16.0, pango 1.50.12, harfbuzz 6.0.0, freetype 2.12.1, fontconfig 2.14.1, fribidi 1.0.8`.
    public static var summary: String { libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") }

    /// FreeType tells its version only through a library instance: one made and dropped for it.
    private static var freeTypeVersion: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Fontconfig's `FcGetVersion()` (21401) as `2.14.1`.
    static func dotted(_ number: Int) -> String { "\(number / 10000).\(number / 100 % 100).\(number % 100)" }
}
