import Foundation
import ClubhouseDomain
import Terminal

/// The league chat (README.md, “League chat”): the league's one channel — the draft room's Chat tab shows the same
/// lines. Messages with their author, time, the message they answer, reactions, and "(removed)" for one the
/// commissioner took down; a line editor at the bottom; `R` replies to the selected message, `e` then 1–8 reacts to
/// it, `X` (the commissioner) removes it. Live events add, change and remove lines as they happen.
public enum ChatFeature: PageFeature {
    enum EffectID: EffectIdentifier { case detail(LeagueID), chat(LeagueID), older(LeagueID) }

    /// What the bottom line is doing besides showing the editor.
    public enum Mode: Equatable, Sendable {
        case browsing
        /// Typing a message (answering `replyTo` when set).
        case composing
        /// `e` was pressed: a digit 1–8 picks the reaction for message `message`.
        case reacting(message: Int64)
        /// `X` asked "Remove this message?" for `message`.
        case confirmingRemove(message: Int64)
        /// `N`: the league's notification mutes; c, m, t, s, d toggle one (`NotificationCategory`).
        case muting
    }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var detail = Loadable<LeagueDetail>()
        public var chat = Loadable<[ChatMessage]>()
        public var list = ListState()
        public var field = TextFieldState(maxLength: ChatFeature.limit)
        public var mode = Mode.browsing
        /// The message the one being typed answers.
        public var replyTo: Int64?
        /// False once paging back found the league's first message.
        public var hasOlder = true
        /// `o` added lines before the latest 100: a reload keeps them under the refreshed ones.
        public var pagedBack = false
        /// The notification categories muted in this league (the settings' `notificationMutes`).
        public var mutes: Set<NotificationCategory> = []
        public init(id: LeagueID, mutes: Set<NotificationCategory> = []) { self.id = id; self.mutes = mutes }

        public var messages: [ChatMessage] { chat.value ?? [] }
        public var selected: ChatMessage? { list.selected.flatMap { messages.indices.contains($0) ? messages[$0] : nil } }
    }

    public enum Action: PageActionCases {
        case onAppear
        case retry
        /// The league's live events changed the chat (or the page was uncovered): the latest lines again, in place.
        case liveRefreshed
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case chatLoaded(RequestToken, Result<[ChatMessage], PresentableError>)
        /// `o`: the lines before the first one shown.
        case olderRequested
        case olderLoaded(Result<[ChatMessage], PresentableError>)
        case list(ListMove)
        /// `c`/Enter: start typing; `R`: start typing a reply to the selected message.
        case composeBegan
        case replyBegan
        case typed(Key)
        case pasted(String)
        /// Esc: stop typing, cancel the reaction or the question.
        case escaped
        /// `e`: pick a reaction for the selected message; then 1–8.
        case reactBegan
        case reactionPicked(Int)
        /// `X` (commissioner): asks, then y removes.
        case removeRequested
        case removeConfirmed
        /// A write's answer: the message as it now stands.
        case written(Result<ChatMessage, PresentableError>)
        /// `N`: show the league's notification mutes; then a category's key toggles it.
        case mutesBegan
        case muteToggled(NotificationCategory)
    }

    public static let limit = TextRules.chatLength.upperBound
    static let firstMessage = "That's the first message of the chat."
    /// Live events that change what this page shows.
    static let chatKinds: Set<LeagueEvent.Kind> = [.chat, .chatRemoved, .chatReacted]

    public static func title(_ state: State) -> String { "Chat" }
    public static func page(_ state: State) -> Page { .chat(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }
    public static func live(_ state: State) -> Live<Action> {
        Live(refresh: .liveRefreshed, after: { kinds in kinds.isDisjoint(with: chatKinds) ? nil : .liveRefreshed })
    }
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isFilterActive: state.mode != .browsing || state.replyTo != nil, isEditingText: state.mode == .composing,
                  clearFilter: .escaped, typed: { .typed($0) }, pasted: { .pasted($0) })
    }
    /// A write kept through sign-in reloads the chat once it went through.
    public static func writes(_ state: State) -> Writes<Action> { Writes(finished: { _, _ in .liveRefreshed }) }

    // MARK: - Reducer

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api, id = state.id
        switch action {
        case .onAppear, .retry:
            let td = state.detail.begin(), tc = state.chat.begin()
            state.hasOlder = true; state.pagedBack = false
            return .merge(.load(td, id: EffectID.detail(id), { try await api.league(id) }, answer: Action.detailLoaded),
                          .load(tc, id: EffectID.chat(id), { try await api.chatMessages(id, after: nil) }, answer: Action.chatLoaded))
        case .liveRefreshed:
            let tc = state.chat.beginRefresh()
            return .load(tc, id: EffectID.chat(id), { try await api.chatMessages(id, after: nil) }, answer: Action.chatLoaded)
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r)
            return .none
        case .chatLoaded(let t, let r):
            // Keep the selection on the same message when it is still shown; else follow the newest line.
            let kept = state.selected?.id, atBottom = state.list.selected == nil || state.list.selected == state.messages.count - 1
            let older = state.pagedBack ? state.messages : []
            state.chat.finish(t, r.map { latest in
                // Lines paged back before the latest 100 stay shown under the refreshed ones.
                guard let first = latest.first else { return latest }
                return older.filter { $0.id < first.id } + latest
            })
            let n = state.messages.count
            if !atBottom, let kept, let i = state.messages.firstIndex(where: { $0.id == kept }) {
                state.list.apply(.select(i), count: n, viewport: viewport(context))
            } else {
                state.list.apply(.bottom, count: n, viewport: viewport(context))
            }
            return .none
        case .olderRequested:
            guard let first = state.messages.first, state.hasOlder else { return .none }
            return .olderPage(id: EffectID.older(id), { try await api.chatMessages(id, before: first.id) }, answer: Action.olderLoaded)
        case .olderLoaded(.failure(let e)):
            return .delegate(.toast(e.message))
        case .olderLoaded(.success(let older)):
            let new = older.unseen(in: state.messages)
            if older.count < ChatRules.page { state.hasOlder = false }
            guard !new.isEmpty else { return .delegate(.toast(firstMessage)) }
            state.pagedBack = true
            state.chat.set(new + state.messages)
            state.list.apply(.select((state.list.selected ?? 0) + new.count), count: state.messages.count, viewport: viewport(context))
            return .none
        case .list(let move):
            state.list.apply(move, count: state.messages.count, viewport: viewport(context))
            return .none
        case .composeBegan:
            state.mode = .composing; state.replyTo = nil
            return .none
        case .replyBegan:
            guard let m = state.selected else { return .delegate(.toast("Select a message to answer first (j/k).")) }
            if m.removed { return .delegate(.toast("That message was removed.")) }
            state.mode = .composing; state.replyTo = m.id
            return .none
        case .typed(let key):
            guard state.mode == .composing else { return .none }
            switch key {
            case .escape: return .send(.escaped)
            case .enter: return send(&state, api: api)
            default:
                _ = state.field.handle(.key(key))
                return state.field.limitJustReached ? .delegate(.toast("Chat lines are at most \(limit) characters")) : .none
            }
        case .pasted(let text):
            guard state.mode == .composing else { return .none }
            // One line: a pasted line break becomes a space.
            state.field.insert(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
            return state.field.limitJustReached ? .delegate(.toast("Chat lines are at most \(limit) characters")) : .none
        case .escaped:
            if state.mode == .browsing { state.replyTo = nil }
            state.mode = .browsing
            return .none
        case .reactBegan:
            guard let m = state.selected else { return .delegate(.toast("Select a message first (j/k).")) }
            if m.removed { return .delegate(.toast("That message was removed — it takes no reactions.")) }
            if let why = writeBlocked(state) { return .delegate(.toast(why)) }
            state.mode = .reacting(message: m.id)
            return .none
        case .reactionPicked(let n):
            guard case .reacting(let message) = state.mode, ChatRules.emoji.indices.contains(n - 1) else { return .none }
            state.mode = .browsing
            let emoji = ChatRules.emoji[n - 1]
            if state.detail.value?.capabilities.signedIn != true {
                return .delegate(.perform(.reactToChat(league: id, message: message, emoji: emoji)))
            }
            return write { try await api.reactToChat(id, message: message, emoji: emoji) }
        case .removeRequested:
            guard let m = state.selected else { return .delegate(.toast("Select a message first (j/k).")) }
            if let why = removeBlocked(state.detail.value) { return .delegate(.toast(why)) }
            if m.removed { return .delegate(.toast("That message is already removed.")) }
            state.mode = .confirmingRemove(message: m.id)
            return .none
        case .removeConfirmed:
            guard case .confirmingRemove(let message) = state.mode else { return .none }
            state.mode = .browsing
            return write { try await api.removeChatMessage(id, message: message) }
        case .mutesBegan:
            state.mode = .muting
            return .none
        case .muteToggled(let c):
            guard state.mode == .muting else { return .none }
            if state.mutes.contains(c) { state.mutes.remove(c) } else { state.mutes.insert(c) }
            return .delegate(.mutesChanged(id, state.mutes))
        case .written(let r):
            switch r {
            case .failure(let e): return .delegate(.toast(e.message))
            case .success(let m):
                var all = state.messages
                if let i = all.firstIndex(where: { $0.id == m.id }) { all[i] = m } else { all.append(m) }
                state.chat.set(all)
                if state.list.selected == nil || all.last?.id == m.id { state.list.apply(.bottom, count: all.count, viewport: viewport(context)) }
                return .none
            }
        }
    }

    /// Rows the list shows: the sheet less the title, the table's header, the status lines and the editor.
    static func viewport(_ context: PageContext) -> Int {
        max(1, context.viewport - 3 - maxStatusLines(Rect(x: 0, y: 0, width: 0, height: context.viewport)))
    }

    /// Enter while typing: checked as the server will check it, then sent (signed out: through Sign in first).
    static func send(_ state: inout State, api: any LeagueAPI) -> Effect<Action> {
        let text = state.field.text, id = state.id, replyTo = state.replyTo
        if let problem = DraftRoomFeature.chatProblem(text) { return .delegate(.toast(problem)) }
        if let why = writeBlocked(state), state.detail.value?.capabilities.signedIn == true { return .delegate(.toast(why)) }
        state.field.setText(""); state.replyTo = nil; state.mode = .browsing
        if state.detail.value?.capabilities.signedIn != true {
            return .delegate(.perform(.sendChat(league: id, text: text, replyTo: replyTo)))
        }
        return write { try await api.sendChat(id, text: text, replyTo: replyTo) }
    }

    static func write(_ work: @escaping @Sendable () async throws -> ChatMessage) -> Effect<Action> {
        .run { send in
            do { send(.written(.success(try await work()))) }
            catch {
                let e = PresentableError(error)
                send(.written(.failure(e)))
                if e.sessionEnded { send(request: .sessionEnded) }
            }
        }
    }

    /// Why the person can't write here (nil: they can, or they are signed out and the gate will ask them to sign in).
    public static func writeBlocked(_ state: State) -> String? {
        guard let d = state.detail.value, d.capabilities.signedIn else { return nil }
        if d.capabilities.myTeam == nil && !d.capabilities.isCommissioner { return "Only members of \(d.league.name) can write in its chat" }
        return nil
    }

    /// Why `X` can't remove (nil: it can).
    public static func removeBlocked(_ d: LeagueDetail?) -> String? {
        guard let d else { return "still loading" }
        if !d.capabilities.isCommissioner { return "Only the commissioner of \(d.league.name) can remove chat messages" }
        return nil
    }

    // MARK: - Keys

    public static func keymap(_ state: State) -> Keymap<Action> {
        let g = "Chat"
        switch state.mode {
        case .composing:
            // Every key types; these rows tell the footer and help what Enter and Esc do.
            return Keymap([KeyBinding([.enter], .typed(.enter), label: state.replyTo == nil ? "send" : "send reply", group: g, footer: true),
                           KeyBinding([.escape], .typed(.escape), label: "stop typing", group: g, footer: true)])
        case .reacting:
            return Keymap(ChatRules.emoji.enumerated().map { i, e in
                KeyBinding([.char(Character("\(i + 1)"))], .reactionPicked(i + 1), label: e, group: "React", footer: i == 0, footerKeys: "1-8")
            } + [KeyBinding([.escape], .escaped, label: "cancel", group: "React", footer: true)])
        case .muting:
            return Keymap(NotificationCategory.allCases.map { c in
                KeyBinding([.char(c.key)], .muteToggled(c), label: (state.mutes.contains(c) ? "unmute " : "mute ") + c.rawValue,
                           group: "Notifications", footer: true)
            } + [KeyBinding([.escape, .enter], .escaped, label: "done", group: "Notifications", footer: true, footerKeys: "esc")])
        case .confirmingRemove:
            return Keymap([KeyBinding([.char("y"), .enter], .removeConfirmed, label: "remove", group: g, footer: true, footerKeys: "y"),
                           KeyBinding([.char("n"), .escape], .escaped, label: "keep", group: g, footer: true, footerKeys: "n")])
        case .browsing:
            let selected = state.selected, blocked = writeBlocked(state), remove = removeBlocked(state.detail.value)
            // What a key can't do to the selected line, said when it is pressed.
            let unselectable = selected == nil ? "Select a message first (j/k)." : "That message was removed."
            let chat = Endpoints.LeagueChat.self
            return Keymap([
                KeyBinding([.char("c"), .enter], .composeBegan, label: "write a message", group: g, footer: true, footerKeys: "c",
                           enabledWhen: blocked == nil, disabledReason: blocked, operation: chat.sendChat.name),
                KeyBinding([.char("X")], .removeRequested, label: "remove message", group: g,
                           footer: state.detail.value?.capabilities.isCommissioner == true && selected != nil,
                           enabledWhen: remove == nil && selected?.removed == false, disabledReason: remove ?? (selected == nil ? unselectable : "That message is already removed."),
                           operation: chat.removeChatMessage.name),
                KeyBinding([.char("R")], .replyBegan, label: "reply", group: g, footer: selected != nil,
                           enabledWhen: blocked == nil && selected?.removed == false, disabledReason: blocked ?? unselectable,
                           operation: chat.sendChat.name),
                KeyBinding([.char("e")], .reactBegan, label: "react", group: g, footer: selected != nil,
                           enabledWhen: blocked == nil && selected?.removed == false, disabledReason: blocked ?? (selected == nil ? unselectable : "That message was removed — it takes no reactions."),
                           operation: chat.reactToChat.name),
                KeyBinding([.char("N")], .mutesBegan, label: "notifications (mute)", group: g),
                KeyBinding([.char("o")], .olderRequested, label: "older messages", group: g,
                           enabledWhen: state.hasOlder && !state.messages.isEmpty, disabledReason: firstMessage),
            ] + ListKeys.bindings(Action.list, footer: false) + [PageKeys.retry(.retry)])
        }
    }

    // MARK: - View

    /// A message's text as a line shows it: "(removed)", or the text after what it answers, then its reactions.
    public static func line(_ m: ChatMessage, in messages: [ChatMessage] = []) -> String {
        if m.removed { return "(removed)" }
        var s = ""
        if let r = m.replyTo {
            if let answered = messages.first(where: { $0.id == r }) {
                let quoted = answered.removed ? "(removed)" : String(answered.body.prefix(24)) + (answered.body.count > 24 ? "…" : "")
                s += "↳ \(answered.authorName.isEmpty ? "·" : answered.authorName): \(quoted) │ "
            } else {
                s += "↳ earlier message │ "
            }
        }
        s += m.body
        if !m.reactions.isEmpty { s += "  " + m.reactions.map { "\($0.emoji)\($0.users.count)" }.joined(separator: " ") }
        return s
    }

    /// "Sep 8 14:05" (UTC, like the rest of the app's dates); narrow, "14:05".
    static func stamp(_ date: Date, narrow: Bool = false) -> String {
        let time = DraftRoomFeature.clockTime(date)
        return narrow ? time : "\(Format.day(date).split(separator: " ").dropFirst().joined(separator: " ")) \(time)"
    }

    static func table(_ state: State, context: RenderContext, width: Int) -> DataTable {
        let all = state.messages
        let narrow = width < 70
        let rows = all.map { m in [stamp(m.at, narrow: narrow), m.authorName.isEmpty ? "·" : m.authorName, line(m, in: all)] }
        let roles: [[StyleRole?]] = all.map { m in m.userID == nil || m.removed ? [.dim, .dim, .dim] : [.dim, .accent, nil] }
        // Narrow screens keep the message wide: the time and author columns shrink first.
        let timeWidth = narrow ? 5 : 12, whoWidth = narrow ? 8 : 14
        return DataTable(columns: [DataColumn("Time", .length(timeWidth)), DataColumn("Who", .length(whoWidth)), DataColumn("Message", .fill(1))],
                         rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    /// The lines above the editor: what the keys are doing (answering, reacting, removing), else the selected line in
    /// full — wrapped, at most `maxLines` (a 200-character line is four at 60 columns), so a line the list cuts reads whole.
    static func statusLines(_ state: State, width: Int, maxLines: Int) -> (lines: [String], role: StyleRole) {
        let messages = state.messages
        let text: String, role: StyleRole
        switch state.mode {
        case .reacting:
            text = "React: " + ChatRules.emoji.enumerated().map { "\($0 + 1) \($1)" }.joined(separator: " "); role = .accent
        case .confirmingRemove:
            text = "Remove this message for everyone? Its text is deleted. y remove · n keep"; role = .warning
        case .muting:
            text = "Notifications here: " + NotificationCategory.allCases.map { c in
                "\(c.key) \(c.rawValue) \(state.mutes.contains(c) ? "muted" : "on")"
            }.joined(separator: " · ") + " · esc done"
            role = .accent
        case .composing, .browsing:
            if let r = state.replyTo, let m = messages.first(where: { $0.id == r }) {
                text = "Replying to \(m.authorName.isEmpty ? "·" : m.authorName): \(m.body) · esc cancels"; role = .accent
            } else if let m = state.selected {
                text = "\(m.authorName.isEmpty ? "·" : m.authorName): \(line(m, in: messages))"; role = .dim
            } else {
                return ([], .dim)
            }
        }
        guard width > 0, maxLines > 0 else { return ([], role) }
        return (Array(text.wrapped(toWidth: width).prefix(maxLines)), role)
    }

    /// The list's rectangle: under the title, above the status lines and the editor.
    static func listArea(_ area: Rect, statusCount: Int) -> Rect {
        Rect(x: area.x + 1, y: area.y + 1, width: max(0, area.width - 2), height: max(0, area.height - 2 - statusCount))
    }

    static func maxStatusLines(_ area: Rect) -> Int { max(1, min(4, (area.height - 4) / 3)) }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let messages = LoadView.render(state.chat.load, what: "the chat", empty: "No messages yet.", in: area, buffer: &buffer, context: context)
        else { return }
        let name = state.detail.value?.league.name ?? "League \(state.id.rawValue)"
        _ = TextRow.put("\(name) · league chat · \(messages.count) message\(messages.count == 1 ? "" : "s")", in: area, row: 0,
                        style: context.style(.title), buffer: &buffer)
        guard area.height > 2 else { return }
        let bottom = area.y + area.height - 1
        let status = statusLines(state, width: area.width - 2, maxLines: maxStatusLines(area))
        if messages.isEmpty {
            _ = TextRow.put(writeBlocked(state) == nil ? "No messages yet — c writes the first one." : "No messages yet.", in: area, row: 1,
                            style: context.style(.dim), buffer: &buffer)
        } else {
            table(state, context: context, width: area.width).render(in: listArea(area, statusCount: status.lines.count), buffer: &buffer)
        }
        for (i, text) in status.lines.enumerated() {
            buffer.set(string: text, at: Point(x: area.x + 1, y: bottom - status.lines.count + i), style: context.style(status.role),
                       maxWidth: max(0, area.width - 2))
        }
        // The editor.
        let counter = "\(state.field.text.count)/\(limit)"
        buffer.set(string: "›", at: Point(x: area.x + 1, y: bottom), style: context.style(.key), maxWidth: 1)
        let field = Rect(x: area.x + 3, y: bottom, width: max(0, area.width - counter.count - 5), height: 1)
        let placeholder = state.mode == .composing ? "type, enter sends, esc stops" : (writeBlocked(state) ?? "press c to write")
        TextField(state.field, placeholder: placeholder, focused: state.mode == .composing && context.focused,
                  style: context.style(.text).adding(.underline)).render(in: field, buffer: &buffer)
        buffer.set(string: counter, at: Point(x: area.right - counter.count - 1, y: bottom),
                   style: context.style(state.field.text.count > limit ? .error : .dim), maxWidth: counter.count)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let status = statusLines(state, width: area.width - 2, maxLines: maxStatusLines(area))
        guard state.mode == .browsing,
              let i = table(state, context: context, width: area.width).row(atY: point.y, in: listArea(area, statusCount: status.lines.count))
        else { return nil }
        return .list(.select(i))
    }
}

extension ChatFeature.State: LoadingReporting {
    public var isLoading: Bool { chat.isLoading || detail.isLoading }
}
