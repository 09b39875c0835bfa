/// The one URL rule trip.json has: links a reader can open in a browser.

enum WebURL {
    /// Whether `text` is an absolute `http`/`https` URL with a non-empty host.
    ///
    /// Checked by hand rather than with Foundation's `URL(string:)`, which in recent
    /// versions quietly percent-encodes what it does not like instead of refusing it.
    /// Spaces of any kind (a no-break space, a line separator) and control characters are
    /// refused: a link printed on paper with a space in it cannot be typed back in reliably.
    static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard
            !scalars.contains(where: {
                $0.value <= 0x20 || $0.value == 0x7F || $0.properties.isWhitespace || $0.value == 0xFEFF
            })
        else { return false }
        let schemeEnd: Int
        if hasPrefix(scalars, "https://") {
            schemeEnd = 8
        } else if hasPrefix(scalars, "http://") {
            schemeEnd = 7
        } else {
            return false
        }
        let authority = scalars[schemeEnd...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Anything up to the last "@" is user information, not the host.
        let hostAndPort = authority.lastIndex(of: "@").map { authority[($0 + 1)...] } ?? authority
        return isHostAndPort(hostAndPort)
    }

    private static func hasPrefix(_ scalars: [Unicode.Scalar], _ prefix: String) -> Bool {
        let p = Array(prefix.unicodeScalars)
        guard scalars.count >= p.count else { return false }
        // Schemes are case-insensitive ("HTTPS://" is fine).
        return zip(scalars, p).allSatisfy { String($0.0).lowercased() == String($0.1) }
    }

    private static func isHostAndPort(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        var host = s
        var port: ArraySlice<Unicode.Scalar>?
        if s.first == "[" {
            // An IPv6 literal: its colons are not a port separator.
            guard let close = s.firstIndex(of: "]") else { return false }
            let inside = s[(s.startIndex + 1)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }) else {
                return false
            }
            let after = s[(close + 1)...]
            if let colon = after.first {
                guard colon == ":" else { return false }
                port = after.dropFirst()
            }
            host = inside
        } else {
            if let colon = s.lastIndex(of: ":") {
                port = s[(colon + 1)...]
                host = s[..<colon]
            }
            guard let first = host.first, isAlphanumeric(first) || !first.isASCII,
                host.allSatisfy(isHostScalar)
            else { return false }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        }
        return !host.isEmpty
    }

    private static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }

    /// RFC 3986 reg-name characters (unreserved, sub-delims, percent) plus any non-ASCII
    /// scalar, so internationalised domain names written in Unicode pass.
    private static func isHostScalar(_ c: Unicode.Scalar) -> Bool {
        !c.isASCII || isAlphanumeric(c) || "-._~%!$&'()*+,;=".unicodeScalars.contains(c)
    }
}
