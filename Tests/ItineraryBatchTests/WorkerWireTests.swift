/// The worker protocol's lines: what the encoder writes, the strict reader reads back.
import Foundation
@testable import ItineraryBatch
import StrictJSON
import Testing

@Suite("Worker protocol lines")
struct WorkerWireTests {
    private let request = WorkerRequest(
        id: 7, trip: "/t/a \"b\".json", out: "/o/a.pdf", written: "a.pdf", templateName: nil, templateFile: "/t/x.json",
        paper: "a4", epoch: 1_700_000_000)
    private let reply = WorkerReply(
        kind: .result, id: 7, ok: false, exit: 4, reason: "invalid trip", errors: ["days[0]: line\nbreak"],
        warnings: [], pages: 3, bytes: 1024, milliseconds: 12.5, tripSHA256: "ab", templateSHA256: "cd", diskFull: true,
        remedy: .restorePurchases)

    /// The keys a line can hold: every property set, so the encoder writes every key it ever writes.
    private func keys(_ line: Data) throws -> Set<String> {
        guard case let .object(members) = try JSONParser.parse(line.dropLast()) else { return [] }
        return Set(members.map(\.key))
    }

    @Test("a request and a reply with every field read back equal, and every key written is one the reader takes")
    func roundTrip() throws {
        let requestLine = WorkerWire.encode(request)
        #expect(WorkerWire.decode(WorkerRequest.self, requestLine) == request)
        #expect(try keys(requestLine) == Set(WorkerRequest.wireKeys).subtracting(["templateName"]))
        let replyLine = WorkerWire.encode(reply)
        #expect(WorkerWire.decode(WorkerReply.self, replyLine) == reply)
        #expect(try keys(replyLine) == Set(WorkerReply.wireKeys))
        #expect(WorkerWire.decode(WorkerReply.self, WorkerWire.encode(WorkerReply.ready())) == WorkerReply.ready())
    }

    @Test(
        "a line with a key written twice, an unknown key, a wrong kind or an unknown reply kind is no message",
        arguments: [
            #"{"kind": "ready", "kind": "fatal"}"#,
            #"{"kind": "ready", "extra": 1}"#,
            #"{"kind": "result", "id": "7"}"#,
            #"{"kind": "done"}"#,
            #"{"kind": "result", "exit": 4294967296}"#,
            #"["ready"]"#,
        ])
    func refused(line: String) {
        #expect(WorkerWire.decode(WorkerReply.self, Data(line.utf8)) == nil)
    }
}
