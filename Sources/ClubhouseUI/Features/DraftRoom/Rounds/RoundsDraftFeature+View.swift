import Foundation
import ClubhouseDomain
import Terminal

/// The draft by rounds' view: where the draft is in the header, the pick's confirmation, the Recent picks tab, and its
/// keys (the shell places them among its own).
extension RoundsDraftFeature {
    /// "Round 2 · pick 7 · on the clock: Bytes (you)" (a traded pick names its original team), or "All 84 picks made".
    static func progress(_ room: DraftBoard) -> (String, StyleRole) {
        let d = room.draft
        if d.isComplete || d.status == .complete { return ("All \(room.picks.count) picks made", .text) }
        let n = max(1, d.order.count), round = (d.currentPick - 1) / n + 1
        var s = "Round \(round) · pick \(d.currentPick)"
        if let team = DraftRoomFeature.onTheClock(room) {
            s += " · on the clock: \(team.name)" + (team.id == room.capabilities.myTeam ? " (you)" : "")
            if let from = room.tradedPicks?.first(where: { $0.number == room.draft.currentPick })?.pick.team, from != team.id {
                s += " — \(room.teams.first { $0.id == from }?.name ?? "another team")'s pick"
            }
        }
        return (s, DraftRoomFeature.isMyTurn(room) ? .warning : .text)
    }

    /// The question while a pick waits for y/n.
    static func question(_ confirm: Confirm, _ room: DraftBoard) -> String {
        switch confirm {
        case .pick(let p, let n, _, let forTeam):
            "Draft \(p.name) (\(p.position.rawValue), \(p.nflTeam)) with pick \(n)"
                + (forTeam ? " for \(DraftRoomFeature.onTheClock(room)?.name ?? "the team on the clock")" : "") + "?  y confirm · n/esc cancel"
        }
    }

    /// The pick's original team when a trade moved it to the team that made it (nil: its own pick).
    static func via(_ room: DraftBoard, _ pick: Pick) -> TeamID? {
        guard let traded = room.tradedPicks?.first(where: { $0.number == pick.number }), traded.pick.team != pick.teamID else { return nil }
        return traded.pick.team
    }

    /// The Recent picks tab: newest first, each with its round, its team and the team it came from by trade.
    static func picksTable(_ recent: [DraftPickView], _ room: DraftBoard, names: [TeamID: String], selected: Int?, offset: Int, context: RenderContext) -> DataTable {
        let rows = recent.map { p in
            ["#\(p.pick.number)", "R\(p.pick.round)", names[p.pick.teamID] ?? "—", p.player.name, p.player.position.rawValue, p.player.nflTeam,
             via(room, p.pick).map { "via \(names[$0] ?? "—")" } ?? (p.pick.source == .manager ? "" : p.pick.source.rawValue)]
        }
        return DataTable(columns: [DataColumn("Pick", .length(4), .right), DataColumn("Rd", .length(3)), DataColumn("Team", .fill(1)), DataColumn("Player", .fill(2)),
                                   DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)), DataColumn("", .length(10))],
                         rows: rows, selected: selected, offset: offset, context: context)
    }

    // MARK: - Keys

    /// While a pick waits: y (or Enter) confirms, n (or Esc, through the shell) cancels.
    static let confirmKeymap = DraftRoomFeature.yesOrNo(Action.confirmed, Action.cancelled)

    /// Drafting the selected player: Enter on Available (in the footer), d on My queue.
    static func draftKey(_ state: State, on tab: DraftRoomFeature.Tab) -> KeyBinding<Action> {
        let blocked = pickBlocked(state.room)
        return KeyBinding([tab == .queue ? .char("d") : .enter], .pickRequested, label: "draft", group: DraftRoomFeature.keyGroup, footer: tab != .queue,
                          enabledWhen: blocked == nil, disabledReason: blocked, operation: Endpoints.Drafting.makePick.name)
    }

    /// The commissioner's pick for the team on the clock (listed, disabled, before the room is read).
    static func pickForTeamKey(_ room: DraftBoard?) -> KeyBinding<Action> {
        let caps = room?.capabilities, isComm = caps?.isCommissioner == true
        return KeyBinding([.char("F")], .pickForTeamRequested, label: "pick for the team on the clock", group: "Commissioner",
                          enabledWhen: isComm && room?.draft.status == .running,
                          disabledReason: isComm ? "The draft isn't running." : caps?.signedIn == true ? "Only the commissioner can do that." : DraftRoomFeature.signInMessage)
    }
}
