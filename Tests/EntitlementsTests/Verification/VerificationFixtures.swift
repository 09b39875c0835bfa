/// Shared by the verification and local-testing tests: where Apple's vectors live, payload builders,
/// and a way to run python3.
import Foundation
@testable import Entitlements

enum VerificationFixtures {
    /// The directory holding Package.swift, found by walking up from this file.
    static let packageRoot: URL? = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    /// `../shared/conformance/app-store-server-library` beside the package, when it exists
    /// (it does not in a user's fresh clone: those tests are then skipped).
    static let appleVectors: URL? = {
        guard let root = packageRoot else { return nil }
        let dir = root.deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/app-store-server-library").standardizedFileURL
        return FileManager.default.fileExists(atPath: dir.appendingPathComponent("certs/testCA.der").path) ? dir : nil
    }()

    static var appleVectorsAvailable: Bool { appleVectors != nil }

    /// The text of one vector, e.g. "mock_signed_data/transactionInfo".
    static func appleVector(_ relativePath: String) throws -> String {
        guard let dir = appleVectors else { throw CocoaError(.fileNoSuchFile) }
        let text = try String(contentsOf: dir.appendingPathComponent(relativePath), encoding: .utf8)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Apple's test root, the only root their vectors chain to.
    static func appleTestRoot() throws -> Data {
        guard let dir = appleVectors else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: dir.appendingPathComponent("certs/testCA.der"))
    }

    /// The payload of a compact JWS as a JSON object, read without verifying anything.
    static func unverifiedPayload(_ jws: String) -> [String: Any] {
        let segments = jws.split(separator: ".")
        guard segments.count == 3, let data = JWSBase64.decode(segments[1], alphabet: .url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// A JSON object as bytes, keys sorted.
    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// Milliseconds since 1970, as App Store payloads write dates.
    static func milliseconds(_ date: Date) -> Double {
        (date.timeIntervalSince1970 * 1000).rounded()
    }

    /// A plausible signed transaction payload.
    static func transaction(
        bundleId: String = "com.example.itinerary", environment: String = "Sandbox",
        signedAt: Date?, productId: String = "pro.yearly"
    ) -> Data {
        var object: [String: Any] = [
            "bundleId": bundleId, "environment": environment, "productId": productId,
            "transactionId": "2000000123456789", "originalTransactionId": "2000000123456789",
            "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED", "quantity": 1,
        ]
        if let signedAt {
            object["signedDate"] = milliseconds(signedAt)
            object["purchaseDate"] = milliseconds(signedAt)
            object["expiresDate"] = milliseconds(signedAt.addingTimeInterval(365 * 86_400))
        }
        return json(object)
    }
}

/// Runs programs for the cross-implementation tests.
enum ExternalProcess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs `arguments` through /usr/bin/env (so PATH finds python3), feeding `stdin`.
    static func run(_ arguments: [String], stdin: Data = Data()) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Drain stderr on another thread so a chatty child cannot block on a full pipe.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        input.fileHandleForWriting.write(stdin)
        try? input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: outData,
            stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    /// Whether `python3` runs and can import `cryptography`.
    static let pythonCryptographyAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/env"),
            let result = try? run(["python3", "-c", "import cryptography"])
        else { return false }
        return result.status == 0
    }()

    private final class DataBox: @unchecked Sendable {
        var data = Data()  // written by one thread, read after group.wait()
    }
}
