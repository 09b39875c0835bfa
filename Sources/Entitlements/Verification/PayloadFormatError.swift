/// Why the JSON of signed data could not be read into its model.
import StrictJSON

/// A JWS header or payload that is not the JSON its model needs: where, and what was wrong, in
/// the words every JSON reader of the project uses. The verifier reports it as
/// `VerificationFailure.invalidFormat`.
typealias PayloadFormatError = JSONProblem
