/// Finding the signed items in what a user imports: JWS lines, App Store Server API responses, notifications.
import Foundation

/// One signed item found in an import file, with where it came from.
struct SignedItem {
    enum Kind { case transaction, renewal, notification, unknown }
    var source: String
    var jws: String
    var kind: Kind
}

enum ImportSource {
    /// The signed items of a file's contents:
    /// - a JSON object: every `signedTransactions[]`, `signedTransactionInfo`, `signedRenewalInfo`
    ///   and `signedPayload` at any depth (transaction history, transaction info, subscription
    ///   status responses, App Store Server Notifications V2);
    /// - otherwise one compact JWS per line (blank lines and `#` comments skipped).
    static func items(in data: Data, name: String) -> [SignedItem] {
        if let object = try? JSONSerialization.jsonObject(with: data), object is [String: Any] || object is [Any] {
            var items: [SignedItem] = []
            collect(object, path: "", name: name, into: &items)
            return items
        }
        let text = String(decoding: data, as: UTF8.self)
        var items: [SignedItem] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            items.append(SignedItem(source: "\(name):\(index + 1)", jws: line, kind: guessKind(line)))
        }
        return items
    }

    private static func collect(_ value: Any, path: String, name: String, into items: inout [SignedItem]) {
        if let dict = value as? [String: Any] {
            for key in dict.keys.sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                let v = dict[key]!
                switch key {
                case "signedTransactions":
                    for (i, jws) in ((v as? [Any]) ?? []).enumerated() {
                        items.append(SignedItem(source: "\(name): \(child)[\(i)]", jws: jws as? String ?? "", kind: .transaction))
                    }
                case "signedTransactionInfo":
                    items.append(SignedItem(source: "\(name): \(child)", jws: v as? String ?? "", kind: .transaction))
                case "signedRenewalInfo":
                    items.append(SignedItem(source: "\(name): \(child)", jws: v as? String ?? "", kind: .renewal))
                case "signedPayload":
                    items.append(SignedItem(source: "\(name): \(child)", jws: v as? String ?? "", kind: .notification))
                default:
                    collect(v, path: child, name: name, into: &items)
                }
            }
        } else if let array = value as? [Any] {
            for (i, element) in array.enumerated() {
                collect(element, path: "\(path)[\(i)]", name: name, into: &items)
            }
        }
    }

    /// Which payload a bare JWS carries, read from its (not yet verified) payload keys; the
    /// verifier decides whether it is genuine.
    static func guessKind(_ jws: String) -> SignedItem.Kind {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = JWSBase64.decode(parts[1], alphabet: .url),
              let object = try? PayloadReader.document(data) else { return .unknown }
        if object.contains("notificationType") { return .notification }
        if object.contains("transactionId") || object.contains("productId") && !object.contains("autoRenewStatus") { return .transaction }
        if object.contains("autoRenewStatus") || object.contains("autoRenewProductId") { return .renewal }
        return .unknown
    }
}
