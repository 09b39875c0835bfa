/// The compact-JWS shape rules, base64 codecs and failure wording, with no certificates involved.
import Foundation
import Testing
@testable import Entitlements

@Suite("JWS parsing and base64")
struct JWSParsingTests {
    @Test func base64RoundTripsEveryLength() {
        for length in 0..<70 {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            for alphabet in [JWSBase64.Alphabet.url, .standard] {
                let text = JWSBase64.encode(data, alphabet: alphabet)
                #expect(JWSBase64.decode(text, alphabet: alphabet) == data)
                // Foundation agrees on the standard alphabet.
                if alphabet == .standard { #expect(text == data.base64EncodedString()) }
            }
            let url = JWSBase64.encode(data, alphabet: .url)
            #expect(!url.contains("="))
            let padded = url + String(repeating: "=", count: (4 - url.count % 4) % 4)
            #expect(JWSBase64.decode(padded, alphabet: .url) == data)
        }
    }

    @Test(arguments: ["ab+c", "ab/c", "ab c", "ab\nc", "a=bc", "abc==", "abcde", "ab=", "ab===", "QR", "QUJ"])
    func base64urlRejects(_ text: String) {
        // Foreign characters, misplaced or excess padding, an impossible length, stray low bits.
        #expect(JWSBase64.decode(text, alphabet: .url) == nil)
    }

    @Test func standardAlphabetRejectsURLCharacters() {
        #expect(JWSBase64.decode("ab-c", alphabet: .standard) == nil)
        #expect(JWSBase64.decode("ab_c", alphabet: .standard) == nil)
        #expect(JWSBase64.decode("ab+/", alphabet: .standard) != nil)
    }

    static func segment(_ json: String) -> String { JWSBase64.encode(Data(json.utf8), alphabet: .url) }
    static let payload = segment("{\"bundleId\":\"com.example\"}")
    static let signature = JWSBase64.encode(Data(repeating: 1, count: 64), alphabet: .url)

    @Test(arguments: [
        "",
        "abc",
        "a.b",
        "a.b.c.d",
        "..",
        segment("{\"alg\":\"ES256\",\"x5c\":[]}") + "." + payload + ".",
        segment("not json") + "." + payload + "." + signature,
        segment("[1,2]") + "." + payload + "." + signature,
        segment("{\"alg\":\"RS256\",\"x5c\":[\"AA==\",\"AA==\",\"AA==\"]}") + "." + payload + "." + signature,
        segment("{\"alg\":\"none\",\"x5c\":[]}") + "." + payload + "." + signature,
        segment("{\"x5c\":[\"AA==\"]}") + "." + payload + "." + signature,
        segment("{\"alg\":\"ES256\",\"x5c\":\"AA==\"}") + "." + payload + "." + signature,
        segment("{\"alg\":\"ES256\",\"x5c\":[1,2,3]}") + "." + payload + "." + signature,
        segment("{\"alg\":\"ES256\"}") + "." + payload + "." + signature,
        segment("{\"alg\":\"ES256\",\"x5c\":[]}") + "." + "%%%" + "." + signature,
        segment("{\"alg\":\"ES256\",\"x5c\":[]}") + "." + segment("[\"not an object\"]") + "." + signature,
        segment("{\"alg\":\"ES256\",\"x5c\":[]}") + "." + segment("{\"bundleId\":42}") + "." + signature,
    ])
    func malformedIsInvalidFormat(_ jws: String) {
        let verifier = SignedDataVerifier(trustedRoots: [], bundleId: "com.example", environments: [.sandbox])
        let failure = #expect(throws: VerificationFailure.self) { try verifier.verifyTransaction(jws) }
        #expect(failure?.reason == "invalid format", "\(failure?.description ?? "no failure")")
    }

    @Test func wrongCertificateCountIsInvalidChainLength() {
        let verifier = SignedDataVerifier(trustedRoots: [], bundleId: "com.example", environments: [.sandbox])
        for count in [0, 1, 2, 4] {
            let header =
                "{\"alg\":\"ES256\",\"x5c\":[" + Array(repeating: "\"AA==\"", count: count).joined(separator: ",")
                + "]}"
            let jws =
                Self.segment(header) + "." + Self.segment("{\"bundleId\":\"com.example\",\"environment\":\"Sandbox\"}")
                + "." + Self.signature
            #expect(throws: VerificationFailure.invalidChainLength) { try verifier.verifyTransaction(jws) }
        }
    }

    @Test func garbageCertificatesAreInvalidCertificate() {
        let verifier = SignedDataVerifier(trustedRoots: [], bundleId: "com.example", environments: [.sandbox])
        let header = "{\"alg\":\"ES256\",\"x5c\":[\"AAAA\",\"AAAA\",\"AAAA\"]}"
        let jws = Self.segment(header) + "." + Self.payload + "." + Self.signature
        let failure = #expect(throws: VerificationFailure.self) { try verifier.verifyTransaction(jws) }
        #expect(failure?.reason == "invalid certificate")
        let notBase64 =
            Self.segment("{\"alg\":\"ES256\",\"x5c\":[\"A-A_\",\"AAAA\",\"AAAA\"]}") + "." + Self.payload + "."
            + Self.signature
        #expect(
            (#expect(throws: VerificationFailure.self) { try verifier.verifyTransaction(notBase64) })?.reason
                == "invalid format")
    }

    @Test func reasonsAreStableWords() {
        let all: [(VerificationFailure, String)] = [
            (.invalidFormat("x"), "invalid format"), (.invalidCertificate("x"), "invalid certificate"),
            (.invalidChain("x"), "invalid chain"), (.invalidChainLength, "invalid chain length"),
            (.badSignature, "bad signature"), (.wrongApp(expected: "a", got: nil), "wrong app"),
            (.wrongEnvironment(expected: ["Production"], got: "Sandbox"), "wrong environment"),
        ]
        for (failure, reason) in all {
            #expect(failure.reason == reason)
            #expect(failure.description.hasPrefix(reason))
            #expect(!failure.description.contains("\n"))
        }
        #expect(
            VerificationFailure.invalidChain("line one\nline two").description == "invalid chain: line one line two")
        #expect(
            VerificationFailure.wrongApp(expected: "a", got: nil).description
                == "wrong app: expected bundle id a, got none")
    }

    @Test func certificatesParseRejectsGarbage() {
        for garbage in [
            Data(), Data("hello".utf8), Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8),
            Data("-----BEGIN CERTIFICATE-----\n".utf8),
            Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8),
        ] {
            #expect(throws: VerificationFailure.self) { try Certificates.parse(garbage) }
        }
        #expect(Certificates.subjectSummary(Data("nope".utf8)) == "(unparsable certificate)")
    }

    @Test func fingerprintIsUpperHexSHA256() {
        // SHA-256("abc"), FIPS 180-2.
        #expect(
            Certificates.sha256Fingerprint(Data("abc".utf8))
                == "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD")
    }
}
