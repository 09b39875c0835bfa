@_spi(Reflection) import Swift

/// A command's options, declared once as the stored properties of one type (`Options.Batch`):
/// the parser and `--help` list them from it, and the command reads them through key paths into
/// it, so reading an option the command does not declare does not compile.
protocol OptionDeclarations: Sendable {}

extension OptionDeclarations {
    /// Every option declared, in the order written (a group, such as `GateDeclarations`, in its
    /// place).
    var specs: [OptionSpec] {
        var found: [OptionSpec] = []
        forEachField { field in
            if let spec = field.declaredSpec() {
                found.append(spec)
            } else if field.type == GateDeclarations.self {
                found += field.load(GateDeclarations.self).specs
            } else if let option = field.type as? any DeclaredOption.Type {
                found.append(field.load(option).spec)
            } else if let group = field.type as? any OptionDeclarations.Type {
                found += field.load(group).specs
            }
        }
        return found
    }

    /// The stored properties that are neither options nor groups: none, unless one was declared
    /// in a way the parser cannot see (a test checks every command).
    var strayProperties: [String] {
        var stray: [String] = []
        forEachField { field in
            if field.declaredSpec() != nil || field.type == GateDeclarations.self { return }
            if field.type is any DeclaredOption.Type { return }
            if let group = field.type as? any OptionDeclarations.Type {
                stray += field.load(group).strayProperties
            } else {
                stray.append(field.name)
            }
        }
        return stray
    }

    /// Each stored property in declaration order, read from the bytes of `self` at the offset
    /// the type's metadata gives. Not `Mirror`: a mirror asks the runtime whether the type and
    /// each of its values are `CustomReflectable`, and builds its children as type-erased
    /// collections, each a search of every protocol conformance in the program the first time
    /// (about 3 M instructions, a tenth of `entitlements status`).
    /// A class's fields are not walked (its value's bytes are a reference): declarations are
    /// structs, and a class stops the program here rather than declaring no options.
    private func forEachField(_ body: (StoredField) -> Void) {
        withUnsafeBytes(of: self) { bytes in
            let walked = _forEachField(of: Self.self) { name, offset, type, _ in
                body(StoredField(name: String(cString: name), type: type, bytes: bytes, offset: offset))
                return true
            }
            precondition(walked, "\(Self.self): option declarations are a struct's stored properties")
        }
    }
}

/// A stored property of a declarations value, while its bytes are at hand.
private struct StoredField {
    let name: String
    let type: Any.Type
    let bytes: UnsafeRawBufferPointer
    let offset: Int

    /// The value, when it is a `T`.
    func load<T>(_: T.Type) -> T { bytes.load(fromByteOffset: offset, as: T.self) }

    /// The spec of an option of a type the commands declare, found by comparing types. A cast
    /// to a protocol (`any DeclaredOption.Type`) has Swift's runtime search every conformance in
    /// the program the first time it meets a type: about 0.3 M instructions each, for every
    /// command's start. An option of another type is still found, by that cast (`specs`).
    func declaredSpec() -> OptionSpec? {
        if type == Option<String>.self { return load(Option<String>.self).spec }
        if type == Option<Int>.self { return load(Option<Int>.self).spec }
        if type == Option<Double>.self { return load(Option<Double>.self).spec }
        if type == Flag.self { return load(Flag.self).spec }
        return nil
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
