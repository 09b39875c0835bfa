/// A table column's width as a template writes it: a number of points, or `"rest"`.

extension TableColumn.Width: TemplateReadable {
    static let kind = TemplateKind.numberOrWord(.atLeastZero, "rest")

    init(_ value: TemplateValue) throws(TemplateError) {
        if case let .string(word) = value.json {
            guard word == "rest" else { throw value.error("must be a number or \"rest\"") }
            self = .rest
            return
        }
        let points = try value.double()
        // The rule of the kind above: a column's width keeps the bound of every length.
        guard NumberRule.atLeastZero.admits(points) else { throw value.error(NumberRule.atLeastZero.message) }
        self = .fixed(points)
    }
}
