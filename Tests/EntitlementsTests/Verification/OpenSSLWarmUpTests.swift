import COpenSSL
import Testing

@testable import Entitlements

@Suite("OpenSSL warm-up")
struct OpenSSLWarmUpTests {
    @Test("the warm-up's key is P-256's generator as a public key, and readies an ES256 check")
    func keyDecodesAndReadiesAVerification() {
        // A key OpenSSL refused would leave the warm-up doing nothing, silently.
        #expect(OpenSSLWarmUp.generatorKey.count == 91)
        #expect(OpenSSLWarmUp.warm())
        // Starting it twice starts one thread; a verification after it works as before.
        OpenSSLWarmUp.start()
        OpenSSLWarmUp.start()
        #expect(OpenSSLWarmUp.warm())
    }

    @Test("after the wait the warm-up's thread has ended, its tables built")
    func awaitingWaitsForTheThread() {
        OpenSSLWarmUp.start()
        OpenSSLWarmUp.awaitWarm()
        // Set by the thread just before it ends: nil here would mean the wait returned early.
        #expect(OpenSSLWarmUp.threadWarmed == true)
    }
}
