/// Serialises a `JSONValue` so tests go through the real byte-level loader.

import StrictJSON
import Foundation
import ItineraryModel

enum JSONWriter {
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func data(_ value: JSONValue) -> Data { Data(text(value).utf8) }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case let .number(n, isInteger):
            out += isInteger ? String(Int(n)) : String(n)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out += "["
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                write(e, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                writeString(m.key, into: &out)
                out += ":"
                write(m.value, into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
