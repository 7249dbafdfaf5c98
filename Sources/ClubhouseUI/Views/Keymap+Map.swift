import Terminal

extension Keymap {
    /// The same bindings speaking a parent's action type.
    public func mapActions<Parent>(_ transform: (Action) -> Parent) -> Keymap<Parent> {
        Keymap<Parent>(bindings.map { b in
            var m = KeyBinding<Parent>(b.keys, transform(b.action), label: b.label, group: b.group)
            m.disabledReason = b.disabledReason
            m.hint = b.hint
            m.operation = b.operation
            return m
        })
    }
}
