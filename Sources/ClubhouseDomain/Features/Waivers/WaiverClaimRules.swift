import Foundation

/// Checks a waiver claim when it is placed (processing checks again, since things change before the run).
///
/// Rules: the player must be on waivers (a free agent is added directly; a rostered player can't be claimed);
/// one pending claim per team and player; the drop, if given, is on the team's roster; without a drop the roster
/// must have room; FAAB bids are whole dollars from $0 up to the team's remaining budget.
public enum WaiverClaimRules {
    public static func validate(_ claim: WaiverClaim, pending: [WaiverClaim], rosters: [Roster], holds: [WaiverHold],
                                positions: [PlayerID: Position], budget: Int, settings: LeagueSettings, now: Date) throws(DomainError) {
        guard let position = positions[claim.addPlayer] else { throw .notFound("Player \(claim.addPlayer)") }
        switch PlayerAvailability.of(claim.addPlayer, rosters: rosters, holds: holds, now: now) {
        case .rostered(let owner): throw .conflict("\(claim.addPlayer) is already on \(owner)'s roster")
        case .freeAgent: throw .validation(field: "player", message: "\(claim.addPlayer) is a free agent — add him directly")
        case .onWaivers: break
        }
        if pending.contains(where: { $0.teamID == claim.teamID && $0.addPlayer == claim.addPlayer && $0.status == .pending && $0.id != claim.id }) {
            throw .validation(field: "player", message: "You already have a claim for \(claim.addPlayer)")
        }
        let roster = rosters.first { $0.teamID == claim.teamID } ?? Roster(teamID: claim.teamID)
        if let drop = claim.dropPlayer, !roster.contains(drop) {
            throw .validation(field: "drop", message: "\(drop) is not on your roster")
        }
        if let problem = RosterLimits(settings).problem(adding: position, dropping: claim.dropPlayer, to: roster, positions: positions) {
            throw .validation(field: "drop", message: "Roster full: \(problem) — choose a player to drop")
        }
        guard claim.bid >= 0 else { throw .validation(field: "bid", message: "The minimum bid is $0") }
        guard claim.bid <= LeagueSettings.Limits.faabBudget.upperBound else {
            throw .validation(field: "bid", message: "A bid is at most $10,000")
        }
        if settings.waiverType == .faab, claim.bid > budget {
            throw .validation(field: "bid", message: "Insufficient budget: a $\(claim.bid) bid with $\(budget) left")
        }
    }
}
