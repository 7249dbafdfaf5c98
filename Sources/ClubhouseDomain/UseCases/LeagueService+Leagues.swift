import Foundation

// MARK: - Creating leagues and teams (gated: signed in; the creator becomes commissioner)

/// Limits on text people type, checked here (server side) and explained in the app.
public enum TextRules {
    public static let nameLength = 1...40

    /// A trimmed name of 1–40 characters without control characters.
    public static func name(_ raw: String, field: String, what: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.validation(field: field, message: "\(what) can't contain control characters")
        }
        guard nameLength.contains(name.count) else {
            throw DomainError.validation(field: field, message: "\(what) must be 1–40 characters (it has \(name.count))")
        }
        return name
    }
}

extension LeagueService {
    /// Creates a league with its teams (bots until people join), its draft (scheduled, random order
    /// unless set later) and its schedule; the caller becomes commissioner and manages team 1.
    public func createLeague(name rawName: String, settings: LeagueSettings, isPublic: Bool, teamName: String? = nil,
                             seasonClock: Date, seed: UInt64? = nil, caller: Caller) throws -> LeagueID {
        guard let user = caller.userID else { throw DomainError.unauthenticated }
        let name = try TextRules.name(rawName, field: "name", what: "A league name")
        try settings.validate()
        return try store.write { w in
            let now = clock.now()
            var league = League(id: LeagueID(0), name: name, isPublic: isPublic, commissioner: user, settings: settings,
                                state: .predraft, clock: seasonClock, createdAt: now)
            try League.checkSeasonClock(league.clock, season: league.season)
            league.id = try w.insertLeague(league)
            var teams: [Team] = []
            for i in 1...settings.teamCount {
                let t = Team(id: TeamID(0), leagueID: league.id, name: i == 1 ? (teamName ?? "Team 1") : "Team \(i)",
                             manager: i == 1 ? user : nil, waiverPriority: i, faabRemaining: settings.faabBudget)
                teams.append(Team(id: try w.insertTeam(t), leagueID: league.id, name: t.name, manager: t.manager,
                                  waiverPriority: i, faabRemaining: settings.faabBudget))
            }
            var rng = SeededRandom(seed: seed ?? UInt64(bitPattern: league.id.rawValue) &* 0x2545_F491_4F6C_DD1D)
            let order = DraftOrder.random(teams: teams.map(\.id), using: &rng)
            try w.setDraft(DraftRoom.scheduledDraft(leagueID: league.id, order: order, settings: settings))
            // Waiver priority starts as the reverse of the draft order.
            for (i, teamID) in order.reversed().enumerated() {
                if var t = teams.first(where: { $0.id == teamID }) { t.waiverPriority = i + 1; try w.updateTeam(t) }
            }
            try w.appendEvent(league: league.id, LeagueEvent.LeagueCreated(name: name), at: now)
            return league.id
        }
    }
}
