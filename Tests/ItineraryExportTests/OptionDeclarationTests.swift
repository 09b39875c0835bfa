/// Options are declared once, typed, in one `OptionDeclarations` per command, and read through
/// key paths into it: reading an option the command does not declare does not compile. What
/// the compiler cannot see is checked here, for every command: each declaration is one the
/// parser lists, and no two share a name.
@testable import ExportItineraryCLI
import ItineraryBatch
import Testing

@Suite("Option declarations")
struct OptionDeclarationTests {
    @Test("every command: each stored declaration is an option or a group the parser lists, names are unique")
    func everyCommand() {
        for command in CommandTable.all {
            let names = command.options.map(\.name)
            #expect(command.declarations.strayProperties.isEmpty, "\(command.displayName)")
            #expect(Set(names).count == names.count, "\(command.displayName): \(names)")
            #expect(names.allSatisfy { $0.hasPrefix("--") && !$0.contains("=") }, "\(names)")
            #expect(command.options == command.declarations.specs)
        }
        #expect(Options.Batch().specs.map(\.name).suffix(3) == ["--quiet", "--store", "--catalog"])
    }

    /// A declaration the parser would not list (here an optional one) is found.
    @Test func aStrayPropertyIsNamed() {
        struct Odd: OptionDeclarations {
            let quiet = Flag.quiet
            let maybe: Flag? = nil
            let gate = GateDeclarations()
        }
        #expect(Odd().strayProperties == ["maybe"])
        #expect(Odd().specs.map(\.name) == ["--quiet", "--store", "--catalog"])
    }

    /// The types the commands declare are found by casts to them; an option of another type,
    /// or a group other than the gate's, by the casts to the protocols, in its place.
    @Test func optionsOfOtherTypesAreListed() {
        struct Inner: OptionDeclarations {
            let level: Option<UInt8> = Option("--level", "N", "a level", mustBe: "a small number") { UInt8($0) }
        }
        struct Mixed: OptionDeclarations {
            let quiet = Flag.quiet
            let inner = Inner()
            let on: Option<Bool> = Option("--on", "BOOL", "on or off", mustBe: "true or false") { Bool($0) }
            let gate = GateDeclarations()
        }
        #expect(Mixed().strayProperties.isEmpty)
        #expect(Mixed().specs.map(\.name) == ["--quiet", "--level", "--on", "--store", "--catalog"])
    }

    @Test("values come back typed, parsed and range-checked as declared")
    func typedValues() throws {
        let declarations = Options.Batch()
        let args = [
            "trips", "--jobs=4", "--job-timeout", "30", "--stop-grace", "0.5", "--shard", "1/4", "--paper", "A4",
            "--resume", "--store", "s",
        ]
        let given = try GivenOptions.parse(args, options: declarations.specs, command: "batch")
        let o = ParsedOptions(declarations: declarations, given: given)
        #expect(try o.value(\.jobs) == 4)
        #expect(try o.value(\.jobTimeout) == 30)
        #expect(try o.value(\.stopGrace) == 0.5)
        #expect(try o.value(\.shard) == .fixed(Shard(index: 1, count: 4)))
        #expect(try o.value(\.paper) == "a4")
        #expect(try o.value(\.retries) == nil)
        #expect(o.flag(\.resume) && !o.flag(\.quiet))
        #expect(try o.gate == GateOptions(store: "s"))
        #expect(o.positional == ["trips"])
        let purchase = Options.Purchase()
        let expiring = ParsedOptions(
            declarations: purchase,
            given: try GivenOptions.parse(["--expires-in", "-2h"], options: purchase.specs, command: "x"))
        #expect(try expiring.value(\.expiresIn) == -7200)
    }
}
