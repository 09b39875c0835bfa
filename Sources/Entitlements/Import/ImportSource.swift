/// Finding the signed items in what a user imports: JWS lines, App Store Server API responses, notifications.
import Foundation
import StrictJSON

/// Why a whole import file was refused.
struct ImportRefusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// One signed item found in an import file, with where it came from.
struct SignedItem {
    enum Kind { case transaction, renewal, notification, unknown }
    var source: String
    var jws: String
    var kind: Kind
}

enum ImportSource {
    /// The largest file `entitlements import` reads: an App Store Server API history of about
    /// 4,000 transactions (a JWS is about 4 KB).
    static let maximumBytes = 16 << 20
    /// The most signed items one file may hold.
    static let maximumItems = 10_000

    /// A file's bytes, or why it cannot be imported: not a regular file, unreadable, or past
    /// `maximumBytes` (`BoundedFile`: refused from its size, before a byte is read; a stream is
    /// read at most one block past the limit).
    static func read(_ path: String) -> Result<Data, ImportRefusal> {
        BoundedFile.read(path, limit: maximumBytes).mapError { problem in
            switch problem {
            case let .unreadable(reason): return ImportRefusal("cannot read the file: \(reason)")
            case .directory: return ImportRefusal("it is a directory")
            case let .tooLarge(size, _): return tooLarge(size)
            }
        }
    }

    private static func tooLarge(_ size: Int?) -> ImportRefusal {
        let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        return ImportRefusal(
            "the file is \(size.map(mib) ?? "larger than the limit"), more than the \(maximumBytes >> 20) MiB one import reads: split it, or import the App Store Server API's pages one by one"
        )
    }

    /// The signed items of a file's contents:
    /// - a JSON object or array: every `signedTransactions[]`, `signedTransactionInfo`,
    ///   `signedRenewalInfo` and `signedPayload` at any depth (transaction history, transaction
    ///   info, subscription status responses, App Store Server Notifications V2);
    /// - otherwise one compact JWS per line (blank lines and `#` comments skipped).
    /// More than `maximumItems` is refused, found without holding more than that many.
    static func items(in data: Data, name: String) -> Result<[SignedItem], ImportRefusal> {
        let bytes = [UInt8](data)
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            // A response holds a few values per transaction; a file of millions of tiny values
            // is refused before it is parsed (the tree would take ~30 bytes per input byte).
            guard valueCount(bytes, atMost: maximumJSONValues) <= maximumJSONValues else {
                return .failure(
                    ImportRefusal(
                        "the file holds more than \(maximumJSONValues) JSON values, more than any App Store response of 16 MiB"
                    ))
            }
            if let value = try? JSONParser.parse(bytes) {
                var items: [SignedItem] = []
                guard collect(value, path: "", name: name, into: &items) else { return .failure(tooMany) }
                return .success(items)
            }
        }
        var items: [SignedItem] = []
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            let line = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            start = end + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard items.count < maximumItems else { return .failure(tooMany) }
            items.append(SignedItem(source: "\(name):\(lineNumber)", jws: line, kind: guessKind(line)))
        }
        return .success(items)
    }

    /// The most JSON values (strings, numbers, containers…) a JSON import file may hold.
    static let maximumJSONValues = 200_000

    /// About how many values a JSON text holds (one per `,` `:` `[` `{` outside strings), counted
    /// only up to `limit + 1`.
    static func valueCount(_ bytes: [UInt8], atMost limit: Int) -> Int {
        var count = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"):
                count += 1
                if count > limit { return count }
            default: break
            }
        }
        return count
    }

    private static var tooMany: ImportRefusal {
        ImportRefusal("the file holds more than the \(maximumItems) signed items one import takes: split it")
    }

    /// Adds the signed items below `value`; false once there would be more than `maximumItems`.
    private static func collect(_ value: JSONValue, path: String, name: String, into items: inout [SignedItem]) -> Bool
    {
        func add(_ source: String, _ value: JSONValue, _ kind: SignedItem.Kind) -> Bool {
            guard items.count < maximumItems else { return false }
            if case let .string(jws) = value {
                items.append(SignedItem(source: source, jws: jws, kind: kind))
            } else {
                items.append(SignedItem(source: source, jws: "", kind: kind))
            }
            return true
        }
        switch value {
        case let .object(members):
            for member in members.sorted(by: { $0.key < $1.key }) {
                let child = path.isEmpty ? member.key : "\(path).\(member.key)"
                switch member.key {
                case "signedTransactions":
                    guard case let .array(elements) = member.value else { continue }
                    for (i, jws) in elements.enumerated() where !add("\(name): \(child)[\(i)]", jws, .transaction) {
                        return false
                    }
                case "signedTransactionInfo":
                    guard add("\(name): \(child)", member.value, .transaction) else { return false }
                case "signedRenewalInfo":
                    guard add("\(name): \(child)", member.value, .renewal) else { return false }
                case "signedPayload":
                    guard add("\(name): \(child)", member.value, .notification) else { return false }
                default:
                    guard collect(member.value, path: child, name: name, into: &items) else { return false }
                }
            }
        case let .array(elements):
            for (i, element) in elements.enumerated() {
                guard collect(element, path: "\(path)[\(i)]", name: name, into: &items) else { return false }
            }
        default:
            break
        }
        return true
    }

    /// Which payload a bare JWS carries, read from its (not yet verified) payload keys; the
    /// verifier decides whether it is genuine.
    static func guessKind(_ jws: String) -> SignedItem.Kind {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = JWSBase64.decode(parts[1], alphabet: .url),
            let object = try? PayloadReader.document(data)
        else { return .unknown }
        if object.contains("notificationType") { return .notification }
        if object.contains("transactionId") || object.contains("productId") && !object.contains("autoRenewStatus") {
            return .transaction
        }
        if object.contains("autoRenewStatus") || object.contains("autoRenewProductId") { return .renewal }
        return .unknown
    }
}
