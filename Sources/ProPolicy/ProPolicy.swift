/// The release build's gate policy. `GatePolicy.build` is generated at build time (the
/// GatePolicyPlugin build-tool plugin runs gate-policy-generator over `Config/gate-policy.json`
/// and the catalog it names), so it is compiled into the binary: nothing read at run time changes it.
import Entitlements
