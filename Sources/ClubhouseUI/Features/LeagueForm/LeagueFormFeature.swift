import Foundation
import ClubhouseDomain
import Terminal

/// Create a league (`n` on Home), or change its settings before the draft (`E` on League settings): one vertical list
/// of fields. j/k move, h/l (←/→) change a choice or number one step, Enter or typing edits a name, Enter on the last
/// row or ctrl-s anywhere submits (a gated write), Esc with unsaved changes asks before throwing them away.
public enum LeagueFormFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case league(LeagueID), seasons }

    public struct State: Equatable, Sendable {
        public var mode: LeagueFormMode
        /// The values the form edits (the model); the rows on screen follow it.
        public var form = LeagueForm() { didSet { syncRows() } }
        /// The values when the form opened: Esc asks before leaving when they changed.
        public var initial = LeagueForm() { didSet { syncRows() } }
        /// Edit mode: the league as loaded (its settings fill the form once).
        public var detail = Loadable<LeagueDetail>()
        /// Create mode: the seasons the database holds (the Season row's choices).
        public var seasons = Loadable<[SeasonInfo]>()
        /// The form on screen (the app's form component): its rows, built from `form`, the focus, whether a name is
        /// being typed into, and the problem the form or the server found, next to the row it names.
        public internal(set) var rows = FormFields(title: "", fields: [])
        /// "Discard changes?" while shown.
        public var confirmDiscard: ConfirmDialog?

        public init(mode: LeagueFormMode) {
            self.mode = mode
            syncRows()
        }

        public var fields: [LeagueFormField] { form.fields(mode) }
        /// Index into `fields`.
        public var focus: Int {
            get { rows.focus }
            set { rows.moveFocus(to: newValue) }
        }
        public var focused: LeagueFormField { fields[safe: focus] ?? .submit }
        /// True while typing into a name.
        public var editing: Bool {
            get { rows.editing }
            set { rows.editing = newValue }
        }
        /// The problem the form or the server found, and the field it is about.
        public var error: (field: LeagueFormField, message: String)? {
            guard let message = rows.error, let i = rows.errorField, let f = fields[safe: i] else { return nil }
            return (f, message)
        }
        public var isDirty: Bool { form != initial }
        /// Edit mode waits for the league before showing fields.
        public var isReady: Bool { mode == .create || detail.value != nil }

        /// Rebuilds the rows from the values, keeping focus, editing and a refusal on their rows.
        private mutating func syncRows() { rows.replaceFields(form.rows(mode, isDirty: isDirty)) }

        /// Lets the form component handle something, then takes the names it holds back into the values.
        @discardableResult
        mutating func withRows<R>(_ body: (inout FormFields) -> R) -> R {
            let result = body(&rows)
            for (i, f) in fields.enumerated() where f.isText && rows.fields.indices.contains(i) && form.text(f) != rows.fields[i].value {
                let value = rows.fields[i].value
                form.editText(f) { $0 = value }
            }
            return result
        }

        /// Shows `message` at `field` and puts the focus there.
        mutating func refuse(_ message: String, at field: LeagueFormField) {
            rows.refuse(message, field: fields.firstIndex(of: field) ?? fields.count - 1)
        }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case leagueLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case seasonsLoaded(RequestToken, Result<[SeasonInfo], PresentableError>)
        case moved(Int)
        case stepped(Int)
        /// Enter: edit a name, submit on the last row, otherwise the next field.
        case activated
        /// A printable key on a name row: start editing with it.
        case typedToStart(Character)
        /// A key while editing a name or answering "Discard changes?".
        case key(Key)
        /// Text pasted on a name row (one insertion; starts editing it).
        case pasted(String)
        case submit
        case escape
        /// The server refused the write: the field it names (a `DomainError.validation` field) and its sentence.
        case refused(field: String?, message: String)
        case list(ListMove)
    }

    public static func title(_ state: State) -> String { state.mode == .create ? "New league" : "Edit settings" }
    public static func page(_ state: State) -> Page { .leagueForm(state.mode) }
    public static func board(_ state: State) -> BoardContext {
        switch state.mode {
        case .create: .featured
        case .edit(let id): .league(id, week: nil, highlight: nil)
        }
    }
    /// A name row (league, your team) takes every key (typing there starts editing), as do a name while editing and "Discard changes?".
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isEditingText: state.editing || state.confirmDiscard != nil || (state.isReady && state.focused.isText),
                  typed: { .key($0) }, pasted: { .pasted($0) }, opensFull: true)
    }
    public static func writes(_ state: State) -> Writes<Action> {
        Writes(refused: { .refused(field: $0, message: $1) }, closesAfterItsWrite: true)
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear:
            // Reloads after a refused write must not overwrite what was typed.
            if state.mode == .create {
                guard state.seasons.value == nil, !state.seasons.isLoading else { return .none }
                let t = state.seasons.begin(), api = context.env.api
                return .load(t, id: EffectID.seasons, { try await api.seasons() }, answer: Action.seasonsLoaded)
            }
            guard case .edit = state.mode, state.detail.value == nil else { return .none }
            return load(&state, context)
        case .seasonsLoaded(let t, let r):
            state.seasons.finish(t, r)
            // Not a change the person made: the choice and its default move together (nothing to discard).
            let chosenBefore = state.form.season != state.initial.season
            state.form.setSeasons(state.seasons.value ?? [], now: context.env.now())
            state.initial.setSeasons(state.seasons.value ?? [], now: context.env.now())
            if !chosenBefore { state.initial.season = state.form.season }
            return .none
        case .retry:
            guard case .edit = state.mode else { return .none }
            return load(&state, context)
        case .leagueLoaded(let t, let r):
            let first = state.detail.value == nil
            state.detail.finish(t, r)
            if first, let d = state.detail.value {
                let repairing = d.league.needsCommissioner?.part == .settings
                state.form = LeagueForm(settings: repairing ? LeagueForm.repairable(d.league.settings) : d.league.settings)
                state.form.name.setText(d.league.name)
                state.form.isPublic = d.league.isPublic
                state.form.tradesOnly = d.league.state != .predraft && !repairing
                state.initial = state.form
            }
            return .none
        case .moved(let delta):
            state.withRows { $0.move(by: delta) }
            return .none
        case .list(let m):
            state.withRows { $0.apply(m) }
            return .none
        case .stepped(let delta):
            let f = state.focused
            guard LeagueForm.isChoice(f) else { return .none }
            if state.form.step(f, by: delta) { state.withRows { $0.clearError(about: $0.focus) } }
            return .none
        case .activated:
            guard state.withRows({ $0.activate() }) == .submit else { return .none }
            return submit(&state)
        case .typedToStart(let c):
            state.withRows { $0.startEditing(with: String(c)) }
            return .none
        case .key(let key):
            if state.confirmDiscard != nil { return answerDiscard(&state, key) }
            if state.editing { return state.withRows({ $0.editKey(key) }) == .submit ? submit(&state) : .none }
            guard state.focused.isText else { return .none }
            return onTextRow(&state, key)
        case .pasted(let text):
            guard state.confirmDiscard == nil, state.isReady else { return .none }
            state.withRows { $0.startEditing(with: text) }
            return .none
        case .submit:
            state.withRows { $0.editing = false }
            return submit(&state)
        case .escape:
            if state.editing { state.withRows { $0.editing = false }; return .none }
            guard state.isDirty else { return .delegate(.back) }
            state.confirmDiscard = ConfirmDialog(title: "Discard changes?",
                                                 message: state.mode == .create ? "Leave without creating the league? What you entered is lost." :
                                                    "Leave without saving? Your changes to the settings are lost.",
                                                 confirmLabel: "Discard", cancelLabel: "Keep editing")
            return .none
        case .refused(let field, let message):
            state.refuse(message, at: field.flatMap(LeagueFormField.named) ?? .submit)
            return .none
        }
    }

    static func load(_ state: inout State, _ context: PageContext) -> Effect<Action> {
        guard case .edit(let id) = state.mode else { return .none }
        let t = state.detail.begin(), api = context.env.api
        return .load(t, id: EffectID.league(id), { try await api.league(id) }, answer: Action.leagueLoaded)
    }

    /// Checks what the form can check itself, then sends the gated write; nothing typed is lost either way.
    static func submit(_ state: inout State) -> Effect<Action> {
        guard state.isReady else { return .none }
        if let p = state.form.problem(state.mode) {
            state.refuse(p.message, at: p.field)
            return .none
        }
        state.withRows { $0.clearError() }
        return .delegate(.perform(state.form.write(state.mode)))
    }

    /// Keys on a name row before editing: j/k and the arrows move, Enter or any printable key starts editing.
    static func onTextRow(_ state: inout State, _ key: Key) -> Effect<Action> {
        switch key {
        case .char("j"), .down, .tab: return .send(.moved(1))
        case .char("k"), .up, .backTab: return .send(.moved(-1))
        case .enter: return .send(.activated)
        case .ctrl("s"): return .send(.submit)
        case .escape: return .send(.escape)
        case .char(let c): return .send(.typedToStart(c))
        default: return .none
        }
    }

    static func answerDiscard(_ state: inout State, _ key: Key) -> Effect<Action> {
        guard var dialog = state.confirmDiscard else { return .none }
        switch dialog.handle(key) {
        case .confirmed?:
            state.confirmDiscard = nil
            state.form = state.initial
            state.withRows { $0.editing = false }
            return .delegate(.back)
        case .cancelled?:
            state.confirmDiscard = nil
        case nil:
            state.confirmDiscard = dialog
        }
        return .none
    }

    // MARK: - Keys

    public static func keymap(_ state: State) -> Keymap<Action> {
        let f = state.focused
        let submitLabel = state.mode == .create ? "create league" : "save settings"
        // The shell's footer adds "j/k move" itself.
        // While a text field is being edited j and k are typed into it: only the arrows move (and the footer says ↑/↓).
        let typing = state.editing
        var b: [KeyBinding<Action>] = [KeyBinding(typing ? [.down] : [.char("j"), .down], .moved(1), label: "next field", group: "Form"),
                                       KeyBinding(typing ? [.up] : [.char("k"), .up], .moved(-1), label: "previous field", group: "Form")]
        if f.isText {
            b.append(KeyBinding([.enter], .activated, label: "edit the text (or just type)", group: "Form", footer: true, footerKeys: "enter"))
        } else {
            let choice = LeagueForm.isChoice(f)
            var less = KeyBinding<Action>([.char("h"), .left], .stepped(-1), label: "previous choice / less", group: "Form",
                                          enabledWhen: choice, disabledReason: "nothing to change on this row")
            if choice { less.hint = KeyHint(keys: "h/l", label: "change") }
            b.append(less)
            b.append(KeyBinding([.char("l"), .right], .stepped(1), label: "next choice / more", group: "Form",
                                enabledWhen: choice, disabledReason: "nothing to change on this row"))
            b.append(KeyBinding([.enter], .activated, label: f == .submit ? submitLabel : "next field", group: "Form", footer: f == .submit))
        }
        b.append(KeyBinding([.ctrl("s")], .submit, label: submitLabel, group: "Form", footer: true, footerKeys: "ctrl-s",
                            enabledWhen: state.isReady, disabledReason: "the league is still loading"))
        b.append(KeyBinding([.escape], .escape, label: state.isDirty ? "back (asks to discard changes)" : "back", group: "Form"))
        b.append(KeyBinding([.char("g"), .home], .list(.top), label: "first field", group: "Form"))
        b.append(KeyBinding([.char("G"), .end], .list(.bottom), label: "last field", group: "Form"))
        if case .edit = state.mode { b.append(PageKeys.retry(.retry)) }
        return Keymap(b)
    }

}

extension LeagueFormFeature.State: LoadingReporting {
    public var isLoading: Bool { detail.isLoading }
}
