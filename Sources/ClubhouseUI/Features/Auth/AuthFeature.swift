import Foundation
import ClubhouseDomain
import Terminal

/// Sign in, Create account and Complete profile (README.md, “Accounts”) — one page on the sheet whose mode switches between them.
/// Every key types into the focused field; Tab moves between fields, Enter submits, Esc leaves (cancelling any
/// pending action), ctrl-n switches between Sign in and Create account. Errors show inline, in words.
/// Over SSH with a key linked to an account, Sign in starts on "Sign in as Alex with this key — press k": k (or
/// Enter) signs in with the key; Tab, or typing anything else, goes to the email and password instead.
public enum AuthFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case submit }

    public enum Field: Hashable, Sendable {
        case email, password, displayName
        var maxLength: Int { switch self { case .email: EmailAddress.maxLength; case .password: 128; case .displayName: TextRules.nameLength.upperBound } }
    }

    public struct State: Equatable, Sendable {
        public var mode: AccountPage { didSet { form = Self.form(for: mode, keeping: form) } }
        /// The fields this mode asks for (`fields`, in Tab order), in the app's one form component; what was typed
        /// stays when the mode changes.
        public var form: FormFields
        public var submitting = false
        /// Why the page was opened ("Sign in to finish joining Sunday Funday"), set by the shell.
        public var reason: String?
        /// Over SSH: the account the connecting key is linked to (Sign in offers it first).
        public var keyAccount: String?
        /// The keyboard is on "Sign in as … with this key", not on a field.
        public var onKeyRow = false

        public init(mode: AccountPage, reason: String? = nil) {
            self.mode = mode; self.reason = reason
            form = Self.form(for: mode, keeping: nil)
        }

        /// Index into `fields`.
        public var focus: Int { get { form.focus } set { form.focus = newValue } }
        /// The last failure, in words, shown under the fields.
        public var error: String? { get { form.error } set { form.error = newValue } }

        /// Sign in offers the key: it is linked and this is the Sign in mode.
        public var offersKey: Bool { keyAccount != nil && mode == .signIn }

        /// The fields this mode asks for, in Tab order.
        public var fields: [Field] { Self.fields(mode) }
        static func fields(_ mode: AccountPage) -> [Field] {
            switch mode {
            case .signIn: [.email, .password]
            case .createAccount: [.email, .password, .displayName]
            case .completeProfile(let needsName, let needsEmail): (needsName ? [.displayName] : []) + (needsEmail ? [.email] : [])
            }
        }
        public var focusedField: Field? { fields.indices.contains(focus) ? fields[focus] : fields.first }

        /// What is in field `f` (empty when this mode doesn't ask for it).
        public func value(_ f: Field) -> TextFieldState {
            fields.firstIndex(of: f).map { form.fields[$0].value } ?? TextFieldState()
        }
        mutating func clear(_ f: Field) {
            if let i = fields.firstIndex(of: f) { form.fields[i].value.setText("") }
        }

        static func form(for mode: AccountPage, keeping old: FormFields?) -> FormFields {
            FormFields(title: "", fields: fields(mode).map { f in
                let kept = old?.fields.first { $0.label == AuthFeature.label(f) }?.value.text ?? ""
                return FormFields.Field(AuthFeature.label(f), placeholder: AuthFeature.placeholder(f), text: kept,
                                        maxLength: f.maxLength, masked: f == .password)
            })
        }
    }

    public enum Action: PageActionCases {
        case onAppear
        case key(Key)
        /// Text pasted into the focused field (one insertion).
        case pasted(String)
        case nextField, previousField
        case submit
        case modeToggled
        case answered(Result<User, PresentableError>)
        /// k / Enter on "Sign in as … with this key".
        case keySignIn
        /// The key no longer signs in (unlinked meanwhile): the message, and the offer goes.
        case keyRefused(String)
        case escape
        case list(ListMove)
    }

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
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isEditingText: true, typed: typed, pasted: { .pasted($0) })
    }
    private static func typed(_ key: Key) -> Action? {
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
            guard !state.submitting else { return .none }
            if state.onKeyRow && state.offersKey {
                if key == .char("k") || key == .char("K") { return reduce(into: &state, action: .keySignIn, context: context) }
                guard case .char = key else { return .none }
                // Typing anything else starts on the email instead.
                state.onKeyRow = false; state.focus = 0
            }
            state.form.edit(key)
            return .none
        case .pasted(let text):
            guard !state.submitting else { return .none }
            if state.onKeyRow && state.offersKey { state.onKeyRow = false; state.focus = 0 }
            state.form.paste(text)
            return .none
        case .nextField:
            if state.onKeyRow { state.onKeyRow = false; state.focus = 0; return .none }
            if state.offersKey && state.focus == state.fields.count - 1 { state.onKeyRow = true; return .none }
            state.form.focusNext()
            return .none
        case .previousField:
            let n = max(1, state.fields.count)
            if state.onKeyRow { state.onKeyRow = false; state.focus = n - 1; return .none }
            if state.offersKey && state.focus == 0 { state.onKeyRow = true; return .none }
            state.form.focusPrevious()
            return .none
        case .keySignIn:
            guard !state.submitting, state.offersKey, let fingerprint = context.env.sshKey?.fingerprint else { return .none }
            state.submitting = true
            state.error = nil
            let api = context.env.api
            return .run(id: EffectID.submit) {
                do { return .answered(.success(try await api.signIn(sshKeyFingerprint: fingerprint).user)) } catch DomainError.unauthenticated {
                    return .keyRefused("This key isn't linked to an account any more — sign in with your email and password")
                } catch {
                    return .answered(.failure(PresentableError(message: words(error, mode: .signIn), canRetry: false)))
                }
            }
        case .keyRefused(let message):
            state.submitting = false
            state.error = message
            state.keyAccount = nil
            state.onKeyRow = false; state.focus = 0
            return .none
        case .modeToggled:
            switch state.mode {
            case .signIn: state.mode = .createAccount
            case .createAccount: state.mode = .signIn
            case .completeProfile: return .none
            }
            state.focus = 0; state.error = nil; state.onKeyRow = false
            return .none
        case .escape:
            return .delegate(.back)
        case .submit:
            guard !state.submitting else { return .none }
            if state.onKeyRow && state.offersKey { return reduce(into: &state, action: .keySignIn, context: context) }
            if let missing = state.form.firstEmpty {
                state.form.refuse(emptyMessage(state.fields[missing]), field: missing)
                return .none
            }
            state.submitting = true
            state.error = nil
            let api = context.env.api
            let email = state.value(.email).text.trimmingCharacters(in: .whitespaces), password = state.value(.password).text
            let name = state.value(.displayName).text.trimmingCharacters(in: .whitespaces)
            let mode = state.mode
            return .run(id: EffectID.submit) {
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
            state.clear(.password)
            return .delegate(.signedIn(user))
        case .answered(.failure(let e)):
            state.submitting = false
            state.error = e.message
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
        case .validation(_, let m), .conflict(let m), .forbidden(let m), .limitReached(let m, _): return m
        case .transport: return d.storageProblem ?? "Couldn't reach the league server — check the connection and try again"
        case .unauthenticated:
            if case .signIn = mode { return "Email or password is wrong" }
            return "Your session ended — sign in again"
        case .notFound(let what): return "\(what) was not found"
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let onKey = state.onKeyRow && state.offersKey
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.enter], .submit, label: onKey ? "sign in with this key" : submitLabel(state.mode), group: "Account", footer: true,
                       enabledWhen: !state.submitting, disabledReason: "already sending"),
            KeyBinding([.tab], .nextField, label: onKey ? "email and password" : "next field", group: "Account",
                       footer: state.fields.count > 1 || state.offersKey),
        ]
        if let name = state.keyAccount, state.offersKey {
            bindings.insert(KeyBinding([.char("k")], .keySignIn, label: "sign in as \(name) with this key", group: "Account",
                                       footer: onKey, enabledWhen: onKey && !state.submitting,
                                       disabledReason: "you're typing in a field — Tab back to \"Sign in as \(name) with this key\""), at: 0)
        }
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
        if let name = state.keyAccount, state.offersKey {
            let focused = state.onKeyRow && context.focused
            row = TextRow.put(focused ? "▸ Sign in as \(name) with this key — press k" : "  Sign in as \(name) with this key — Tab to it, then k",
                              in: area, row: row, style: context.style(focused ? .accent : .text), buffer: &buffer)
            row = TextRow.put("  or with your email and password" + (focused ? " (Tab):" : ":"), in: area, row: row, style: context.style(.dim), buffer: &buffer)
        }
        let onField = context.focused && !state.onKeyRow
        row = state.form.renderFields(in: area, row: row, labelWidth: 10, maxFieldWidth: 44, minFieldWidth: 8,
                                      highlight: onField, cursor: onField && !state.submitting, context: context, buffer: &buffer)
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

extension AuthFeature.State: LoadingReporting {
    public var isLoading: Bool { false }  // no loads: its answers come through forms, not `Loadable`s
}
