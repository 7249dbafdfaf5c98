import Foundation
import ClubhouseDomain
import Terminal

// A keeper or dynasty league with a taxi squad (`taxiSlots`): the roster lists its taxi players under "Taxi squad";
// `space` on the team's own page puts the selected player there (`POST …/taxi`) or, on a taxi player, promotes him to
// the bench for good (`POST …/taxi/promotions`) — as the keepers' page marks with `space`. The server decides what only
// it knows (his seasons, a promotion before, the lock at week 1's first kickoff) and says it in a sentence.

extension RosterFeature {
    /// The league's taxi squad places (0: none, and `space` isn't offered).
    static func taxiSlots(_ state: State) -> Int { state.detail.value?.league.settings.taxiSlots ?? 0 }

    /// Why `space` can't move the selected player to or from the taxi squad, or nil.
    static func taxiReason(_ state: State) -> String? {
        guard let d = state.detail.value, state.roster.value != nil else { return "nothing loaded yet" }
        let places = taxiSlots(state)
        if places == 0 { return "this league has no taxi squad" }
        if d.capabilities.signedIn, d.capabilities.myTeam != state.team { return "not your team — only its manager sets its taxi squad" }
        if d.league.state == .complete { return "the season is over" }
        guard let row = state.selectedRow else { return "no player selected" }
        if row.slot == .taxi { return nil }
        if row.slot == .ir { return "he is on IR — bench him first" }
        let onTaxi = state.players.filter { $0.slot == .taxi }.count
        if onTaxi >= places { return "the taxi squad is full (\(places) place\(places == 1 ? "" : "s")) — promote a player first" }
        return nil
    }

    /// `space`'s label: to the taxi squad, or promote (for good) a taxi player.
    static func taxiLabel(_ state: State) -> String {
        state.selectedRow?.slot == .taxi ? "promote (for good)" : "to taxi squad"
    }

    /// The write `space` sends for the selected player.
    static func taxiMove(_ state: State) -> GatedWrite? {
        guard taxiReason(state) == nil, let row = state.selectedRow else { return nil }
        let body = Wire.PlayerRef(player: row.player.id), at = At.Team(state.id, state.team)
        return row.slot == .taxi ? GatedWrite(Endpoints.Rosters.promoteFromTaxi, at, body) : GatedWrite(Endpoints.Rosters.moveToTaxi, at, body)
    }

    /// The taxi key, offered when the league has a taxi squad.
    static func taxiBindings(_ state: State) -> [KeyBinding<Action>] {
        guard taxiSlots(state) > 0 else { return [] }
        let promote = state.selectedRow?.slot == .taxi
        return [KeyBinding([.char(" ")], .taxiToggled, label: taxiLabel(state), group: "Taxi squad", footer: isMine(state), footerKeys: "space",
                           enabledWhen: taxiReason(state) == nil, disabledReason: taxiReason(state),
                           operation: promote ? Endpoints.Rosters.promoteFromTaxi.name : Endpoints.Rosters.moveToTaxi.name)]
    }
}
