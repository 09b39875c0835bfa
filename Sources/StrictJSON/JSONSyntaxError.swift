/// Where and why a document is not JSON.

/// A strict-RFC 8259 syntax error at a 1-based line and column.
///
/// Columns count Unicode scalars, not bytes, so they match what an editor shows
/// for text with accents or emoji before the error. A leading UTF-8 byte order
/// mark is not counted.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line; LF, CR LF and a lone CR each end a line.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int
    /// Lower-case, says what was wrong: `trailing comma before ']'`.
    public var reason: String

    /// An error at `line`, `column` for `reason`.
    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line L, column C: reason`.
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Turns a byte offset into the line and column a person would look for.
enum TextPosition {
    /// `offset` may equal `bytes.count` (an error at the end of input).
    /// Counting starts at `start`, past any byte order mark.
    static func lineAndColumn(in bytes: [UInt8], start: Int, offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = start
        while i < offset {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b == 0x0D {
                // A lone CR ends a line too; in CR LF the LF does the counting.
                if i + 1 >= bytes.count || bytes[i + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if b & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar their lead byte already counted.
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
