/// Text placed in XML the program writes (a Fontconfig configuration, an XMP packet).

public enum XMLText {
    /// `text` safe in an element's content or a double-quoted attribute.
    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
