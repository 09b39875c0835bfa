/// Why a PDF could not be read or rewritten.

/// A PDF the rewrite cannot read: damaged, cut short, encrypted, or using a feature it does not
/// (an unknown stream filter on a stream it has to change). Never a silently unchanged file.
public struct PDFError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
