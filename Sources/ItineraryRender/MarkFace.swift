/// The face the test-entitlement mark is drawn in: compiled into the binary, not read from `Fonts/`.
import Digests
import CCairo
import Foundation
import ItineraryText

/// A subset of the pinned Inter Medium (printable ASCII, the em dash, the ellipsis), renamed
/// "Export Itinerary Mark", whose bytes and SHA-256 `scripts/mark-face.py` writes into
/// `MarkFace+Bytes.swift` at build time. A user who replaces or empties a font file in `Fonts/`
/// changes the pages' text, never the mark's glyphs: those come from these bytes, loaded from
/// memory through FreeType, and checked against their hash before they are used.
enum MarkFace {
    /// The cairo font face, made once per process; or why it could not be made (a build that
    /// embedded other bytes than its hash says: no PDF is drawn without its mark).
    nonisolated(unsafe) static let loaded: Result<OpaquePointer, RenderError> = load()

    /// The face, or the reason it is unusable.
    static func face() throws(RenderError) -> OpaquePointer {
        try loaded.get()
    }

    /// Whether the face has a glyph for `scalar`; the mark draws `?` for any other.
    static func covers(_ scalar: Unicode.Scalar) -> Bool {
        coverage.contains(scalar)
    }

    private static let coverage = Set(characters.unicodeScalars)

    private static func load() -> Result<OpaquePointer, RenderError> {
        guard let bytes = Data(base64Encoded: base64) else {
            return .failure(
                RenderError(message: "the test-entitlement mark's compiled-in face does not decode (a broken build)"))
        }
        guard SHA256Hex.of(bytes) == sha256 else {
            return .failure(
                RenderError(
                    message: "the test-entitlement mark's compiled-in face does not match its SHA-256 (a broken build)")
            )
        }
        // FreeType reads the face's bytes for as long as the face lives, which is the process:
        // a copy of them that is never freed.
        let memory = UnsafeMutablePointer<FT_Byte>.allocate(capacity: bytes.count)
        bytes.copyBytes(to: memory, count: bytes.count)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            return .failure(RenderError(message: "FreeType could not start for the test-entitlement mark"))
        }
        var face: FT_Face?
        guard FT_New_Memory_Face(library, memory, FT_Long(bytes.count), 0, &face) == 0, let face else {
            return .failure(RenderError(message: "FreeType could not load the test-entitlement mark's face"))
        }
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0),
            cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS
        else {
            return .failure(RenderError(message: "cairo could not use the test-entitlement mark's face"))
        }
        return .success(cairoFace)
    }
}
