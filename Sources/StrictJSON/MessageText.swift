/// How values are written inside problem messages.

/// How values from a file are quoted in problem messages, so every reader words them alike:
/// escaped as JSON would write them, cut when long, numbers without a needless `.0`.
public enum MessageText {
    /// Values longer than this are cut in messages: the path already says where
    /// the value is, and an 8 MiB string should not become an 8 MiB message.
    public static let quotedLimit = 60

    /// `"value"` with quotes, backslashes and control characters escaped as JSON would,
    /// shortened with "…" past `quotedLimit` Unicode scalars.
    public static func quoted(_ value: String) -> String {
        var out = "\""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == quotedLimit {
                out += "…"
                break
            }
            count += 1
            if scalar == "\"" { out += "\\\"" } else { escape(scalar, into: &out) }
        }
        return out + "\""
    }

    /// `scalar` as messages write it: a backslash doubled, control characters (C0, DEL, C1) and
    /// the line and paragraph separators escaped as JSON writes them, anything else as it is.
    private static func escape(_ scalar: Unicode.Scalar, into out: inout String) {
        switch scalar {
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _
        where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }

    /// A file path as every message and report writes it: whole and unquoted, but with control
    /// characters escaped as JSON would (`\n`, `\t`, `\u001B`), and a backslash doubled so
    /// that an escape is never taken for the name itself. A name with a newline then stays on
    /// its message's one line, and a terminal control sequence in a name is shown, not obeyed.
    public static func path(_ path: some StringProtocol) -> String {
        // Almost every path has nothing to escape: returned as it is.
        // C1 controls (U+0080–U+009F, 0xC2 0x80–0x9F in UTF-8) and the line and paragraph
        // separators (0xE2 0x80 0xA8/0xA9) too: a terminal may act on an 8-bit CSI.
        guard path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x5C || $0 == 0xC2 || $0 == 0xE2 })
        else { return String(path) }
        var out = ""
        for scalar in path.unicodeScalars {
            escape(scalar, into: &out)
        }
        return out
    }

    /// A number as the file most likely wrote it: `91`, not `91.0`.
    public static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }

    /// `"a", "b" or "c"`.
    public static func alternatives(_ values: [String]) -> String {
        let quotedValues = values.map { quoted($0) }
        guard quotedValues.count > 1 else { return quotedValues.first ?? "" }
        return quotedValues.dropLast().joined(separator: ", ") + " or " + quotedValues[quotedValues.count - 1]
    }
}
