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

    /// Creates a binding; `footer: true` puts "keys label" in the footer, `footerKeys` overrides the
    /// key text there (e.g. "j/k" for a move pair). `enabledWhen: false` disables it with `disabledReason`.
    public init(_ keys: [Key], _ action: Action, label: String, group: String = "General",
                footer: Bool = false, footerKeys: String? = nil,
                enabledWhen enabled: Bool = true, disabledReason: String? = nil) {
        self.keys = keys; self.action = action; self.label = label; self.group = group
        self.disabledReason = enabled ? nil : (disabledReason ?? "unavailable")
        self.hint = footer ? KeyHint(keys: footerKeys ?? KeyBinding.keysText(keys), label: label, enabled: enabled) : nil
    }

    /// True when the binding can fire.
    public var isEnabled: Bool { disabledReason == nil }

    /// The keys as shown to people: "j/↓".
    public var keysText: String { KeyBinding.keysText(keys) }

    static func keysText(_ keys: [Key]) -> String { keys.map(\.label).joined(separator: "/") }
}

extension KeyBinding: Sendable where Action: Sendable {}
extension KeyBinding: Equatable where Action: Equatable {}
