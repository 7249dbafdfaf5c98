/// What a key means in a keymap.
public enum KeyLookup<Action> {
    /// The key triggers `action`.
    case action(Action)
    /// The key is bound but disabled; `reason` tells the user why (show it as a toast).
    case disabled(reason: String)
    /// The key is not bound in this context.
    case unbound
}

extension KeyLookup: Equatable where Action: Equatable {}
extension KeyLookup: Sendable where Action: Sendable {}

/// One section of the help overlay.
public struct HelpGroup: Hashable, Sendable {
    /// The group name.
    public var title: String
    /// Its bindings in order.
    public var entries: [HelpEntry]
    /// Creates a group.
    public init(title: String, entries: [HelpEntry]) { self.title = title; self.entries = entries }
}

/// One line of the help overlay.
public struct HelpEntry: Hashable, Sendable {
    /// Keys as shown ("j/↓").
    public var keys: String
    /// What they do.
    public var label: String
    /// Why the binding is unavailable, if it is.
    public var disabledReason: String?
    /// Creates an entry.
    public init(keys: String, label: String, disabledReason: String? = nil) {
        self.keys = keys; self.label = label; self.disabledReason = disabledReason
    }
}

/// The key bindings of one context (a page, the board, an overlay). One table drives dispatch, the
/// footer and the `?` overlay. Earlier bindings win when two share a key.
public struct Keymap<Action> {
    /// Bindings in display and priority order.
    public var bindings: [KeyBinding<Action>]

    /// Creates a keymap from bindings in display order.
    public init(_ bindings: [KeyBinding<Action>]) { self.bindings = bindings }

    /// What `key` does here.
    public func lookup(_ key: Key) -> KeyLookup<Action> {
        guard let b = bindings.first(where: { $0.keys.contains(key) }) else { return .unbound }
        if let reason = b.disabledReason { return .disabled(reason: reason) }
        return .action(b.action)
    }

    /// The action `key` triggers, or nil when unbound or disabled.
    public func action(for key: Key) -> Action? {
        if case .action(let a) = lookup(key) { return a }
        return nil
    }

    /// Footer hints in binding order, duplicates merged.
    public var footerHints: [KeyHint] {
        var seen = Set<KeyHint>(), out: [KeyHint] = []
        for b in bindings { if let h = b.hint, seen.insert(h).inserted { out.append(h) } }
        return out
    }

    /// Help-overlay sections: bindings grouped by `group` in first-appearance order.
    public var helpGroups: [HelpGroup] {
        var order: [String] = [], byGroup: [String: [HelpEntry]] = [:]
        for b in bindings {
            if byGroup[b.group] == nil { order.append(b.group) }
            byGroup[b.group, default: []].append(HelpEntry(keys: b.keysText, label: b.label, disabledReason: b.disabledReason))
        }
        return order.map { HelpGroup(title: $0, entries: byGroup[$0]!) }
    }

    /// Each binding whose league operation `unavailable` gives a reason for (the server doesn't offer it) disabled with
    /// that reason: dimmed in the footer, listed with the reason in help, and the key says it instead of acting.
    public func disabling(operations unavailable: (String) -> String?) -> Keymap<Action> {
        Keymap(bindings.map { b in b.operation.flatMap(unavailable).map { b.disabled($0) } ?? b })
    }

    /// This keymap followed by `other`'s bindings (e.g. page bindings, then global ones).
    public func appending(_ other: Keymap<Action>) -> Keymap<Action> { Keymap(bindings + other.bindings) }
}

extension Keymap: Sendable where Action: Sendable {}
