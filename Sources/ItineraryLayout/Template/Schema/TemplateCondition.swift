/// When a key is required only because another setting asks for it (`kind is "tile"`).

/// The condition of a key "required when" another key of its spec has some value: the words
/// the error and the key reference print, and the test on the keys read before it. A spec
/// declares each condition once and names it in every key it governs.
struct TemplateCondition<Spec>: Sendable {
    /// How the error and the reference say it: `kind is "tile"`.
    let text: String
    /// Whether the condition holds of the spec read so far (the keys declared before this one).
    let holds: @Sendable (Spec) -> Bool

    init(_ text: String, _ holds: @escaping @Sendable (Spec) -> Bool) {
        self.text = text
        self.holds = holds
    }
}
