import Foundation
import ClubhouseDomain
import Terminal

/// Sign in, Create account and Complete profile (SPEC 4.4) — one page on the sheet whose mode switches between them.
/// Every key types into the focused field; Tab moves between fields, Enter submits, Esc leaves (cancelling any
/// pending action), ctrl-n switches between Sign in and Create account. Errors show inline, in words.
public enum AuthFeature: PageFeature {
    public enum Field: Hashable, Sendable { case email, password, displayName }

    public struct State: Equatable, Sendable {
        public var mode: AccountPage
        public var email = TextFieldState(maxLength: 254)
        public var password = TextFieldState(masked: true, maxLength: 128)
        public var displayName = TextFieldState(maxLength: 40)
        /// Index into `fields`.
        public var focus = 0
        public var submitting = false
        /// The last failure, in words, shown under the fields.
        public var error: String?
        /// Why the page was opened ("Sign in to finish joining Sunday Funday"), set by the shell.
        public var reason: String?

        public init(mode: AccountPage, reason: String? = nil) { self.mode = mode; self.reason = reason }

        /// The fields this mode asks for, in Tab order.
        public var fields: [Field] {
            switch mode {
            case .signIn: [.email, .password]
            case .createAccount: [.email, .password, .displayName]
            case .completeProfile(let needsName, let needsEmail): (needsName ? [.displayName] : []) + (needsEmail ? [.email] : [])
            }
        }
        public var focusedField: Field? { fields.indices.contains(focus) ? fields[focus] : fields.first }

        func value(_ f: Field) -> TextFieldState {
            switch f { case .email: email; case .password: password; case .displayName: displayName }
        }
        mutating func edit(_ f: Field, _ body: (inout TextFieldState) -> Void) {
            switch f { case .email: body(&email); case .password: body(&password); case .displayName: body(&displayName) }
        }
    }

    public enum Action: Sendable {
        case onAppear
        case key(Key)
        case nextField, previousField
        case submit
        case modeToggled
        case answered(Result<User, PresentableError>)
        case escape
        case list(ListMove)
        case delegate(PageDelegate)
    }

    public static var onAppear: Action { .onAppear }
    public static func list(_ move: ListMove) -> Action { .list(move) }
    public static func delegate(of action: Action) -> PageDelegate? { if case .delegate(let d) = action { d } else { nil } }
    public static func page(_ state: State) -> Page { .account(state.mode) }
    public static func board(_ state: State) -> BoardContext { .featured }
    public static func title(_ state: State) -> String {
        switch state.mode {
        case .signIn: "Sign in"
        case .createAccount: "Create account"
        case .completeProfile: "Complete profile"
        }
    }
    /// Every key types into the form.
    public static func isEditingText(_ state: State) -> Bool { true }
    public static func typed(_ key: Key) -> Action? {
        switch key {
        case .tab, .down: .nextField
        case .backTab, .up: .previousField
        case .enter: .submit
        case .escape: .escape
        case .ctrl("n"): .modeToggled
        default: .key(key)
        }
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .list:
            return .none
        case .key(let key):
            guard !state.submitting, let f = state.focusedField else { return .none }
            state.edit(f) { _ = $0.handle(.key(key)) }
            return .none
        case .nextField:
            state.focus = (state.focus + 1) % max(1, state.fields.count)
            return .none
        case .previousField:
            let n = max(1, state.fields.count)
            state.focus = (state.focus + n - 1) % n
            return .none
        case .modeToggled:
            switch state.mode {
            case .signIn: state.mode = .createAccount
            case .createAccount: state.mode = .signIn
            case .completeProfile: return .none
            }
            state.focus = 0; state.error = nil
            return .none
        case .escape:
            return .send(.delegate(.back))
        case .submit:
            guard !state.submitting else { return .none }
            if let missing = state.fields.first(where: { state.value($0).text.trimmingCharacters(in: .whitespaces).isEmpty }) {
                state.error = emptyMessage(missing)
                state.focus = state.fields.firstIndex(of: missing) ?? 0
                return .none
            }
            state.submitting = true
            state.error = nil
            let api = context.env.api
            let email = state.email.text.trimmingCharacters(in: .whitespaces), password = state.password.text
            let name = state.displayName.text.trimmingCharacters(in: .whitespaces)
            let mode = state.mode
            return .run(id: "auth.submit") {
                do {
                    switch mode {
                    case .signIn: return .answered(.success(try await api.signIn(email: email, password: password).user))
                    case .createAccount:
                        return .answered(.success(try await api.createAccount(email: email, password: password, displayName: name).user))
                    case .completeProfile(let needsName, let needsEmail):
                        return .answered(.success(try await api.updateProfile(displayName: needsName ? name : nil, email: needsEmail ? email : nil)))
                    }
                } catch {
                    return .answered(.failure(PresentableError(message: words(error, mode: mode), canRetry: false)))
                }
            }
        case .answered(.success(let user)):
            state.submitting = false
            state.password.setText("")
            return .send(.delegate(.signedIn(user)))
        case .answered(.failure(let e)):
            state.submitting = false
            state.error = e.message
            return .none
        case .delegate:
            return .none
        }
    }

    static func emptyMessage(_ f: Field) -> String {
        switch f {
        case .email: "Enter your email"
        case .password: "Enter your password"
        case .displayName: "Choose a display name — it's how your league sees you"
        }
    }

    /// The failure in words: a wrong email or password, a rate limit with its wait, a taken email…
    static func words(_ error: any Error, mode: AccountPage) -> String {
        guard let d = error as? DomainError else { return "Something went wrong — try again" }
        switch d {
        case .rateLimited(let s): return "Too many attempts — try again in \(s) s"
        case .validation(_, let m), .conflict(let m), .forbidden(let m): return m
        case .transport: return "Couldn't reach the league server — check the connection and try again"
        case .unauthenticated:
            if case .signIn = mode { return "Email or password is wrong" }
            return "Your session ended — sign in again"
        case .notFound(let what): return "\(what) was not found"
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.enter], .submit, label: submitLabel(state.mode), group: "Account", footer: true, enabledWhen: !state.submitting, disabledReason: "already sending"),
            KeyBinding([.tab], .nextField, label: "next field", group: "Account", footer: state.fields.count > 1),
        ]
        switch state.mode {
        case .signIn: bindings.append(KeyBinding([.ctrl("n")], .modeToggled, label: "create an account", group: "Account", footer: true, footerKeys: "ctrl-n"))
        case .createAccount: bindings.append(KeyBinding([.ctrl("n")], .modeToggled, label: "sign in instead", group: "Account", footer: true, footerKeys: "ctrl-n"))
        case .completeProfile: break
        }
        return Keymap(bindings)
    }

    static func submitLabel(_ mode: AccountPage) -> String {
        switch mode { case .signIn: "sign in"; case .createAccount: "create account"; case .completeProfile: "save" }
    }

    // MARK: - View

    static func label(_ f: Field) -> String {
        switch f { case .email: "Email"; case .password: "Password"; case .displayName: "Name" }
    }
    static func placeholder(_ f: Field) -> String {
        switch f { case .email: "you@example.com"; case .password: "at least 8 characters"; case .displayName: "how your league sees you" }
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        var row = 0
        let heading: String
        switch state.mode {
        case .signIn: heading = "Sign in to your Clubhouse account"
        case .createAccount: heading = "Create a Clubhouse account"
        case .completeProfile: heading = "One more thing before you play"
        }
        row = TextRow.put(heading, in: area, row: row, style: context.style(.title), buffer: &buffer)
        let why = state.reason ?? "Reading never needs an account; joining and managing a team do."
        row = TextRow.put(why, in: area, row: row, style: context.style(.dim), buffer: &buffer)
        row += 1
        let labelWidth = 10
        let fieldWidth = max(8, min(44, area.width - labelWidth - 3))
        for (i, f) in state.fields.enumerated() where row < area.height {
            let focused = i == state.focus && context.focused
            let y = area.y + row
            buffer.set(string: label(f), at: Point(x: area.x + 1, y: y), style: context.style(focused ? .accent : .text), maxWidth: labelWidth)
            TextField(state.value(f), placeholder: placeholder(f), focused: focused && !state.submitting)
                .render(in: Rect(x: area.x + 1 + labelWidth, y: y, width: fieldWidth, height: 1), buffer: &buffer)
            row += 1
        }
        row += 1
        if state.submitting {
            row = TextRow.put(String(Spinner.frames[Spinner.frameIndex(at: context.clock)]) + " " + (state.mode == .signIn ? "Signing in…" : "Saving…"), in: area, row: row, style: context.style(.dim), buffer: &buffer)
        } else if let e = state.error {
            row = TextRow.put("✗ " + e, in: area, row: row, style: context.style(.error), buffer: &buffer)
        } else { row += 1 }
        switch state.mode {
        case .signIn: TextRow.put("No account yet? ctrl-n creates one.", in: area, row: row, style: context.style(.dim), buffer: &buffer)
        case .createAccount: TextRow.put("Already have an account? ctrl-n signs in.", in: area, row: row, style: context.style(.dim), buffer: &buffer)
        case .completeProfile: TextRow.put("Your account needs this before it can join or manage a team.", in: area, row: row, style: context.style(.dim), buffer: &buffer)
        }
    }
}
