/// Text placed in XML the program writes (a Fontconfig configuration, an XMP packet).

/// Escaping for text the program places in XML it writes itself.
public enum XMLText {
    /// `text` safe in an element's content or a double-quoted attribute.
    public static func escaped(_ text: String) -> String {
        text.replacingLiterally("&", with: "&amp;").replacingLiterally("<", with: "&lt;")
            .replacingLiterally(">", with: "&gt;").replacingLiterally("\"", with: "&quot;")
    }
}
