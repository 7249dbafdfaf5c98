import Terminal

extension Keymap {
    /// The same bindings speaking a parent's action type.
    public func mapActions<Parent>(_ transform: (Action) -> Parent) -> Keymap<Parent> {
        Keymap<Parent>(bindings.map { $0.map(transform) })
    }
}

extension KeyBinding {
    /// The same binding speaking a parent's action type.
    public func map<Parent>(_ transform: (Action) -> Parent) -> KeyBinding<Parent> {
        var m = KeyBinding<Parent>(keys, transform(action), label: label, group: group)
        m.disabledReason = disabledReason
        m.hint = hint
        m.operation = operation
        return m
    }
}
