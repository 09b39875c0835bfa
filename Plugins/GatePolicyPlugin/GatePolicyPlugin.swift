/// Compiles the gate policy into the build: runs gate-policy-generator over
/// Config/gate-policy.json and the catalog it names, producing `GatePolicy.build`.
import Foundation
import PackagePlugin

@main
struct GatePolicyPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let config = root.appending(path: "Config/gate-policy.json")
        // The catalog the config names is an input too (the generator checks the config fully).
        let named =
            (try? JSONSerialization.jsonObject(with: Data(contentsOf: config)) as? [String: Any])?["catalog"] as? String
        let catalog = root.appending(path: named ?? "StoreKit/SportsTime.storekit")
        let output = context.pluginWorkDirectoryURL.appending(path: "GatePolicy+Build.swift")
        return [
            .buildCommand(
                displayName: "Compiling the gate policy (Config/gate-policy.json)",
                executable: try context.tool(named: "gate-policy-generator").url,
                arguments: [config.path, root.path, output.path],
                inputFiles: [config, catalog], outputFiles: [output])
        ]
    }
}
