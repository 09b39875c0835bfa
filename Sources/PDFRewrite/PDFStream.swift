/// A stream object's dictionary and where its data lies.

/// A stream as read: its dictionary and its data, still encoded, as a slice of the file.
public struct PDFStream: Sendable {
    public var dictionary: PDFDictionary
    /// The bytes between `stream` and `endstream`, as long as `/Length` says.
    public var data: ArraySlice<UInt8>
}
