/// One numbered object of a file, as read, with the bytes it was read from.

/// An object as the file holds it: its value, its stream when it is one, and its bytes, which
/// the writer copies unchanged when nothing changed the object.
public struct IndirectObject: Sendable {
    public var number: Int
    public var generation: Int
    /// The object; for a stream, its dictionary.
    public var value: PDFObject
    public var stream: PDFStream?
    /// What lies between `n g obj` and `endobj`, white space trimmed (for an object in an object
    /// stream, its bytes there).
    public var body: ArraySlice<UInt8>
    /// `n g obj … endobj` and its end of line, for an object written directly in the file; nil
    /// for one in an object stream.
    public var extent: Range<Int>?
}
