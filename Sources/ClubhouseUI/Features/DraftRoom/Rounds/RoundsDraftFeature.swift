import Foundation
import ClubhouseDomain
import Terminal

/// A draft by rounds (snake, linear, third-round reversal): teams pick in turn. Enter (or d on My queue) asks to draft
/// the selected player with the pick on the clock, y confirms; the commissioner may pick for the team on the clock (F).
/// Every pick carries the pick number and team the person saw: the server refuses it if either changed.
/// A child of the draft room (`DraftRoomFeature`), which lends it the room and keeps `Picking`, its own state.
public enum RoundsDraftFeature: Reducer {
    public typealias State = RoomChild<Picking>

    /// What the draft by rounds keeps of its own.
    public struct Picking: Equatable, Sendable {
        public var confirm: Confirm?
        public init() {}
    }

    /// A pick waiting for y/n.
    public enum Confirm: Equatable, Sendable {
        /// Draft `player` with pick `expected` (for the team on the clock when `forTeam`).
        /// The pick number and its team as the person saw them: the server refuses the pick if either changed.
        case pick(PlayerSummary, expected: Int, team: TeamID?, forTeam: Bool)
    }

    public enum Action: Sendable {
        case pickRequested
        /// The commissioner picks for the team on the clock.
        case pickForTeamRequested
        case confirmed, cancelled
        /// A pick answered (the shell says it and reads the room again).
        case pickAnswered(Result<Pick, PresentableError>)
        /// The shell read the room again.
        case roomRead
        /// A write answered "not signed in" (the shell says so and reads the room again).
        case signInNeeded(DomainError)
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api, id = state.id, room = state.room
        switch action {
        case .pickRequested, .pickForTeamRequested:
            let forTeam: Bool
            if case .pickForTeamRequested = action { forTeam = true } else { forTeam = false }
            if !forTeam, let reason = pickBlocked(room) { return toast(reason) }
            if forTeam, let reason = DraftRoomFeature.commissionerBlocked(room, needsRunning: true) { return toast(reason) }
            guard let player = state.selected else { return toast("Select a player first (j/k).") }
            let team = DraftRoomFeature.onTheClock(room)?.id
            if !room.capabilities.signedIn {
                // Signed out: the gate records the pick as seen, opens Sign in, then makes it (README.md, “Accounts”).
                return .delegate(.perform(.makePick(league: id, expectedPick: room.draft.currentPick, expectedTeam: team, player: player.id)))
            }
            state.confirm = .pick(player, expected: room.draft.currentPick, team: team, forTeam: forTeam)
            return .none
        case .cancelled:
            state.confirm = nil; return .none
        case .confirmed:
            guard case .pick(let p, let expected, let team, let forTeam)? = state.confirm else { return .none }
            state.confirm = nil
            let answer: @Sendable (Result<Pick, PresentableError>) -> Action = Action.pickAnswered
            if forTeam {
                return DraftRoomFeature.write({ try await api.pickForTeam(id, expectedPick: expected, expectedTeam: team, player: p.id) },
                                              answer: answer, signedOut: Action.signInNeeded)
            }
            return DraftRoomFeature.write({ try await api.makePick(id, expectedPick: expected, expectedTeam: team, player: p.id) },
                                          answer: answer, signedOut: Action.signInNeeded)
        case .roomRead:
            // A confirmation for a pick that is no longer on the clock can only fail: drop it and say why.
            guard case .pick(_, let expected, _, _)? = state.confirm, room.draft.currentPick != expected || room.draft.status != .running else { return .none }
            state.confirm = nil
            return toast(room.draft.currentPick != expected ? "Pick \(expected) was made while you were deciding." : "The draft was paused — pick again when it resumes.")
        case .pickAnswered, .signInNeeded:
            return .none
        }
    }

    static func toast(_ m: String) -> Effect<Action> { .delegate(.toast(m)) }

    /// Why I can't pick now, or nil.
    static func pickBlocked(_ room: DraftBoard) -> String? {
        guard room.capabilities.myTeam != nil || !room.capabilities.signedIn else { return "You have no team in this league." }
        switch room.draft.status {
        case .scheduled: return "The draft hasn't started yet."
        case .paused: return "The draft is paused."
        case .complete: return "The draft is complete."
        case .running: break
        }
        if room.draft.isComplete { return "The draft is complete." }
        // Signed out, Enter goes through Sign in; the server then checks whose pick it is.
        if room.capabilities.signedIn, !DraftRoomFeature.isMyTurn(room) {
            return "It's not your pick — \(DraftRoomFeature.onTheClock(room)?.name ?? "another team") is on the clock."
        }
        return nil
    }
}
