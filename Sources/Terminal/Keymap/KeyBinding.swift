/// One row of a keymap: which keys trigger which action, and how it is described to the user.
public struct KeyBinding<Action> {
    /// Keys that trigger the action (first one is the primary).
    public var keys: [Key]
    /// What the keys do.
    public var action: Action
    /// What the action does, in a couple of words ("open", "move down").
    public var label: String
    /// Help-overlay section ("Navigation", "Sheet", "League").
    public var group: String
    /// Why the binding is currently unavailable; nil when enabled. Disabled bindings stay listed.
    public var disabledReason: String?
    /// How the binding appears in the footer; nil keeps it out of the footer (it is still in help).
    public var hint: KeyHint?
    /// The name of the league operation the action calls (an endpoint's name, `Endpoint.name`), when it calls one:
    /// the shell disables the binding, with the reason, when the server doesn't offer that operation
    /// (`Keymap.disabling(operations:)`).
    public var operation: String?

    /// Creates a binding; `footer: true` puts "keys label" in the footer, `footerKeys` overrides the
    /// key text there (e.g. "j/k" for a move pair). `enabledWhen: false` disables it with `disabledReason`.
    public init(_ keys: [Key], _ action: Action, label: String, group: String = "General",
                footer: Bool = false, footerKeys: String? = nil,
                enabledWhen enabled: Bool = true, disabledReason: String? = nil, operation: String? = nil) {
        self.keys = keys; self.action = action; self.label = label; self.group = group; self.operation = operation
        self.disabledReason = enabled ? nil : (disabledReason ?? "unavailable")
        self.hint = footer ? KeyHint(keys: footerKeys ?? KeyBinding.keysText(keys), label: label, enabled: enabled) : nil
    }

    /// The binding disabled for `reason`, dimmed in the footer (a reason it already had gives way).
    public func disabled(_ reason: String) -> KeyBinding {
        var b = self
        b.disabledReason = reason
        b.hint?.enabled = false
        return b
    }

    /// True when the binding can fire.
    public var isEnabled: Bool { disabledReason == nil }

    /// The keys as shown to people: "j/↓".
    public var keysText: String { KeyBinding.keysText(keys) }

    static func keysText(_ keys: [Key]) -> String { keys.map(\.label).joined(separator: "/") }
}

extension KeyBinding: Sendable where Action: Sendable {}
extension KeyBinding: Equatable where Action: Equatable {}
