import Foundation
import ClubhouseDomain
import Terminal

// A keeper league's renewed season, before its draft: the team's page lists its final roster of the season before,
// each player with his keeper cost — a round ("round 4"), or in an auction league a price ("$23") out of the team's
// budget; `space` marks or unmarks the selected one as a keeper (the footer says his cost and the deadline), saved at once
// (`PUT …/teams/{t}/keepers`, the list in the order declared).

extension RosterFeature {
    /// Whether the page shows keepers: a keeper league renewed from a season, its draft not started.
    static func keeperMode(_ state: State) -> Bool {
        guard let d = state.detail.value else { return false }
        return d.league.settings.leagueType == .keeper && d.previousLeague != nil && d.league.state == .predraft
    }

    /// This team's keepers and the players it may keep, when loaded.
    static func teamKeepers(_ state: State) -> TeamKeepers? { state.keepers.value?.teams.first { $0.team == state.team } }

    /// The players it may keep, in the list's order.
    static func keeperCandidates(_ state: State) -> [KeeperCandidate] { teamKeepers(state)?.candidates ?? [] }

    static func selectedCandidate(_ state: State) -> KeeperCandidate? { keeperCandidates(state)[safe: state.list.selected ?? -1] }

    /// The keeper a player is, when kept.
    static func kept(_ player: PlayerID, _ state: State) -> KeeperView? { teamKeepers(state)?.keepers.first { $0.player == player } }

    /// Loads the league's keepers when the page shows them.
    static func loadKeepers(_ state: inout State, context: PageContext) -> Effect<Action> {
        guard keeperMode(state) else { return .none }
        let t = state.keepers.value == nil ? state.keepers.begin() : state.keepers.beginRefresh(), api = context.env.api, id = state.id
        return .load(t, id: EffectID.keepers(id), { try await api.keepers(id) }, answer: Action.keepersLoaded)
    }

    /// Why `space` can't mark or unmark the selected player, or nil.
    static func keeperReason(_ state: State) -> String? {
        guard let d = state.detail.value, let k = state.keepers.value else { return "nothing loaded yet" }
        let commissioner = d.capabilities.isCommissioner
        if d.capabilities.signedIn, d.capabilities.myTeam != state.team, !commissioner { return "not your team — only its manager keeps its players" }
        if !k.open, !commissioner { return "keepers were due \(k.deadline.map(Format.day) ?? "before the draft") — only the commissioner can set them now" }
        guard let c = selectedCandidate(state) else { return "no player selected" }
        if kept(c.player, state) != nil { return nil }
        if let refusal = c.refusal { return refusal }
        let n = teamKeepers(state)?.keepers.count ?? 0
        if n >= k.keeperCount { return "already keeping \(n) — the most a team keeps; unmark one first" }
        if let price = c.cost.price, let settings = state.detail.value?.league.settings {
            // The server's budget rule, said before the write: the keepers' prices leave the minimum bid for every other spot.
            let prices = (teamKeepers(state)?.keepers ?? []).compactMap(\.cost.price) + [price]
            let most = KeeperRules.affordable(keepers: prices.count, settings: settings), total = prices.reduce(0, +)
            if total > most {
                return "keeping him makes $\(total) — the budget leaves $\(max(0, most)) for \(prices.count) keeper\(prices.count == 1 ? "" : "s") "
                    + "($\(settings.auctionMinBid) stays for each other spot)"
            }
        }
        return nil
    }

    /// `space`'s label: what it does to the selected player, with his cost.
    static func keeperLabel(_ state: State) -> String {
        guard let c = selectedCandidate(state) else { return "keeper" }
        if let k = kept(c.player, state) { return "unkeep (\(k.cost.shown))" }
        return "keep · \(c.cost.shown)"
    }

    /// The write `space` sends: the team's keepers with the selected player added at the end, or taken out.
    static func keeperToggle(_ state: State) -> GatedWrite? {
        guard keeperReason(state) == nil, let c = selectedCandidate(state) else { return nil }
        var players = teamKeepers(state)?.keepers.map(\.player) ?? []
        if players.contains(c.player) { players.removeAll { $0 == c.player } } else { players.append(c.player) }
        return GatedWrite(Endpoints.Rosters.setKeepers, At.Team(state.id, state.team), Wire.KeeperPlayers(players: players))
    }

    /// The keepers' page: how many are kept and until when, then the players of last season's final roster with
    /// their costs, kept ones starred.
    static func renderKeepers(_ state: State, _ k: LeagueKeepers, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let mine = teamKeepers(state)
        let due: String = if let d = k.deadline { Format.day(d) + (k.open ? "" : " (closed)") } else { "\(state.detail.value?.league.settings.keeperDeadlineHours ?? 24) h before the draft (no date yet)" }
        var pairs = [("Keepers", "\(mine?.keepers.count ?? 0) of \(k.keeperCount) from \(k.fromSeason.map(String.init) ?? "last season")"), ("Due", due)]
        if let s = state.detail.value?.league.settings, s.keeperCost == .auction {
            let spent = (mine?.keepers ?? []).compactMap(\.cost.price).reduce(0, +)
            pairs.insert(("Budget", "$\(spent) of $\(s.auctionBudget) kept"), at: 1)
        }
        TextRow.pairs(pairs, in: area, row: 0, context: context, buffer: &buffer)
        let candidates = keeperCandidates(state)
        guard !candidates.isEmpty else {
            TextRow.pairs([("", "No player of this team's final \(k.fromSeason.map(String.init) ?? "") roster to keep.")], in: body(area), row: 1, context: context, buffer: &buffer)
            return
        }
        let cols = [DataColumn("Keep", .length(4)), DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)),
                    DataColumn("Cost", .length(8)), DataColumn("Kept", .length(8))]
        var rows: [[String]] = [], roles: [[StyleRole?]] = []
        for c in candidates {
            let kept = kept(c.player, state)
            rows.append([kept == nil ? "" : "★", c.summary.name, c.summary.position.rawValue, c.summary.nflTeam, (kept?.cost ?? c.cost).shown,
                         c.refusal == nil ? "year \(c.years)" : "too long"])
            roles.append([.accent, kept == nil ? (c.refusal == nil ? nil : .dim) : .accent, .dim, .dim, kept == nil ? .dim : .accent, .dim])
        }
        DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
            .render(in: body(area), buffer: &buffer)
    }
}

extension KeeperCostView {
    /// The cost in words: "round 4", or an auction keeper's price "$23".
    var shown: String { price.map { "$\($0)" } ?? "round \(round ?? 1)" }
}
