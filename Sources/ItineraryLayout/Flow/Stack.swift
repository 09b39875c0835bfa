/// Blocks stacked vertically as one unit: a card, a day heading with its title.
import DisplayList

/// Children placed one under another with a fixed gap, optionally kept on one page.
public struct Stack: FlowBlock {
    public var children: [any FlowBlock]
    public var gap: Double
    /// Never split, unless the stack is taller than a whole page (then it splits inside its children).
    public var keepTogether: Bool
    public var keepWithNext: Bool
    public var breakBefore: Bool
    public var mark: String?

    public init(
        _ children: [any FlowBlock], gap: Double = 0, keepTogether: Bool = true,
        keepWithNext: Bool = false, breakBefore: Bool = false, mark: String? = nil
    ) {
        self.children = children
        self.gap = gap
        self.keepTogether = keepTogether
        self.keepWithNext = keepWithNext
        self.breakBefore = breakBefore
        self.mark = mark
    }

    public var height: Double {
        children.reduce(0) { $0 + $1.height } + gap * Double(max(0, children.count - 1))
    }

    public var minimumHeadHeight: Double {
        keepTogether ? height : (children.first?.minimumHeadHeight ?? 0)
    }

    public func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        if keepTogether && height <= fullPage { return nil }
        var used = 0.0
        for (i, child) in children.enumerated() {
            let gapBefore = i == 0 ? 0 : gap
            if used + gapBefore + child.height <= available {
                used += gapBefore + child.height
                continue
            }
            var head = self, tail = self
            head.keepWithNext = false
            tail.breakBefore = false
            tail.mark = nil
            if let (h, t) = child.split(available: available - used - gapBefore, fullPage: fullPage) {
                head.children = Array(children[..<i]) + [h]
                tail.children = [t] + Array(children[(i + 1)...])
            } else {
                guard i > 0 else { return nil }
                head.children = Array(children[..<i])
                tail.children = Array(children[i...])
            }
            return (head, tail)
        }
        return nil
    }

    public func draw(at origin: Point) -> [DisplayItem] {
        var items: [DisplayItem] = []
        var y = origin.y
        for (i, child) in children.enumerated() {
            if i > 0 { y += gap }
            items += child.draw(at: Point(x: origin.x, y: y))
            y += child.height
        }
        return items
    }
}
