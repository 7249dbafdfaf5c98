import Foundation
import ClubhouseDomain

/// A manager's writes on the UI double: signed out they ask for sign-in; signed in, only on `myTeams`; `teamRefusal`
/// makes them refuse like the server would. Performed writes are recorded in `teamWrites`.
extension FakeLeague {
    private func teamWrite(_ league: LeagueID, _ team: TeamID?, _ write: GatedWrite) throws {
        try checkSession()
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        if let team, myTeams[league] != team { throw DomainError.forbidden("Only the manager of that team can change it") }
        if let r = teamRefusal { throw r }
        teamWrites.append(write)
    }

    func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster {
        try teamWrite(league, team, .moveInLineup(league: league, team: team, move: move))
        var r = rosters[team] ?? Demo.roster(team)
        if let i = r.rows.firstIndex(where: { $0.player.id == move.playerID }) {
            if let p = move.swapWith, let j = r.rows.firstIndex(where: { $0.player.id == p }) { r.rows[j].slot = r.rows[i].slot }
            r.rows[i].slot = move.slot
        }
        rosters[team] = r
        return r
    }
    func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction {
        try teamWrite(league, team, .dropPlayer(league: league, team: team, player: player))
        var r = rosters[team] ?? Demo.roster(team)
        r.rows.removeAll { $0.player.id == player }
        rosters[team] = r
        return Transaction(id: 1, leagueID: league, teamID: team, kind: .drop, added: nil, dropped: player, at: Demo.now)
    }
    func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim {
        try teamWrite(league, team, .placeClaim(league: league, team: team, player: player, dropping: dropping, bid: bid))
        let c = WaiverClaim(id: Int64(100 + claims.count), leagueID: league, teamID: team, addPlayer: player, dropPlayer: dropping, bid: bid,
                            rank: claims.count + 1, createdAt: Demo.now)
        let summary = Demo.available.first { $0.player.id == player }?.player ?? Demo.waller
        claims.append(ClaimView(claim: c, player: summary, drop: nil))
        return c
    }
    func cancelClaim(_ league: LeagueID, claim: Int64) async throws {
        try teamWrite(league, nil, .cancelClaim(league: league, claim: claim))
        claims.removeAll { $0.id == claim }
    }
    func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim] {
        try teamWrite(league, team, .reorderClaims(league: league, team: team, order: order))
        claims = order.compactMap { id in claims.first { $0.id == id } }
        return claims.map(\.claim)
    }
    func myClaims(_ league: LeagueID) async throws -> [ClaimView] { signedInUser == nil ? [] : claims }
    func myClaimResults(_ league: LeagueID) async throws -> [ClaimView] { signedInUser == nil ? [] : claimResults }
    func setClaimResults(_ c: [ClaimView]) { claimResults = c }
    func transactions(_ league: LeagueID) async throws -> [TransactionView] { transactionLog }

    func setRoster(_ r: TeamRoster) { rosters[r.team.id] = r }
    func setSettings(_ s: LeagueSettings, for league: LeagueID) { settingsOverride[league] = s }
    func setClaims(_ c: [ClaimView]) { claims = c }
    func setTransactions(_ t: [TransactionView]) { transactionLog = t }
    func setTeamRefusal(_ e: DomainError?) { teamRefusal = e }
}
