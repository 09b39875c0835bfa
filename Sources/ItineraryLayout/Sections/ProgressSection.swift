/// Stadium progress: filled in below.
extension SectionContext {
    func progressBlocks() -> [any FlowBlock] { [] }
}
