/// Options are read by name: reading one the command does not declare stops the program
/// (a typo would otherwise read as never given).
@testable import ExportItineraryCLI
import Testing

@Suite("Undeclared options")
struct UndeclaredOptionTests {
    @Test("a declared option reads; an undeclared name stops the process")
    func undeclared() async throws {
        let o = try ParsedOptions.parse(["trip.json", "out.pdf", "--template", "compact"], spec: CommandTable.export)
        #expect(o.value("--template") == "compact")
        #expect(o.value("--paper") == nil)
        await #expect(processExitsWith: .failure) {
            let o = try ParsedOptions.parse(["trip.json", "out.pdf"], spec: CommandTable.export)
            _ = o.value("--tempalte")
        }
    }
}
