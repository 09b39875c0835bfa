/// Everything that can stop an export, each mapped to one documented exit code.
import ItineraryLayout
import ItineraryModel
import ItineraryText

public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The input could not be read at all (missing, a directory, permission denied).
    case unreadableInput(path: String, reason: String)
    /// The input is not a valid trip.
    case invalidTrip(path: String, TripLoadError)
    /// The template could not be found, read or used.
    case template(String)
    /// The bundled fonts are missing or broken.
    case fonts(FontSetError)
    /// The output could not be written; nothing was left at its path.
    case output(OutputError)
    /// Cairo failed.
    case render(String)

    public var description: String {
        switch self {
        case let .unreadableInput(path, reason): return "cannot read \(path): \(reason)"
        case let .invalidTrip(path, error): return "\(path): \(error)"
        case let .template(message): return "template: \(message)"
        case let .fonts(error): return error.description
        case let .output(error): return error.description
        case let .render(message): return "rendering failed: \(message)"
        }
    }

    /// The process exit code the command line uses for this error (see README).
    public var exitCode: Int32 {
        switch self {
        case .invalidTrip: return ExitCode.invalidTrip
        case .output: return ExitCode.outputFailed
        case .unreadableInput, .template, .fonts, .render: return ExitCode.failure
        }
    }
}

/// The exit codes of `export-itinerary`, documented in the README.
public enum ExitCode {
    public static let ok: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
    /// Reserved for the Pro gate: the user is not Pro.
    public static let proRequired: Int32 = 3
    public static let invalidTrip: Int32 = 4
    /// Reserved for the Pro gate: the entitlement store is unreadable or corrupt.
    public static let entitlementStore: Int32 = 5
    public static let outputFailed: Int32 = 6
}
