import Foundation
import ClubhouseDomain
import Terminal

/// A team's roster: starters (empty slots shown), then bench and IR; slot, player, position, NFL team, bye, injury,
/// acquisition, week and season points, 🔒 for a player whose game kicked off. On the signed-in person's own team it
/// is the lineup editor for the league's current week: `m` moves a player (a chooser of slots, the ones he can't take
/// dimmed with the reason), `d` drops one after a confirm, `b` puts him on the trading block (or takes him off: other
/// managers see "[block]" beside his name and filter the trade builder by it), `W` opens the waiver claims. `R`
/// renames the team (its manager, or the commissioner for any team).
public enum RosterFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case roster(LeagueID, TeamID), league(LeagueID), keepers(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var team: TeamID
        public var roster = Loadable<TeamRoster>()
        /// The league: slot counts and what the person may do here (capabilities).
        public var detail = Loadable<LeagueDetail>()
        /// A keeper league's renewed season before its draft: the keepers and the players each team may keep
        /// (`RosterFeature+Keepers`).
        public var keepers = Loadable<LeagueKeepers>()
        /// Selection over `players` (starters first).
        public var list = ListState()
        /// The move chooser or the drop question, while one is open.
        public var modal: Modal?
        /// `m` or `d` pressed while signed out: Sign in comes first (SPEC §4.4), then — back here, if the team turns out
        /// to be the person's — the chooser or the question opens for the same player.
        public var afterSignIn: AfterSignIn?
        public init(id: LeagueID, team: TeamID) { self.id = id; self.team = team }

        /// The roster's players, starters first in slot order, then bench, then IR.
        public var players: [RosterRow] {
            (roster.value?.rows ?? []).enumerated().sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }.map(\.element)
        }
        public var selectedRow: RosterRow? { players[safe: list.selected ?? -1] }
        var slots: [Slot: Int] { detail.value?.league.settings.rosterSlots ?? LeagueSettings().rosterSlots }
    }

    public enum AfterSignIn: Equatable, Sendable { case move(PlayerID), drop(PlayerID) }

    public enum Modal: Equatable, Sendable {
        case move(PlayerID, Chooser<LineupMove>)
        case drop(PlayerID, PageConfirm)
        case rename(TextPrompt)
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        /// A league event: reload in place, leaving any open chooser or question alone.
        case liveRefreshed
        case rosterLoaded(RequestToken, Result<TeamRoster, PresentableError>)
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case keepersLoaded(RequestToken, Result<LeagueKeepers, PresentableError>)
        /// `space`: the selected player of last season's roster kept, or no longer.
        case keeperToggled
        /// `space` on a league with a taxi squad: the selected player to it, or a taxi player promoted (`RosterFeature+Taxi`).
        case taxiToggled
        case list(ListMove)
        case rowActivated
        /// `m`: choose where the selected player goes.
        case moveRequested
        /// `d`: ask before dropping the selected player.
        case dropRequested
        /// A key while the chooser or the question is open.
        case modalKey(Key)
        case claimsOpened
        /// `b`: the selected player on my trading block, or off it.
        case tradingBlockToggled
        /// `R`: ask for the team's new name.
        case renameRequested
        /// Text pasted into the rename question.
        case modalPasted(String)
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    /// An open chooser or question takes every key.
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isEditingText: state.modal != nil, typed: { .modalKey($0) }, pasted: { .modalPasted($0) })
    }
    public static func title(_ state: State) -> String { state.roster.value?.team.name ?? "Team" }
    public static func page(_ state: State) -> Page { .roster(state.id, team: state.team) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: .team(state.team)) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry, .liveRefreshed:
            if case .liveRefreshed = action {} else { state.modal = nil }
            // A reload after a write keeps the roster on screen until the answer replaces it.
            let t = state.roster.value == nil ? state.roster.begin() : state.roster.beginRefresh(), api = context.env.api, id = state.id, team = state.team
            let d = state.detail.value == nil ? state.detail.begin() : state.detail.beginRefresh()
            return .merge(.load(t, id: EffectID.roster(id, team), { try await api.roster(id, team: team) }, answer: Action.rosterLoaded),
                          .load(d, id: EffectID.league(id), { try await api.league(id) }, answer: Action.detailLoaded),
                          loadKeepers(&state, context: context))
        case .rosterLoaded(let t, let r):
            state.roster.finish(t, r, isEmpty: { $0.rows.isEmpty })
            keepSelectionInList(&state)
            return resumeAfterSignIn(&state, context: context)
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r)
            let keepers = state.keepers.value == nil && !state.keepers.isLoading ? loadKeepers(&state, context: context) : .none
            return .merge(resumeAfterSignIn(&state, context: context), keepers)
        case .keepersLoaded(let t, let r):
            state.keepers.finish(t, r)
            keepSelectionInList(&state)
            return .none
        case .keeperToggled:
            guard let write = keeperToggle(state) else { return .none }
            return .delegate(.perform(write))
        case .taxiToggled:
            guard let write = taxiMove(state) else { return .none }
            return .delegate(.perform(write))
        case .list(let m):
            state.list.apply(m, count: listCount(state), viewport: context.viewport); return .none
        case .rowActivated:
            guard let row = state.selectedRow else { return .none }
            return .delegate(.open(.player(row.player.id, league: state.id)))
        case .moveRequested:
            if signedOut(state), editReason(state) == nil, let row = state.selectedRow {
                state.afterSignIn = .move(row.player.id)
                return .delegate(.open(.account(.signIn)))
            }
            guard moveReason(state) == nil, let row = state.selectedRow else { return .none }
            let options = LineupTargets.options(moving: row, in: state.players, slots: state.slots,
                                                irAllowsDoubtful: state.detail.value?.league.settings.irAllowsDoubtful ?? false)
            let where_ = options.contains { $0.value != nil } ? "Move \(Format.tagged(row.player)) (\(row.slot.rawValue)) to:"
                                                                : "\(Format.tagged(row.player)) can't move anywhere this week:"
            state.modal = .move(row.player.id, Chooser(title: "Lineup · week \(state.roster.value?.week ?? 0)", prompt: where_, options: options))
            return .none
        case .dropRequested:
            if signedOut(state), editReason(state) == nil, let row = state.selectedRow {
                state.afterSignIn = .drop(row.player.id)
                return .delegate(.open(.account(.signIn)))
            }
            guard dropReason(state) == nil, let row = state.selectedRow else { return .none }
            let days = state.detail.value?.league.settings.waiverPeriodDays ?? 2
            state.modal = .drop(row.player.id, PageConfirm(
                title: "Drop \(row.player.name)?",
                message: "He leaves \(state.roster.value?.team.name ?? "the team") and goes on waivers for \(days) day\(days == 1 ? "" : "s"). This can't be undone.",
                confirmLabel: "Drop"))
            return .none
        case .modalKey(let key):
            switch state.modal {
            case .move(let p, var chooser)?:
                switch chooser.handle(key) {
                case .picked(let move)?:
                    state.modal = nil
                    return .delegate(.perform(.moveInLineup(league: state.id, team: state.team, move: move)))
                case .cancelled?: state.modal = nil
                case nil: state.modal = .move(p, chooser)
                }
            case .drop(let p, var confirm)?:
                switch confirm.handle(key) {
                case .confirmed?:
                    state.modal = nil
                    return .delegate(.perform(.dropPlayer(league: state.id, team: state.team, player: p)))
                case .cancelled?: state.modal = nil
                case nil: state.modal = .drop(p, confirm)
                }
            case .rename(var prompt)?:
                switch prompt.handle(key) {
                case .answered(let name)?:
                    state.modal = nil
                    return .delegate(.perform(GatedWrite(Endpoints.Leagues.renameTeam, At.Team(state.id, state.team), Wire.TeamName(teamName: name))))
                case .cancelled?: state.modal = nil
                case nil: state.modal = .rename(prompt)
                }
            case nil: break
            }
            return .none
        case .modalPasted(let text):
            if case .rename(var prompt)? = state.modal { prompt.paste(text); state.modal = .rename(prompt) }
            return .none
        case .renameRequested:
            guard renameReason(state) == nil, let team = state.roster.value?.team else { return .none }
            state.modal = .rename(TextPrompt(
                title: "Rename team", prompt: "New name for \(team.name):", text: team.name, maxLength: TextRules.nameLength.upperBound,
                hint: "\(TextRules.nameLength.lowerBound)–\(TextRules.nameLength.upperBound) characters · enter saves · esc cancels",
                check: { raw in Result { () throws(DomainError) in try TextRules.name(raw, field: "teamName", what: "A team name") } }))
            return .none
        case .claimsOpened:
            return .delegate(.open(.claims(state.id)))
        case .tradingBlockToggled:
            guard blockReason(state) == nil, let row = state.selectedRow else { return .none }
            let change = Wire.TradingBlockChange(team: state.team, player: row.player.id, on: !row.onTradingBlock)
            return .delegate(.perform(GatedWrite(Endpoints.Trades.tradingBlock, At.League(state.id), change)))
        }
    }

    /// The rows the list selects among: the players that may be kept on the keepers' page, else the roster's.
    static func listCount(_ state: State) -> Int {
        keeperMode(state) && state.keepers.value != nil ? keeperCandidates(state).count : state.players.count
    }

    /// After a load: the selection stays on a row of what is listed now — the last when the list got shorter, the first
    /// when there was none (a renewed season's empty roster, then its keepers' list arriving).
    static func keepSelectionInList(_ state: inout State) {
        let count = listCount(state)
        guard count > 0 else { state.list.selected = nil; return }
        state.list.selected = min(state.list.selected ?? 0, count - 1)
    }

    /// Whether nobody is signed in (what the league said last).
    static func signedOut(_ state: State) -> Bool { state.detail.value.map { !$0.capabilities.signedIn } ?? false }

    /// Back from Sign in with both loads in: opens the chooser (or the question) that `m` (or `d`) asked for, on the
    /// same player, when the team is the person's; says why not otherwise.
    static func resumeAfterSignIn(_ state: inout State, context: PageContext) -> Effect<Action> {
        guard let pending = state.afterSignIn, let d = state.detail.value, d.capabilities.signedIn,
              !state.detail.isLoading, !state.roster.isLoading, state.roster.value != nil else { return .none }
        state.afterSignIn = nil
        let player: PlayerID
        switch pending { case .move(let p), .drop(let p): player = p }
        if let i = state.players.firstIndex(where: { $0.player.id == player }) {
            state.list.select(i, count: state.players.count, viewport: context.viewport)
        }
        switch pending {
        case .move: if let why = moveReason(state) { return .delegate(.toast(why)) }
        case .drop: if let why = dropReason(state) { return .delegate(.toast(why)) }
        }
        guard state.selectedRow?.player.id == player else { return .none }
        switch pending {
        case .move: return reduce(into: &state, action: .moveRequested, context: context)
        case .drop: return reduce(into: &state, action: .dropRequested, context: context)
        }
    }

    /// Why this person can't edit this lineup, or nil. Signed out: nil (the key starts the sign-in gate; the server
    /// then decides whether the team is theirs).
    static func editReason(_ state: State) -> String? {
        guard let d = state.detail.value, state.roster.value != nil else { return "nothing loaded yet" }
        if d.capabilities.signedIn, d.capabilities.myTeam != state.team { return "not your team — only its manager changes it" }
        switch d.league.state {
        case .predraft, .drafting: return "lineups open once the draft is done"
        case .complete: return "the season is over"
        case .inSeason, .playoffs: break
        }
        return state.selectedRow == nil ? "no player selected" : nil
    }

    /// Why the selected player can't move: a starter whose game kicked off is locked in place (the domain's sentence).
    static func moveReason(_ state: State) -> String? {
        if let r = editReason(state) { return r }
        if let row = state.selectedRow, row.slot == .taxi { return LineupRefusal.onTaxiSquad(row.player.id).message }
        guard let row = state.selectedRow, row.locked, row.slot.isStarter else { return nil }
        return LineupRefusal.playerLocked(row.player.id, kickoff: .distantPast).message
    }

    /// Why the selected player can't be dropped (besides `editReason`): his game this week has kicked off.
    static func dropReason(_ state: State) -> String? {
        if let r = editReason(state) { return r }
        guard let row = state.selectedRow, row.locked else { return nil }
        return LockWords.kickedOff(nil, defense: row.player.position == .def, cant: "can't be dropped")
    }

    /// Why the selected player can't go on (or off) the trading block: only on my own team, before the season is over.
    static func blockReason(_ state: State) -> String? {
        guard let d = state.detail.value, state.roster.value != nil else { return "nothing loaded yet" }
        if d.capabilities.signedIn, d.capabilities.myTeam != state.team { return "the trading block is your own team's" }
        if d.league.state == .complete { return "the season is over" }
        return state.selectedRow == nil ? "no player selected" : nil
    }

    /// Why this person can't rename the team: only its manager or the commissioner, and not a renewed season's.
    /// Signed out: nil (the write signs in first; the server then decides).
    static func renameReason(_ state: State) -> String? {
        guard let d = state.detail.value, state.roster.value != nil else { return "nothing loaded yet" }
        if d.nextLeague != nil { return "this season is history — the team plays on in the renewed league" }
        if d.capabilities.signedIn, d.capabilities.myTeam != state.team, !d.capabilities.isCommissioner {
            return "not your team — only its manager or the commissioner renames it"
        }
        return nil
    }

    static func isMine(_ state: State) -> Bool {
        guard let c = state.detail.value?.capabilities else { return false }
        return c.signedIn && c.myTeam == state.team
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        if let modal = state.modal {
            // Keys go to the chooser or the question (typed); these are for the footer and help.
            switch modal {
            case .move: return Keymap([KeyBinding([.down, .up], .modalKey(.down), label: "choose", group: "Lineup", footer: true, footerKeys: "↑↓"),
                                       KeyBinding([.enter], .modalKey(.enter), label: "move here", group: "Lineup", footer: true)])
            case .drop: return Keymap([KeyBinding([.char("y")], .modalKey(.char("y")), label: "drop", group: "Drop", footer: true),
                                       KeyBinding([.char("n")], .modalKey(.char("n")), label: "keep", group: "Drop", footer: true)])
            case .rename: return Keymap([KeyBinding([.enter], .modalKey(.enter), label: "save", group: "Rename", footer: true),
                                         KeyBinding([.escape], .modalKey(.escape), label: "cancel", group: "Rename", footer: true)])
            }
        }
        if keeperMode(state) {
            let canKeep = isMine(state) || state.detail.value?.capabilities.isCommissioner == true
            return Keymap([
                // Space, as the trade builder marks players: j/k move through the list as on every page.
                KeyBinding([.char(" ")], .keeperToggled, label: keeperLabel(state), group: "Keepers", footer: canKeep, footerKeys: "space",
                           enabledWhen: keeperReason(state) == nil, disabledReason: keeperReason(state), operation: Endpoints.Rosters.setKeepers.name),
            ] + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
        }
        return Keymap([
            // Offered in the footer only on the person's own team; signed out they stay in ? help, and sign in first.
            KeyBinding([.char("m")], .moveRequested, label: signedOut(state) ? "move (signs in first)" : "move", group: "Lineup",
                       footer: isMine(state), enabledWhen: moveReason(state) == nil, disabledReason: moveReason(state)),
            KeyBinding([.char("d")], .dropRequested, label: signedOut(state) ? "drop (signs in first)" : "drop", group: "Lineup",
                       footer: isMine(state), enabledWhen: dropReason(state) == nil, disabledReason: dropReason(state)),
            KeyBinding([.char("b")], .tradingBlockToggled, label: state.selectedRow?.onTradingBlock == true ? "off the block" : "trading block",
                       group: "Lineup", footer: isMine(state), enabledWhen: blockReason(state) == nil, disabledReason: blockReason(state),
                       operation: Endpoints.Trades.tradingBlock.name),
            KeyBinding([.char("W")], .claimsOpened, label: "claims", group: "Lineup", footer: isMine(state), enabledWhen: isMine(state),
                       disabledReason: state.detail.value?.capabilities.signedIn == true ? "claims are on your own team's page" : "sign in to see your claims (i)"),
            KeyBinding([.char("R")], .renameRequested, label: signedOut(state) ? "rename team (signs in first)" : "rename team", group: "Team",
                       footer: false, enabledWhen: renameReason(state) == nil, disabledReason: renameReason(state),
                       operation: Endpoints.Leagues.renameTeam.name),
            KeyBinding([.enter], .rowActivated, label: "open player", group: "Roster", footer: true,
                       enabledWhen: state.roster.value != nil, disabledReason: "nothing loaded yet"),
        ] + taxiBindings(state) + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }
}

extension RosterFeature.State: LoadingReporting {
    public var isLoading: Bool { roster.isLoading || detail.isLoading || keepers.isLoading }
}
