/// A command's options, declared once as the stored properties of one type (`Options.Batch`):
/// the parser and `--help` list them from it, and the command reads them through key paths into
/// it, so reading an option the command does not declare does not compile.
protocol OptionDeclarations: Sendable {}

extension OptionDeclarations {
    /// Every option declared, in the order written (a group, such as `GateDeclarations`, in its
    /// place).
    var specs: [OptionSpec] {
        Mirror(reflecting: self).children.flatMap { child -> [OptionSpec] in
            if let spec = declaredSpec(child.value) { return [spec] }
            if let group = child.value as? GateDeclarations { return group.specs }
            if let option = child.value as? any DeclaredOption { return [option.spec] }
            if let group = child.value as? any OptionDeclarations { return group.specs }
            return []
        }
    }

    /// The stored properties that are neither options nor groups: none, unless one was declared
    /// in a way the parser cannot see (a test checks every command).
    var strayProperties: [String] {
        Mirror(reflecting: self).children.flatMap { child -> [String] in
            if child.value is any DeclaredOption { return [] }
            if let group = child.value as? any OptionDeclarations { return group.strayProperties }
            return [child.label ?? "?"]
        }
    }
}

/// The spec of an option of a type the commands declare, by casts to those types. A cast to a
/// protocol (`any DeclaredOption`) has Swift's runtime search every conformance in the program
/// the first time it meets a type: about 0.3 M instructions each, for every command's start.
/// An option of another type is still found, by that cast (`specs`).
private func declaredSpec(_ value: Any) -> OptionSpec? {
    switch value {
    case let option as Option<String>: option.spec
    case let option as Option<Int>: option.spec
    case let option as Option<Double>: option.spec
    case let flag as Flag: flag.spec
    default: nil
    }
}

/// `--store DIR` and `--catalog FILE`: where the Pro gate's store and catalog are. Every command
/// that touches the gate takes them.
struct GateDeclarations: OptionDeclarations {
    let store: Option<String> = .text(
        "--store", "DIR",
        "the entitlement store (default: $EXPORT_ITINERARY_HOME, else\n$XDG_DATA_HOME/export-itinerary, else ~/.local/share/export-itinerary)"
    )
    let catalog: Option<String> = .text(
        "--catalog", "FILE", "the StoreKit configuration (default: StoreKit/SportsTime.storekit)")
}

/// The options of a command that touches the gate.
protocol GatedDeclarations: OptionDeclarations {
    var gate: GateDeclarations { get }
}

/// Where the entitlement store and the product catalog are: `--store DIR`, `--catalog FILE`.
struct GateOptions: Equatable {
    var store: String?
    var catalog: String?

    init(store: String? = nil, catalog: String? = nil) {
        self.store = store
        self.catalog = catalog
    }
}
