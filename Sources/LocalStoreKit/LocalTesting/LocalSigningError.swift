/// Failures of the local signing authority (creating keys and certificates, signing, reading a stored one).

/// Why the local signing authority could not do what was asked.
public enum LocalSigningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// OpenSSL refused an operation; the text is its first error message.
    case openSSL(String)
    /// A serialized authority that is not three certificates and a matching P-256 private key.
    case invalidSerialization(String)

    public var description: String {
        switch self {
        case .openSSL(let text): "OpenSSL: \(text)"
        case .invalidSerialization(let text): "invalid serialized signing authority: \(text)"
        }
    }
}
