/// Compiles the test-entitlement mark's face into ItineraryRender: runs scripts/mark-face.py over
/// the pinned Fonts/Inter-Medium.ttf, producing `MarkFace+Bytes.swift` (a subset, base64, with
/// its SHA-256). No font file read at run time can change how the mark looks.
import Foundation
import PackagePlugin

@main
struct MarkFacePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appending(path: "scripts/mark-face.py")
        let fonts = root.appending(path: "Fonts")
        let output = context.pluginWorkDirectoryURL.appending(path: "MarkFace+Bytes.swift")
        // Debian's Python: fontTools comes from python3-fonttools (scripts/install-deps.sh).
        return [
            .buildCommand(
                displayName: "Compiling the test-entitlement mark's face (Fonts/Inter-Medium.ttf)",
                executable: URL(fileURLWithPath: "/usr/bin/python3"),
                arguments: ["-I", script.path, fonts.path, output.path],
                inputFiles: [script, fonts.appending(path: "Inter-Medium.ttf"), fonts.appending(path: "fonts.lock")],
                outputFiles: [output])
        ]
    }
}
