import Foundation

extension Endpoints {
    /// A manager in the draft room: the board, picks, the queue, the recap (its chat is the league chat, `LeagueChat`).
    public enum Drafting {
        public static let draftBoard = Endpoint<At.League, Wire.Empty, DraftBoard>.leagueRead("draftBoard", "/v1/leagues/{league}/draft") { try $0.draft.draftBoard($1, caller: $2) }
        public static let draftRecap = Endpoint<At.League, Wire.Empty, DraftRecap>.leagueRead("draftRecap", "/v1/leagues/{league}/draft/recap") { try $0.draft.draftRecap($1, caller: $2) }
        public static let draftablePlayers = Endpoint<At.League, Wire.Empty, [DraftablePlayer]>.leagueRead("draftablePlayers", "/v1/leagues/{league}/draft/players") { try $0.draft.draftablePlayers($1, caller: $2) }
        public static let myQueue = Endpoint<At.League, Wire.Empty, [PlayerSummary]>.leagueRead("myQueue", "/v1/leagues/{league}/draft/queue") { try $0.draft.myQueue($1, caller: $2) }

        static let roomReason = "Sign in to draft in {league} — you'll come straight back to the room."
        public static let makePick = Endpoint<At.League, Wire.PickRequest, Pick>.gated(
            "makePick", .post, "/v1/leagues/{league}/draft/picks", idempotent: true,
            GateWords(reason: { _, _, name in GateWords<At.League, Wire.PickRequest>.fill(roomReason, name) },
                      resume: { _, b, name in "Finish your pick \(b.expectedPick) in \(name)?" },
                      success: { _, b in "Pick \(b.expectedPick) made" })
        ) { c, a, b in try c.service.draft.makePick(a.league, expectedPick: b.expectedPick, expectedTeam: b.expectedTeam, player: b.player, caller: c.caller) }
        public static let editQueue = Endpoint<At.League, DraftQueueEdit, [PlayerSummary]>.gated(
            "editQueue", .post, "/v1/leagues/{league}/draft/queue", GateWords(reason: roomReason, success: "Queue updated")
        ) { c, a, edit in try c.service.draft.editQueue(a.league, edit, caller: c.caller) }

        static let all: [any AnyEndpoint] = [draftBoard, draftRecap, draftablePlayers, myQueue, makePick, editQueue]
    }
}

public protocol DraftClient: LeagueTransport {
    func draftBoard(_ id: LeagueID) async throws -> DraftBoard
    func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer]
    /// After the draft has started: grades against the room and the best and worst picks by season points.
    func draftRecap(_ id: LeagueID) async throws -> DraftRecap
    /// The caller's pick (or the commissioner's, for the team on the clock). `expectedPick` and `expectedTeam` are the
    /// pick number and its team the person saw on the clock: a stale one is refused with `.conflict`, never replayed.
    func makePick(_ league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID) async throws -> Pick
    /// The caller's queue (empty when signed out or without a team).
    func myQueue(_ league: LeagueID) async throws -> [PlayerSummary]
    /// Edits the caller's own queue; returns it as it now stands.
    func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary]
}

extension DraftClient {
    public func draftBoard(_ id: LeagueID) async throws -> DraftBoard { try await call(Endpoints.Drafting.draftBoard, At.League(id)) }
    public func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer] { try await call(Endpoints.Drafting.draftablePlayers, At.League(id)) }
    public func draftRecap(_ id: LeagueID) async throws -> DraftRecap { try await call(Endpoints.Drafting.draftRecap, At.League(id)) }
    public func makePick(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick {
        try await makePick(league, expectedPick: expectedPick, expectedTeam: nil, player: player)
    }

    public func makePick(_ league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID) async throws -> Pick {
        try await call(Endpoints.Drafting.makePick, At.League(league), Wire.PickRequest(expectedPick: expectedPick, expectedTeam: expectedTeam, player: player))
    }
    public func myQueue(_ league: LeagueID) async throws -> [PlayerSummary] { try await call(Endpoints.Drafting.myQueue, At.League(league)) }
    public func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary] {
        try await call(Endpoints.Drafting.editQueue, At.League(league), edit)
    }
}
