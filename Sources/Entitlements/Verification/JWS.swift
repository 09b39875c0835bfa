/// Compact JWS (RFC 7515) parsing and the base64 codecs it needs.
import Foundation

/// Base64 in the two alphabets a JWS uses: base64url for the segments, standard for `x5c`.
/// Written here rather than using `Data(base64Encoded:)` so both alphabets follow one set of rules:
/// padding optional, no whitespace, no foreign characters, and no stray bits in the last character
/// (so, padding aside, one byte string has exactly one spelling).
package enum JWSBase64 {
    package enum Alphabet { case url, standard }

    private static let urlTable = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let standardTable = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Character → 6-bit value, 0xFF for characters outside the alphabet. Tables, because a gate
    /// check decodes thousands of tokens of a few kilobytes each.
    private static let urlDecodeTable = decodeTable(urlTable)
    private static let standardDecodeTable = decodeTable(standardTable)

    private static func decodeTable(_ alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }

    /// Decodes `text`, with or without `=` padding; nil for anything that is not canonical base64.
    package static func decode<S: StringProtocol>(_ text: S, alphabet: Alphabet) -> Data? {
        decode(bytes: text.utf8, alphabet: alphabet)
    }

    /// Decodes base64 text given as its UTF-8 bytes.
    package static func decode<C: Collection<UInt8>>(bytes text: C, alphabet: Alphabet) -> Data? {
        var bytes = Array(text)
        var padding = 0
        while bytes.last == UInt8(ascii: "=") {
            bytes.removeLast()
            padding += 1
        }
        // Padding, when present, must complete the last quantum exactly.
        if padding > 0 && (padding > 2 || (bytes.count + padding) % 4 != 0) { return nil }
        let remainder = bytes.count % 4
        if remainder == 1 { return nil }
        let table = alphabet == .url ? urlDecodeTable : standardDecodeTable
        var out = [UInt8]()
        out.reserveCapacity(bytes.count / 4 * 3 + 2)
        let ok = table.withUnsafeBufferPointer { t in
            bytes.withUnsafeBufferPointer { b -> Bool in
                var index = 0
                let whole = b.count - remainder
                while index < whole {
                    let v0 = t[Int(b[index])], v1 = t[Int(b[index + 1])], v2 = t[Int(b[index + 2])],
                        v3 = t[Int(b[index + 3])]
                    if (v0 | v1 | v2 | v3) & 0xC0 != 0 { return false }
                    let n = UInt32(v0) << 18 | UInt32(v1) << 12 | UInt32(v2) << 6 | UInt32(v3)
                    out.append(UInt8(truncatingIfNeeded: n >> 16))
                    out.append(UInt8(truncatingIfNeeded: n >> 8))
                    out.append(UInt8(truncatingIfNeeded: n))
                    index += 4
                }
                guard remainder > 0 else { return true }
                let v0 = t[Int(b[index])], v1 = t[Int(b[index + 1])]
                let v2 = remainder == 3 ? t[Int(b[index + 2])] : 0
                if (v0 | v1 | v2) & 0xC0 != 0 { return false }
                let n = UInt32(v0) << 18 | UInt32(v1) << 12 | UInt32(v2) << 6
                out.append(UInt8(truncatingIfNeeded: n >> 16))
                if remainder == 3 { out.append(UInt8(truncatingIfNeeded: n >> 8)) }
                // Leftover bits must be zero: otherwise two strings would decode to the same bytes.
                let leftover = remainder == 2 ? n & 0xFFFF : n & 0xFF
                return leftover == 0
            }
        }
        return ok ? Data(out) : nil
    }

    /// Encodes `data`; base64url goes without padding (as JWS wants), standard with it (as `x5c` wants).
    package static func encode(_ data: Data, alphabet: Alphabet) -> String {
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
struct JWSHeader: PayloadReadable {
    package var alg: String?
    package var x5c: [String]?

    package init(json: PayloadReader) throws(PayloadFormatError) {
        alg = try json.string("alg")
        x5c = try json.strings("x5c")
    }
}

/// A compact JWS split into its parts. Parsing checks only the shape; nothing is trusted yet.
struct CompactJWS {
    /// The ASCII `header.payload` exactly as received: what the signature covers.
    package let signingInput: Data
    /// The same without `=` padding, when the received segments had some (see `signingInputs`).
    package let unpaddedSigningInput: Data?
    package let header: JWSHeader
    package let payload: Data
    package let signature: Data

    package init(_ text: String) throws(VerificationFailure) {
        // Work on the UTF-8 bytes: a token is ASCII, and splitting a String by Character costs
        // more than everything else in the parse. Surrounding ASCII whitespace (a trailing newline
        // from a file) is not part of the token.
        var bytes = ArraySlice(text.utf8)
        while let first = bytes.first, Self.isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
        let segments = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            throw .invalidFormat("expected 3 dot-separated segments, got \(segments.count)")
        }
        guard !segments[0].isEmpty, !segments[1].isEmpty, !segments[2].isEmpty else {
            throw .invalidFormat("empty JWS segment")
        }
        guard let headerData = JWSBase64.decode(bytes: segments[0], alphabet: .url) else {
            throw .invalidFormat("header is not base64url")
        }
        guard let payload = JWSBase64.decode(bytes: segments[1], alphabet: .url) else {
            throw .invalidFormat("payload is not base64url")
        }
        guard let signature = JWSBase64.decode(bytes: segments[2], alphabet: .url) else {
            throw .invalidFormat("signature is not base64url")
        }
        let header: JWSHeader
        do {
            header = try JWSHeader.read(from: headerData)
        } catch {
            throw .invalidFormat("header is not a JSON object with string alg and x5c array: \(error)")
        }
        guard header.alg == "ES256" else {
            throw .invalidFormat("alg must be ES256, got \(header.alg ?? "none")")
        }
        guard header.x5c != nil else {
            throw .invalidFormat("header has no x5c certificate chain")
        }
        let dot = UInt8(ascii: "."), pad = UInt8(ascii: "=")
        self.signingInput = Data(segments[0]) + [dot] + Data(segments[1])
        if segments[0].last == pad || segments[1].last == pad {
            let strip = { (segment: ArraySlice<UInt8>) in segment.prefix { $0 != pad } }
            self.unpaddedSigningInput = Data(strip(segments[0])) + [dot] + Data(strip(segments[1]))
        } else {
            self.unpaddedSigningInput = nil
        }
        self.header = header
        self.payload = payload
        self.signature = signature
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The texts a valid signature may cover. RFC 7515 writes segments without padding; a padded
    /// token was either signed padded by a lenient producer, or padded afterwards by something that
    /// re-encoded it. Both spellings decode to the same bytes (decoding is canonical), so accepting
    /// a signature over either lets no content change.
    package var signingInputs: [Data] {
        [signingInput] + (unpaddedSigningInput.map { [$0] } ?? [])
    }
}
