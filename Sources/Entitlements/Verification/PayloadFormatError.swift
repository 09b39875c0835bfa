/// Why the JSON of signed data could not be read into its model.
import StrictJSON

/// A JWS header or payload that is not the JSON its model needs: where, and what was wrong.
/// The verifier reports it as `VerificationFailure.invalidFormat`.
struct PayloadFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field at fault; the root for the document as a whole.
    let path: JSONPath
    /// Lower-case, says what was wrong: `expected a string, found a number`.
    let message: String

    /// `path: message`, or the message alone at the root.
    var description: String { path.text.isEmpty ? message : "\(path): \(message)" }
}
