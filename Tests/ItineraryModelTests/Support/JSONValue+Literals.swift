/// Literal syntax for building test documents as `JSONValue`s, in key order.

import StrictJSON
import ItineraryModel

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value), isInteger: true) }
    public init(floatLiteral value: Double) { self = .number(value, isInteger: false) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    // Dictionary literals arrive as an ordered list of pairs, so key order is kept.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember(key: $0.0, value: $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// The value at a path written like problem paths: `days[0].items[1].homeTeam`.
    /// Setting a missing key, or the index one past the end, appends; setting `nil`
    /// (Swift nil, not `.null`) removes the key or element.
    subscript(path path: String) -> JSONValue? {
        get { value(at: PathStep.parse(path)[...]) }
        set { set(newValue, at: PathStep.parse(path)[...]) }
    }

    private func value(at steps: ArraySlice<PathStep>) -> JSONValue? {
        guard let step = steps.first else { return self }
        switch (step, self) {
        case let (.key(key), .object(members)):
            return members.first { $0.key == key }?.value.value(at: steps.dropFirst())
        case let (.index(index), .array(elements)) where elements.indices.contains(index):
            return elements[index].value(at: steps.dropFirst())
        default:
            return nil
        }
    }

    private mutating func set(_ newValue: JSONValue?, at steps: ArraySlice<PathStep>) {
        guard let step = steps.first else {
            self = newValue ?? .null
            return
        }
        let rest = steps.dropFirst()
        switch (step, self) {
        case (.key(let key), .object(var members)):
            if let i = members.firstIndex(where: { $0.key == key }) {
                if rest.isEmpty, newValue == nil {
                    members.remove(at: i)
                } else {
                    members[i].value.set(newValue, at: rest)
                }
            } else if let newValue {
                precondition(rest.isEmpty, "cannot create nested path under missing key \(key)")
                members.append(JSONMember(key: key, value: newValue))
            }
            self = .object(members)
        case (.index(let index), .array(var elements)):
            if rest.isEmpty, newValue == nil {
                elements.remove(at: index)
            } else if index == elements.count, rest.isEmpty, let newValue {
                elements.append(newValue)
            } else {
                elements[index].set(newValue, at: rest)
            }
            self = .array(elements)
        default:
            preconditionFailure("path step \(step) does not fit \(self.kindDescription)")
        }
    }
}

private enum PathStep {
    case key(String)
    case index(Int)

    static func parse(_ path: String) -> [PathStep] {
        var steps: [PathStep] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket != rest.startIndex { steps.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    steps.append(.index(Int(rest[rest.index(after: rest.startIndex)..<close])!))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                steps.append(.key(String(rest)))
            }
        }
        return steps
    }
}
