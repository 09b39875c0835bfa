/// One page of display items.

/// One page of output.
public struct PageFrame: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var items: [DisplayItem]
    /// The page label shown by PDF viewers (e.g. "Cover"); nil for the page number.
    public var label: String?

    public init(width: Double, height: Double, items: [DisplayItem] = [], label: String? = nil) {
        self.width = width
        self.height = height
        self.items = items
        self.label = label
    }
}
