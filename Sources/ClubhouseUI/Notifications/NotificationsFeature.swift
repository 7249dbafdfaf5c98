import Foundation
import ClubhouseDomain
import Terminal

/// The app's notifications (README.md, “League chat”): while someone is signed in the app follows the live events
/// of every league they may read (one stream), and a chat line in one of their leagues that @mentions them shows a
/// toast ("Ben mentioned you in Gridiron Greats: …"), counts on the top bar's bell, rings the terminal bell and —
/// where the terminal shows them — sends a desktop notification (`DesktopTarget`). Another person's chat line in one
/// of their leagues shows a toast and counts; so do their trades, their draft and their scores (`LeagueNotices`), a
/// trade offered to them and their turn on the clock ringing too. Nothing for a category the person muted in that
/// league, and no count for what the page on top already shows (that league's chat, or its draft room for the draft's
/// news); the League chat page clears its league's count.
public enum NotificationsFeature: Reducer {
    enum EffectID: EffectIdentifier { case events, leagues }

    public struct State: Equatable, Sendable {
        /// Unread notifications per league (the top bar shows the sum).
        public var unread: [LeagueID: Int] = [:]
        /// Who is signed in (nil: nothing is followed).
        public var me: UserID?
        /// The person's leagues and their names (read at sign-in).
        public var myLeagues: [LeagueID: String] = [:]
        /// The person's team in each of their leagues that has one.
        public var myTeams: [LeagueID: TeamID] = [:]
        /// The newest event seen: the stream opens again after it (a new sign-in).
        public var lastEventID: Int64?
        /// Events from before this moment are history, not news: the embedded transport replays a stream opened
        /// without a start from the first event (the remote one sends only new ones).
        public var since: Date
        /// The league whose chat the page on top shows (nothing counts there), set by the shell.
        public var reading: LeagueID?
        /// The league whose draft room is on top (it says and rings the draft's news itself), set by the shell.
        public var drafting: LeagueID?
        /// Per-league mutes and where desktop notifications go, set by the shell from the settings.
        public var mutes: [String: [NotificationCategory]] = [:]
        public var desktop = DesktopTarget(protocol: nil)

        public init(since: Date) { self.since = since }

        /// The bell's count.
        public var total: Int { unread.values.reduce(0, +) }

        func muted(_ c: NotificationCategory, in league: LeagueID) -> Bool {
            mutes[String(league.rawValue)]?.contains(c) == true
        }
    }

    /// What a notification says, once its message was read.
    public struct Notice: Equatable, Sendable {
        public var league: LeagueID
        public var category: NotificationCategory
        public var text: String
        /// Rings the bell and sends the desktop notification (a mention, an offer waiting for an answer, your turn).
        public var rings: Bool
        public init(league: LeagueID, category: NotificationCategory, text: String, rings: Bool? = nil) {
            self.league = league; self.category = category; self.text = text; self.rings = rings ?? (category == .mentions)
        }
    }

    public enum Action: Sendable {
        /// Someone signed in (or out: nil): follow their leagues' events, or stop.
        case signedIn(UserID?)
        case leaguesLoaded([LeagueSummary])
        case eventReceived(LeagueEvent)
        /// The chat line an event named, read: what to say (nil: nothing, e.g. the person's own line).
        case noticeReady(Notice?)
    }

    /// How far back (before the app started) an event still counts as news: a clock between two machines may differ
    /// this much (remote mode), and a mention a moment before the app opened is still worth saying.
    public static let grace: TimeInterval = 120

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api
        switch action {
        case .signedIn(let user):
            state.me = user
            state.unread = [:]
            state.myLeagues = [:]
            state.myTeams = [:]
            guard user != nil else { return .merge(.cancel(id: EffectID.events), .cancel(id: EffectID.leagues)) }
            let after = state.lastEventID
            return .merge(
                .run(id: EffectID.leagues) { (try? await api.myLeagues()).map(Action.leaguesLoaded) },
                .run(id: EffectID.events) { send in
                    for await event in api.events(league: nil, after: after) { send(.eventReceived(event)) }
                })
        case .leaguesLoaded(let leagues):
            state.myLeagues = Dictionary(leagues.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            state.myTeams = Dictionary(leagues.compactMap { l in l.myTeam.map { (l.id, $0) } }, uniquingKeysWith: { a, _ in a })
            return .none
        case .eventReceived(let event):
            state.lastEventID = max(state.lastEventID ?? 0, event.id)
            // A league made, renewed, joined or left since sign-in: the person's leagues are read again, so what happens
            // next in a league they joined tonight (a renewed season's first trade offer) is theirs to hear.
            if state.me != nil, Self.changesMembership.contains(event.kind) {
                return .run(id: EffectID.leagues) { (try? await api.myLeagues()).map(Action.leaguesLoaded) }
            }
            guard let me = state.me, event.at >= state.since.addingTimeInterval(-grace) else { return .none }
            guard event.kind == .chat else { return leagueNotice(event, state: state, api: api) }
            guard let body = try? event.decodedBody(as: LeagueEvent.Chat.self) else { return .none }
            let league = event.leagueID
            let category: NotificationCategory = body.mentions?.contains(me) == true ? .mentions : .chat
            if state.muted(category, in: league) { return .none }
            // Plain chat: only the person's own leagues, and not while they read that chat.
            if category == .chat && (state.myLeagues[league] == nil || state.reading == league) { return .none }
            let known = state.myLeagues[league]
            return .run {
                guard let m = try? await api.chatMessages(league, before: body.message + 1).first(where: { $0.id == body.message }),
                      !m.removed, m.userID != me else { return .noticeReady(nil) }
                let name: String
                if let known { name = known } else { name = (try? await api.league(league).league.name) ?? "League \(league.rawValue)" }
                let who = m.authorName.isEmpty ? "Someone" : m.authorName
                let text = category == .mentions ? "\(who) mentioned you in \(name): \(m.body)" : "\(who) in \(name): \(m.body)"
                return .noticeReady(Notice(league: league, category: category, text: text))
            }
        case .noticeReady(let notice):
            guard let notice, state.me != nil, !state.muted(notice.category, in: notice.league) else { return .none }
            let shown = state.reading == notice.league
            if !shown { state.unread[notice.league, default: 0] += 1 }
            var fx: [Effect<Action>] = shown ? [] : [.delegate(.toast(DesktopNotification.sanitize(notice.text)))]
            if notice.rings {
                // The bell, and the desktop notification where the terminal shows one.
                let env = context.env, sequence = state.desktop.sequence(title: "Clubhouse", body: notice.text)
                fx.append(.run {
                    env.bell()
                    if let sequence { env.terminalOutput(sequence) }
                    return nil
                })
            }
            return .merge(fx)
        }
    }

    /// Events after which the person's leagues (and their teams in them) may differ from what was read.
    static let changesMembership: Set<LeagueEvent.Kind> = [.leagueCreated, .leagueRenewed, .memberJoined, .joinDecided, .memberLeft]

    /// A trade, draft or scoring event in one of the person's leagues where they have a team (`LeagueNotices`).
    static func leagueNotice(_ event: LeagueEvent, state: State, api: any LeagueAPI) -> Effect<Action> {
        let league = event.leagueID
        guard let name = state.myLeagues[league], let team = state.myTeams[league],
              let (category, read) = LeagueNotices.notice(for: event, team: team, league: name, api: api),
              !state.muted(category, in: league), !(category == .draft && state.drafting == league) else { return .none }
        return .run { .noticeReady(await read()) }
    }

    /// What the shell tells the notifications after every action: the league whose chat is on top (its count is
    /// read), the league whose draft room is on top, the mutes and where desktop notifications go.
    public static func sync(_ state: inout State, reading: LeagueID?, drafting: LeagueID? = nil, settings: UserSettings, detected: DesktopTarget) {
        if state.reading != reading { state.reading = reading }
        if state.drafting != drafting { state.drafting = drafting }
        if let reading, state.unread[reading] != nil { state.unread[reading] = nil }
        if state.mutes != settings.notificationMutes { state.mutes = settings.notificationMutes }
        let desktop = settings.desktopNotifications.resolved(detected)
        if state.desktop != desktop { state.desktop = desktop }
    }

    /// "🔔 3" for the top bar; nil when nothing is unread.
    public static func bellLabel(_ state: State) -> String? {
        state.total > 0 ? "🔔 \(state.total)" : nil
    }
}
