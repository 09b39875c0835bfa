/// Everything that can stop an export, each mapped to one documented exit code.
import Entitlements
import ItineraryLayout
import ItineraryModel
import ItineraryRender
import ItineraryText
import StrictJSON

/// Why an export stopped, one case per cause; `exitCode` gives each its documented exit code, and
/// `remedy` the way out of an entitlement error for the host to word.
public enum ExportError: Error, Sendable, CustomStringConvertible, RemedyCarrying {
    /// The user is not Pro: nothing was read, loaded or written. Carries the catalog whose plans
    /// the host shows as its paywall.
    case proRequired(StoreKitCatalog)
    /// The entitlement store is unreadable or corrupt (never taken as Pro).
    case entitlementStore(StoreError)
    /// The product catalog could not be loaded.
    case catalog(String)
    /// The input could not be read at all (missing, a directory, permission denied).
    case unreadableInput(path: String, reason: String)
    /// The input is not a valid trip.
    case invalidTrip(path: String, TripLoadError)
    /// The template could not be found, read or used.
    case template(String)
    /// The paper asked for is not one of the template's (`Template.paperProblem`): a usage error.
    case paper(String)
    /// The bundled fonts are missing or broken.
    case fonts(FontSetError)
    /// The output could not be written; nothing was left at its path.
    case output(OutputError)
    /// Cairo failed.
    case render(String)
    /// A PNG preview of a page the document does not have.
    case pageOutOfRange(page: Int, pages: Int)
    /// A PNG preview whose page, at the dpi asked for, has more pixels than
    /// `PNGRenderer.maximumPixels`: the page's size in points and the largest dpi that works.
    case imageTooLarge(page: Int, width: Double, height: Double, dpi: Double, largestDPI: Int)
    /// The output path is the input file: writing would destroy the trip.
    case sameFile(String)
    /// An environment variable the command reads holds something it cannot use.
    case environment(String)

    /// Restore purchases when not Pro; what the store's error says.
    public var remedy: EntitlementRemedy? {
        switch self {
        case .proRequired: .restorePurchases
        case let .entitlementStore(error): error.remedy
        default: nil
        }
    }

    /// One line for the user, without the `export-itinerary: error:` prefix.
    public var description: String {
        switch self {
        case .proRequired:
            return "PDF export is a Pro feature and no current Pro entitlement was found; nothing was exported"
        case let .entitlementStore(error): return error.description
        case let .catalog(message): return "catalog: \(message)"
        case let .unreadableInput(path, reason): return "cannot read \(MessageText.path(path)): \(reason)"
        case let .invalidTrip(path, error): return "\(MessageText.path(path)): \(error)"
        case let .template(message): return "template: \(message)"
        case let .paper(problem): return "--paper: \(problem)"
        case let .fonts(error): return error.description
        case let .output(error): return error.description
        case let .render(message): return "rendering failed: \(message)"
        case let .pageOutOfRange(page, pages):
            return "--page \(page): the document has \(pages) page\(pages == 1 ? "" : "s")"
        case let .imageTooLarge(page, width, height, dpi, largest):
            let pixels = PNGRenderer.pixels(width: width, height: height, scale: dpi / 72)
            return
                "--dpi \(Self.number(dpi)): page \(page) is \(Self.number(width)) × \(Self.number(height)) pt, \(Int(pixels.width)) × \(Int(pixels.height)) pixels at that resolution, more than the \(PNGRenderer.maximumPixels / 1_000_000) million pixels (and \(PNGRenderer.maximumSide) a side) a preview may have; give --dpi \(largest) or less"
        case let .sameFile(path):
            return "the output \(MessageText.path(path)) is the input file: refusing to overwrite the trip"
        case let .environment(message): return message
        }
    }

    /// `612`, `595.5`: a number as a user wrote it, without a trailing `.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The process exit code the command line uses for this error (see README).
    public var exitCode: Int32 {
        switch self {
        case .proRequired: return ExitCode.proRequired
        // The file-size limit too: the store cannot be used, whatever keeps SQLite from writing.
        case .entitlementStore: return ExitCode.entitlementStore
        case .catalog: return ExitCode.failure
        case .invalidTrip: return ExitCode.invalidTrip
        case .output: return ExitCode.outputFailed
        case .pageOutOfRange, .imageTooLarge, .sameFile, .environment, .paper: return ExitCode.usage
        case .unreadableInput, .template, .fonts, .render: return ExitCode.failure
        }
    }
}

/// The exit codes of `export-itinerary`, documented in the README.
public enum ExitCode {
    /// Done: every file written.
    public static let ok: Int32 = 0
    /// Anything else: unreadable input, missing fonts, an unknown or invalid template, a
    /// rendering failure.
    public static let failure: Int32 = 1
    /// The command line is wrong: an unknown option or command, a missing argument, a paper the
    /// template does not have.
    public static let usage: Int32 = 2
    /// The user is not Pro: the paywall was shown, nothing was written.
    public static let proRequired: Int32 = 3
    /// The trip is not JSON, is over 8 MiB, or breaks a rule of the format.
    public static let invalidTrip: Int32 = 4
    /// The entitlement store is unreadable or corrupt.
    public static let entitlementStore: Int32 = 5
    /// The output could not be written (a missing or read-only directory, no space); nothing
    /// was half-written.
    public static let outputFailed: Int32 = 6
    /// A batch finished and some of its jobs failed (or, merging reports, some are missing).
    public static let someJobsFailed: Int32 = 7
    /// A batch was stopped by SIGINT or SIGTERM (128 + SIGINT, as shells report it).
    public static let interrupted: Int32 = 130
}
