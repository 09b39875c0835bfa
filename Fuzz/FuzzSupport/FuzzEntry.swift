/// Shared by the fuzz targets: one input at a time, from libFuzzer or from files.
///
/// Built with `-sanitize=fuzzer -D FUZZING` (`make fuzz`), each target is a libFuzzer binary: its
/// `main` hands libFuzzer's driver the function to call per input (SwiftPM names an executable's
/// `main` itself, so libFuzzer's own `main` is not used). Built normally (`swift build`), it is a
/// replay tool: `fuzz-trip FILE...` runs each file once, so a crash a fuzzer found stays a
/// one-line reproduction.
import Foundation

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// libFuzzer's archive refers to this name; the driver is handed it too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzEntry.target?(data.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
#endif

public enum FuzzEntry {
    /// The function under test, set by `main`.
    nonisolated(unsafe) static var target: ((Data) -> Void)?

    /// A fuzz target's whole `main`: libFuzzer's driver over `body` in a fuzzing build, else a
    /// replay of the files named on the command line. Returns the exit code.
    public static func main(_ body: @escaping (Data) -> Void) -> Int32 {
        #if FUZZING
        target = body
        // Lazy globals and one-time runtime caches are made before the first input.
        body(Data())
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzerTestOneInput(data, count) }
        #else
        return replay(body)
        #endif
    }

    /// Runs `body` on every file named on the command line; returns the exit code.
    static func replay(_ body: (Data) -> Void) -> Int32 {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(
                Data("usage: \(CommandLine.arguments[0]) FILE... (or build with make fuzz)\n".utf8))
            return 2
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                return 1
            }
            body(data)
        }
        return 0
    }
}
