/// JSON text from a `JSONValue`: indented, members in their order, for files people read.

extension JSONValue {
    /// The value as JSON text indented by two spaces, one member or element a line (empty
    /// containers as `{}` and `[]`), keys in their order, non-ASCII written as itself. The
    /// same value always gives the same bytes, so generated files can be compared in tests.
    public func indentedText() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case let .number(number, isInteger):
            out += isInteger || number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): out += Self.quoted(text)
        case .array(let elements) where elements.isEmpty: out += "[]"
        case .array(let elements):
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                element.write(into: &out, indent: inner)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where members.isEmpty: out += "{}"
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + Self.quoted(member.key) + ": "
                member.value.write(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
