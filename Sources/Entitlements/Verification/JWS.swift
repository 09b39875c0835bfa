/// Compact JWS (RFC 7515) parsing and the base64 codecs it needs.
import Foundation

/// Base64 in the two alphabets a JWS uses: base64url for the segments, standard for `x5c`.
/// Written here rather than using `Data(base64Encoded:)` so both alphabets follow one set of rules:
/// padding optional, no whitespace, no foreign characters, and no stray bits in the last character
/// (so one signature has exactly one spelling).
enum JWSBase64 {
    enum Alphabet { case url, standard }

    private static let urlTable = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let standardTable = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static func value(of byte: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-") where alphabet == .url: return 62
        case UInt8(ascii: "_") where alphabet == .url: return 63
        case UInt8(ascii: "+") where alphabet == .standard: return 62
        case UInt8(ascii: "/") where alphabet == .standard: return 63
        default: return nil
        }
    }

    /// Decodes `text`, with or without `=` padding; nil for anything that is not canonical base64.
    static func decode<S: StringProtocol>(_ text: S, alphabet: Alphabet) -> Data? {
        var bytes = Array(text.utf8)
        var padding = 0
        while bytes.last == UInt8(ascii: "=") {
            bytes.removeLast()
            padding += 1
        }
        // Padding, when present, must complete the last quantum exactly.
        if padding > 0 && (padding > 2 || (bytes.count + padding) % 4 != 0) { return nil }
        if bytes.count % 4 == 1 { return nil }
        var out = Data()
        out.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            guard let v = value(of: byte, alphabet) else { return nil }
            accumulator = (accumulator << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // Leftover bits must be zero: otherwise two strings would decode to the same bytes.
        if accumulator != 0 { return nil }
        return out
    }

    /// Encodes `data`; base64url goes without padding (as JWS wants), standard with it (as `x5c` wants).
    static func encode(_ data: Data, alphabet: Alphabet) -> String {
        let table = alphabet == .url ? urlTable : standardTable
        var out = [UInt8]()
        out.reserveCapacity((data.count + 2) / 3 * 4)
        let bytes = [UInt8](data)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], table[Int(n & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let n = UInt32(bytes[index]) << 16
            out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)]]
            if alphabet == .standard { out += Array("==".utf8) }
        } else if rest == 2 {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)]]
            if alphabet == .standard { out += Array("=".utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The JOSE header fields the App Store uses. Other fields (`typ`, `kid`) are ignored, as Apple's library does.
struct JWSHeader: Decodable {
    var alg: String?
    var x5c: [String]?
}

/// A compact JWS split into its parts. Parsing checks only the shape; nothing is trusted yet.
struct CompactJWS {
    /// The ASCII `header.payload` exactly as received: what the signature covers.
    let signingInput: Data
    /// The same without `=` padding, when the received segments had some (see `signingInputs`).
    let unpaddedSigningInput: Data?
    let header: JWSHeader
    let payload: Data
    let signature: Data

    init(_ text: String) throws(VerificationFailure) {
        // A trailing newline from a file is not part of the token.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let segments = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            throw .invalidFormat("expected 3 dot-separated segments, found \(segments.count)")
        }
        guard !segments[0].isEmpty, !segments[1].isEmpty, !segments[2].isEmpty else {
            throw .invalidFormat("empty JWS segment")
        }
        guard let headerData = JWSBase64.decode(segments[0], alphabet: .url) else {
            throw .invalidFormat("header is not base64url")
        }
        guard let payload = JWSBase64.decode(segments[1], alphabet: .url) else {
            throw .invalidFormat("payload is not base64url")
        }
        guard let signature = JWSBase64.decode(segments[2], alphabet: .url) else {
            throw .invalidFormat("signature is not base64url")
        }
        let header: JWSHeader
        do {
            header = try JSONDecoder().decode(JWSHeader.self, from: headerData)
        } catch {
            throw .invalidFormat("header is not a JSON object with string alg and x5c array")
        }
        guard header.alg == "ES256" else {
            throw .invalidFormat("alg must be ES256, found \(header.alg ?? "none")")
        }
        guard header.x5c != nil else {
            throw .invalidFormat("header has no x5c certificate chain")
        }
        self.signingInput = Data(segments[0].utf8) + Data(".".utf8) + Data(segments[1].utf8)
        if segments[0].hasSuffix("=") || segments[1].hasSuffix("=") {
            let strip = { (segment: Substring) in segment.prefix { $0 != "=" } }
            self.unpaddedSigningInput = Data(strip(segments[0]).utf8) + Data(".".utf8) + Data(strip(segments[1]).utf8)
        } else {
            self.unpaddedSigningInput = nil
        }
        self.header = header
        self.payload = payload
        self.signature = signature
    }

    /// The texts a valid signature may cover. RFC 7515 writes segments without padding; a padded
    /// token was either signed padded by a lenient producer, or padded afterwards by something that
    /// re-encoded it. Both spellings decode to the same bytes (decoding is canonical), so accepting
    /// a signature over either lets no content change.
    var signingInputs: [Data] {
        [signingInput] + (unpaddedSigningInput.map { [$0] } ?? [])
    }
}
