/// The versions of the native libraries that decide a document's bytes, as they run (not as
/// they were when this was built): a Debian update of any of them can change a PDF.
import CCairo

/// The running versions of cairo, Pango, HarfBuzz and Fontconfig as one line: part of the program's
/// identity in a batch's fingerprint (`ProgramIdentity`), so after a library update `--resume`
/// makes the PDFs again.
public enum NativeLibraryVersions {
    /// `cairo 1.16.0, pango 1.50.12, harfbuzz 6.0.0, fontconfig 21401`.
    public static var summary: String {
        let cairo = String(cString: cairo_version_string())
        let pango = String(cString: pango_version_string())
        let harfbuzz = String(cString: hb_version_string())
        return "cairo \(cairo), pango \(pango), harfbuzz \(harfbuzz), fontconfig \(FcGetVersion())"
    }
}
