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
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

#endif

public enum FuzzEntry {
    #if FUZZING
    /// libFuzzer's driver over `callback` (which must return 0), with this process's arguments.
    public static func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Int32 {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }
    #endif

    /// Runs `body` on every file named on the command line; returns the exit code.
    public static func replay(_ body: (Data) -> Void) -> Int32 {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE... (or build with make fuzz)\n".utf8))
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
