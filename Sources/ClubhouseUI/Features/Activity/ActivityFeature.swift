import Foundation
import ClubhouseDomain
import Terminal

/// The league's activity feed (`a` on a league): every transaction and league event as a line with its time, newest
/// first — adds and drops, waiver results with their bids, trades, keepers, draft picks, score corrections. `f` steps
/// through the kinds (`0`–`6` choose one), `o` reads older lines. Lines that came after the newest one the person saw
/// last time are marked "since you last looked"; the mark moves on (kept in the settings) once the page has shown them.
/// Live events of the feed's kinds reload it in place.
public enum ActivityFeature: PageFeature {
    enum EffectID: EffectIdentifier { case feed(LeagueID), older(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var feed = Loadable<[ActivityLine]>()
        /// The kind shown (nil: all).
        public var kind: ActivityKind?
        /// Where the next older page starts (nil: the shown lines reach the league's first event).
        public var before: Int64?
        /// `o` added older pages: a live reload keeps them under the refreshed lines.
        public var pagedBack = false
        /// The newest line the person had seen when the page opened: lines after it are new on this visit (nil: never
        /// looked, everything is new).
        public var seen: Int64?
        /// The newest line this page has told the settings about (the mark it will open with next time).
        public var told: Int64?
        public var list = ListState()
        public init(id: LeagueID, seen: Int64? = nil) { self.id = id; self.seen = seen; self.told = seen }

        public var lines: [ActivityLine] { feed.value ?? [] }
        public var selected: ActivityLine? { list.selected.flatMap { lines.indices.contains($0) ? lines[$0] : nil } }
        /// Whether `line` came after what the person saw last time.
        public func isNew(_ line: ActivityLine) -> Bool { line.id > (seen ?? 0) }
        public var newCount: Int { lines.filter(isNew).count }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        /// Live events of the feed's kinds (or the page was uncovered): the newest lines again, in place.
        case liveRefreshed
        case feedLoaded(RequestToken, Result<ActivityFeed, PresentableError>)
        /// `f`: the next kind (after the last, all again); `0`–`6`: one kind (0: all).
        case kindStepped
        case kindChosen(ActivityKind?)
        /// `o`: the page before the oldest line shown.
        case olderRequested
        case olderLoaded(Result<ActivityFeed, PresentableError>)
        case list(ListMove)
    }

    public static func title(_ state: State) -> String { "Activity" }
    public static func page(_ state: State) -> Page { .activity(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }
    public static func live(_ state: State) -> Live<Action> {
        Live(refresh: .liveRefreshed, after: { kinds in kinds.contains { ActivityKind(event: $0) != nil } ? .liveRefreshed : nil })
    }

    // MARK: - Reducer

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api, id = state.id, kind = state.kind
        switch action {
        case .onAppear, .retry:
            let t = state.feed.begin()
            state.pagedBack = false
            return .load(t, id: EffectID.feed(id), { try await api.activity(id, kind: kind) }, answer: Action.feedLoaded)
        case .liveRefreshed:
            let t = state.feed.beginRefresh()
            return .load(t, id: EffectID.feed(id), { try await api.activity(id, kind: kind) }, answer: Action.feedLoaded)
        case .feedLoaded(let t, let r):
            let older = state.pagedBack ? state.lines : []
            let kept = state.selected?.id
            guard state.feed.finish(t, r.map { page in
                guard let last = page.lines.last else { return page.lines }
                return page.lines + older.filter { $0.id < last.id }
            }, isEmpty: \.isEmpty) else { return .none }
            guard case .success(let page) = r else { return .none }
            if !state.pagedBack { state.before = page.before }
            let i = kept.flatMap { k in state.lines.firstIndex { $0.id == k } } ?? 0
            state.list.apply(.select(i), count: state.lines.count, viewport: context.viewport)
            return markSeen(&state, newest: page.newest)
        case .kindStepped:
            let all: [ActivityKind?] = [nil] + ActivityKind.allCases
            let next = all[((all.firstIndex(of: state.kind) ?? 0) + 1) % all.count]
            return reduce(into: &state, action: .kindChosen(next), context: context)
        case .kindChosen(let k):
            guard k != state.kind else { return .none }
            state.kind = k
            state.list = ListState()
            state.before = nil
            return reduce(into: &state, action: .onAppear, context: context)
        case .olderRequested:
            guard let before = state.before else { return .delegate(.toast(firstLine)) }
            return .olderPage(id: EffectID.older(id), { try await api.activity(id, kind: kind, before: before) }, answer: Action.olderLoaded)
        case .olderLoaded(.failure(let e)):
            return .delegate(.toast(e.message))
        case .olderLoaded(.success(let page)):
            state.before = page.before
            let new = page.lines.unseen(in: state.lines)
            guard !new.isEmpty else { return .delegate(.toast(firstLine)) }
            state.pagedBack = true
            state.feed.set(state.lines + new)
            return .none
        case .list(let move):
            state.list.apply(move, count: state.lines.count, viewport: context.viewport)
            return .none
        }
    }

    static let firstLine = "That's the league's first event."

    /// The page has shown the feed up to `newest`: the settings keep it, so the next visit marks only what comes after.
    /// The mark for this visit (`seen`) stays where it was.
    static func markSeen(_ state: inout State, newest: Int64?) -> Effect<Action> {
        guard let newest, newest > (state.told ?? 0) else { return .none }
        state.told = newest
        return .delegate(.activitySeen(state.id, newest))
    }

    // MARK: - Keys

    public static func keymap(_ state: State) -> Keymap<Action> {
        let g = "Activity"
        // Digits reach the first ten (all kinds, then each in order); `f` steps through every kind.
        let digits: [KeyBinding<Action>] = ([nil] + ActivityKind.allCases).prefix(10).enumerated().map { i, k in
            KeyBinding([.char(Character("\(i)"))], .kindChosen(k), label: k?.title.lowercased() ?? "all kinds", group: "Show")
        }
        return Keymap([
            KeyBinding([.char("f")], .kindStepped, label: "kind: \(nextKind(state)?.title.lowercased() ?? "all")", group: g, footer: true),
            KeyBinding([.char("o")], .olderRequested, label: "older", group: g, footer: state.before != nil,
                       enabledWhen: state.before != nil, disabledReason: firstLine),
        ] + digits + ListKeys.bindings(Action.list, footer: false) + [PageKeys.retry(.retry)])
    }

    /// The kind `f` shows next.
    static func nextKind(_ state: State) -> ActivityKind? {
        let all: [ActivityKind?] = [nil] + ActivityKind.allCases
        return all[((all.firstIndex(of: state.kind) ?? 0) + 1) % all.count]
    }

    // MARK: - View

    /// "Sep 8 14:05" (UTC, like the rest of the app's dates); narrow, "Sep 8".
    static func stamp(_ date: Date, narrow: Bool) -> String {
        let day = Format.day(date).split(separator: " ").dropFirst().joined(separator: " ")
        return narrow ? day : "\(day) \(DraftRoomFeature.clockTime(date))"
    }

    /// "Trade", "Waivers"…: the kind in a short column.
    static func short(_ k: ActivityKind) -> String {
        switch k {
        case .moves: "Move"
        case .waivers: "Waiver"
        case .trades: "Trade"
        case .keepers: "Keeper"
        case .draft: "Draft"
        case .corrections: "Fix"
        case .results: "Result"
        case .refusedLineups: "Locked"
        case .closeGames: "Close"
        case .leadChanges: "Lead"
        case .startersOut: "Out"
        }
    }

    /// A line with what it lists under it: "Waivers: 1 claim awarded — Dana FC claimed … for $7".
    public static func text(_ line: ActivityLine) -> String {
        line.details.isEmpty ? line.text : line.text + " — " + line.details.joined(separator: " · ")
    }

    /// "All kinds · 3 new since you last looked".
    static func header(_ state: State) -> String {
        let n = state.newCount
        let since = n == 0 ? "nothing new since you last looked" : "\(n) new since you last looked"
        return "\(state.kind?.title ?? "All kinds") · \(since)"
    }

    static func table(_ state: State, context: RenderContext, width: Int) -> DataTable {
        let narrow = width < 70
        let rows = state.lines.map { l in [state.isNew(l) ? "•" : "", stamp(l.at, narrow: narrow), short(l.kind), text(l)] }
        let roles: [[StyleRole?]] = state.lines.map { l in state.isNew(l) ? [.accent, .dim, .accent, nil] : [nil, .dim, .dim, .dim] }
        return DataTable(columns: [DataColumn("", .length(1)), DataColumn("When", .length(narrow ? 6 : 12)), DataColumn("Kind", .length(6)),
                                   DataColumn("What", .fill(1))],
                         rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    /// The selected line in full, wrapped under the list (at most two rows on a small screen, four on a large one).
    static func detailLines(_ state: State, width: Int, maxLines: Int) -> [String] {
        guard let l = state.selected, width > 0, maxLines > 0 else { return [] }
        return Array(([l.text] + l.details.map { "  " + $0 }).flatMap { $0.wrapped(toWidth: width) }.prefix(maxLines))
    }

    static func maxDetailLines(_ area: Rect) -> Int { max(1, min(4, (area.height - 4) / 3)) }

    static func listArea(_ area: Rect, detailCount: Int) -> Rect {
        Rect(x: area.x + 1, y: area.y + 1, width: max(0, area.width - 2), height: max(0, area.height - 1 - detailCount))
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let empty = state.kind.map { "No \($0.title.lowercased()) in this league yet." } ?? "Nothing has happened in this league yet."
        guard LoadView.render(state.feed.load, what: "the league's activity", empty: empty, in: area, buffer: &buffer, context: context) != nil
        else {
            if case .empty = state.feed.load, state.kind != nil {
                _ = TextRow.put("f shows another kind · 0 all kinds", in: area, row: 2, style: context.style(.dim), buffer: &buffer)
            }
            return
        }
        _ = TextRow.put(header(state), in: area, row: 0, style: context.style(.title), buffer: &buffer)
        guard area.height > 2 else { return }
        let details = detailLines(state, width: area.width - 2, maxLines: maxDetailLines(area))
        table(state, context: context, width: area.width).render(in: listArea(area, detailCount: details.count), buffer: &buffer)
        let bottom = area.y + area.height
        for (i, text) in details.enumerated() {
            buffer.set(string: text, at: Point(x: area.x + 1, y: bottom - details.count + i), style: context.style(.dim), maxWidth: max(0, area.width - 2))
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let details = detailLines(state, width: area.width - 2, maxLines: maxDetailLines(area))
        guard let i = table(state, context: context, width: area.width).row(atY: point.y, in: listArea(area, detailCount: details.count)) else { return nil }
        return .list(.select(i))
    }
}

extension ActivityFeature.State: LoadingReporting {
    public var isLoading: Bool { feed.isLoading }
}
