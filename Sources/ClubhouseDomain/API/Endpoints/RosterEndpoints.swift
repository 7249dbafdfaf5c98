import Foundation

extension Endpoints {
    /// A team's roster through the season: its page, the lineup, players, free agents, drops and the league's log.
    public enum Rosters {
        public static let roster = Endpoint<At.Team, Wire.Empty, TeamRoster>.read("roster", "/v1/leagues/{league}/teams/{team}/roster") { c, a in
            try c.service.roster.roster(a.league, team: a.team, caller: c.caller)
        }
        public static let player = Endpoint<At.Player, Wire.Empty, PlayerDetail>.read("player", "/v1/players/{player}") { c, a in
            try c.service.roster.player(a.player, league: a.league, caller: c.caller)
        }
        public static let availablePlayers = Endpoint<At.Players, Wire.Empty, [AvailablePlayer]>.read("availablePlayers", "/v1/leagues/{league}/players") { c, a in
            try c.service.waivers.availablePlayers(a.league, position: a.position, sort: a.sort, caller: c.caller)
        }
        public static let transactions = Endpoint<At.League, Wire.Empty, [TransactionView]>.leagueRead("transactions", "/v1/leagues/{league}/transactions") { try $0.waivers.transactions($1, caller: $2) }

        public static let moveInLineup = Endpoint<At.Team, LineupMove, TeamRoster>.gated(
            "moveInLineup", .post, "/v1/leagues/{league}/teams/{team}/lineup",
            GateWords(reason: { _, _, name in "Sign in to set your lineup in \(name)." }, resume: { _, _, name in "Finish your lineup move in \(name)?" },
                      success: { _, move in "Lineup saved — moved to \(move.slot.rawValue)" })
        ) { c, a, move in
            try c.service.roster.moveInLineup(a.league, team: a.team, move: move, caller: c.caller)
            return try c.service.roster.roster(a.league, team: a.team, caller: c.caller)
        }
        public static let addFreeAgent = Endpoint<At.Team, Wire.AddPlayer, Transaction>.gated(
            "addFreeAgent", .post, "/v1/leagues/{league}/teams/{team}/adds", idempotent: true,
            GateWords(reason: "Sign in to add this player in {league}.", resume: "Finish adding that player in {league}?", success: "Player added to your team")
        ) { c, a, b in try c.service.waivers.addFreeAgent(a.league, team: a.team, player: b.player, dropping: b.dropping, caller: c.caller) }
        public static let dropPlayer = Endpoint<At.Team, Wire.PlayerRef, Transaction>.gated(
            "dropPlayer", .post, "/v1/leagues/{league}/teams/{team}/drops", idempotent: true,
            GateWords(reason: "Sign in to drop this player in {league}.", resume: "Finish dropping that player in {league}?",
                      success: "Player dropped — he is on waivers now")
        ) { c, a, b in try c.service.waivers.dropPlayer(a.league, team: a.team, player: b.player, caller: c.caller) }

        /// A keeper league's renewed season: each team's keepers with their cost rounds, the players it may keep, the deadline.
        public static let keepers = Endpoint<At.League, Wire.Empty, LeagueKeepers>.leagueRead("keepers", "/v1/leagues/{league}/keepers") { try $0.keepers.keepers($1, caller: $2) }
        /// Declares a team's keepers (its manager before the deadline; the commissioner for any team until the draft starts).
        public static let setKeepers = Endpoint<At.Team, Wire.KeeperPlayers, LeagueKeepers>.gated(
            "setKeepers", .put, "/v1/leagues/{league}/teams/{team}/keepers", idempotent: true,
            GateWords(reason: { _, _, name in "Sign in to set your keepers in \(name)." }, resume: { _, _, name in "Finish setting your keepers in \(name)?" },
                      success: { _, b in b.players.isEmpty ? "Keepers cleared" : "Keepers saved — \(b.players.count) kept" })
        ) { c, a, b in try c.service.keepers.setKeepers(a.league, team: a.team, players: b.players, caller: c.caller) }

        /// A keeper or dynasty team's manager puts a young player on the taxi squad (until week 1's first kickoff).
        public static let moveToTaxi = Endpoint<At.Team, Wire.PlayerRef, TeamRoster>.gated(
            "moveToTaxi", .post, "/v1/leagues/{league}/teams/{team}/taxi",
            GateWords(reason: { _, _, name in "Sign in to set your taxi squad in \(name)." }, resume: { _, _, name in "Finish your taxi squad move in \(name)?" },
                      success: { _, _ in "Moved to the taxi squad" })
        ) { c, a, b in
            try c.service.roster.moveToTaxi(a.league, team: a.team, player: b.player, caller: c.caller)
            return try c.service.roster.roster(a.league, team: a.team, caller: c.caller)
        }
        /// Promotes a taxi player to the roster, for good.
        public static let promoteFromTaxi = Endpoint<At.Team, Wire.PlayerRef, TeamRoster>.gated(
            "promoteFromTaxi", .post, "/v1/leagues/{league}/teams/{team}/taxi/promotions",
            GateWords(reason: { _, _, name in "Sign in to promote your taxi player in \(name)." },
                      resume: { _, _, name in "Finish promoting your taxi player in \(name)?" },
                      success: { _, _ in "Promoted to the roster — for good" })
        ) { c, a, b in
            try c.service.roster.promoteFromTaxi(a.league, team: a.team, player: b.player, caller: c.caller)
            return try c.service.roster.roster(a.league, team: a.team, caller: c.caller)
        }

        static let all: [any AnyEndpoint] = [roster, player, availablePlayers, transactions, moveInLineup, addFreeAgent, dropPlayer, keepers, setKeepers,
                                             moveToTaxi, promoteFromTaxi]
    }
}

public protocol RosterClient: LeagueTransport {
    func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster
    /// A player's page; under `league`'s scoring and clock when given, else Half-PPR over the whole season.
    func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail
    func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer]
    /// The league's completed adds, drops, claims and trades, newest first (a read: no account needed for public leagues).
    func transactions(_ league: LeagueID) async throws -> [TransactionView]
    /// One lineup move on the league's current week; returns the team's roster page as it now stands.
    func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster
    /// Adds a free agent (not one on waivers), dropping `dropping` when given; a full roster needs a drop.
    func addFreeAgent(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) async throws -> Transaction
    /// Drops a player; he stays on waivers for the league's waiver period.
    func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction
    /// A keeper league's keepers per team with their costs.
    func keepers(_ league: LeagueID) async throws -> LeagueKeepers
    /// Declares a team's keepers (the order is the order of declaration); returns the league's keepers.
    func setKeepers(_ league: LeagueID, team: TeamID, players: [PlayerID]) async throws -> LeagueKeepers
}

extension RosterClient {
    public func keepers(_ league: LeagueID) async throws -> LeagueKeepers { try await call(Endpoints.Rosters.keepers, At.League(league)) }
    public func setKeepers(_ league: LeagueID, team: TeamID, players: [PlayerID]) async throws -> LeagueKeepers {
        try await call(Endpoints.Rosters.setKeepers, At.Team(league, team), Wire.KeeperPlayers(players: players))
    }
    public func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster { try await call(Endpoints.Rosters.roster, At.Team(id, team)) }
    /// Puts a young player on the team's taxi squad; returns the roster page.
    public func moveToTaxi(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> TeamRoster {
        try await call(Endpoints.Rosters.moveToTaxi, At.Team(league, team), Wire.PlayerRef(player: player))
    }
    /// Promotes a taxi player to the roster, for good; returns the roster page.
    public func promoteFromTaxi(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> TeamRoster {
        try await call(Endpoints.Rosters.promoteFromTaxi, At.Team(league, team), Wire.PlayerRef(player: player))
    }
    public func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail { try await call(Endpoints.Rosters.player, At.Player(id, league: league)) }
    public func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer] {
        try await call(Endpoints.Rosters.availablePlayers, At.Players(id, position: position, sort: sort))
    }
    public func transactions(_ league: LeagueID) async throws -> [TransactionView] { try await call(Endpoints.Rosters.transactions, At.League(league)) }
    public func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster {
        try await call(Endpoints.Rosters.moveInLineup, At.Team(league, team), move)
    }
    public func addFreeAgent(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) async throws -> Transaction {
        try await call(Endpoints.Rosters.addFreeAgent, At.Team(league, team), Wire.AddPlayer(player: player, dropping: dropping))
    }
    public func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction {
        try await call(Endpoints.Rosters.dropPlayer, At.Team(league, team), Wire.PlayerRef(player: player))
    }
}
