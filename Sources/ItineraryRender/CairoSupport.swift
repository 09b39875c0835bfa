/// What the program knows about the cairo versions it runs on, in one place.
import CCairo

/// The cairo releases the PDF renderer is tested with, and how their tagged PDFs differ where
/// the accessibility update reads them. The update depends on none of these differences: it
/// reads what cairo wrote as a PDF (the structure tree, the parent tree, each page's marked
/// content) and adapts to it, so the documents come out the same on both, with the same
/// structure tree, text, links, outline and artifacts. What it relies on is named here:
///
/// - **Marked content.** cairo 1.16 marks the content of structure elements without child
///   elements (leaves) only, and everything drawn inside a leaf; content drawn in an element
///   that has children is left unmarked. cairo 1.18 marks, in any element, each stretch between
///   two tags that draws text (a stretch of shapes alone stays unmarked), and writes an element
///   whose content is all shapes with no `/K`. The update makes a marker's run of shapes an
///   artifact wherever cairo left the marker unmarked, whichever version decided it
///   (`ArtifactRewrite`, `VectorPlan`).
/// - **Link elements.** cairo 1.16 writes each link annotation's object reference into its
///   `Link` element; cairo 1.18 only into a link tag that encloses drawn content, and the
///   layout's links enclose none. The update adds the missing references (`LinkElements`).
/// - **Artifacts.** cairo 1.16 refuses content inside an `Artifact` tag; 1.18 accepts the tag
///   but, as for any element, marks only stretches with text. Furniture is tagged `Private` on
///   both and rewritten into artifacts by the update, one way for every version.
/// - **Numbers.** Both print the marker rectangle as `0 0 0.012 0.016 re f`; the update compares
///   the operands as numbers (`VectorPlan.Marker.operands`), not as one version's digits.
/// - **Plain streams.** Both write uncompressed streams when `CAIRO_DEBUG_PDF` is set
///   (`PDFRenderer.plainStreams`); any other cairo that compressed them anyway would only cost
///   the update an inflate.
///
/// Another cairo that writes what the update cannot read fails the export with a message that
/// names that cairo (`failure(_:)`), never a file half rewritten.
enum CairoSupport {
    /// The running cairo, as `1.18.4`.
    static var version: String { String(cString: cairo_version_string()) }

    /// The releases the renderer is tested with (Debian 12; Debian 13 and Ubuntu 24.04).
    static let tested = "cairo 1.16 and 1.18"

    /// The error for a PDF the running cairo wrote that the accessibility update could not
    /// read or finish: `detail` says what, and the message says which cairo wrote it.
    static func failure(_ detail: String) -> RenderError {
        RenderError(
            message:
                "the PDF cairo \(version) wrote could not be given its accessibility entries (\(detail)); this program is tested with \(tested)"
        )
    }
}
