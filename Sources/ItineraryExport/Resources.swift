/// Where the bundled templates and fonts are found at run time.
import Foundation

/// Finds the directories the program ships with (`Fonts/`, `Templates/`, `StoreKit/`) from where its
/// executable is, so it runs from a build tree or an install prefix; an environment variable wins.
public enum Resources {
    /// The first existing `relative` directory beside or above the executable (a build tree,
    /// or an install prefix's `share/export-itinerary/`), else under the working directory.
    public static func directory(
        _ relative: String, marker: String, environmentKey: String,
        environment: [String: String]
    ) -> String {
        if let dir = environment[environmentKey], !dir.isEmpty { return dir }
        let exe = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in [relative, "share/export-itinerary/" + relative] {
                let url = dir.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path) { return url.path }
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return FileManager.default.currentDirectoryPath + "/" + relative
    }
}

extension Resources {
    /// This program's file: `/proc/self/exe` on Linux, so a command found through `PATH` (whose
    /// argv[0] is a bare name) still finds its install; argv[0] where there is no /proc.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
            ?? "."
    }

    /// `Fonts/` as the exporter finds it (or `$EXPORT_ITINERARY_FONTS`).
    public static func fontsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory("Fonts", marker: "fonts.lock", environmentKey: "EXPORT_ITINERARY_FONTS", environment: environment)
    }

    /// `Templates/` as the exporter finds it (or `$EXPORT_ITINERARY_TEMPLATES`).
    public static func templatesDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String
    {
        directory(
            "Templates", marker: "classic.json", environmentKey: "EXPORT_ITINERARY_TEMPLATES", environment: environment)
    }
}
