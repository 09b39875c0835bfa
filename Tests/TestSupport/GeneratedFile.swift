/// Files the program writes from its own declarations (the trip schema, the template key
/// reference, a saved cairo output), held by tests and rewritten on request.
import Foundation

public enum GeneratedFile {
    /// With `variable` set to 1 in the environment, writes `expected` to `url` when the file
    /// differs from it, and says so (true): the test that asked then fails all the same, so a
    /// run that records is followed by one that checks, as with the golden pages.
    public static func update(_ expected: Data, at url: URL, variable: String) throws -> Bool {
        guard ProcessInfo.processInfo.environment[variable] == "1" else { return false }
        if (try? Data(contentsOf: url)) == expected { return false }
        try expected.write(to: url, options: .atomic)
        return true
    }
}
