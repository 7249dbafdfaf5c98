import Foundation

/// How one claim ended, in words a manager understands.
public struct WaiverClaimResult: Hashable, Sendable {
    public var claimID: Int64
    public var teamID: TeamID
    public var player: PlayerID
    public var outcome: WaiverClaim.Outcome
    public var explanation: String
}

/// Everything a waiver run produced, as values for storage to write in one transaction.
public struct WaiverRunResult: Hashable, Sendable {
    public var state: WaiverState
    /// Every input claim, in input order; the processed ones are now won or lost, with their outcome and time.
    public var claims: [WaiverClaim]
    public var transactions: [Transaction]
    /// One line per processed claim, in the order they were decided (the order shown to users).
    public var results: [WaiverClaimResult]
}

/// Processes pending waiver claims deterministically.
///
/// Order (shown to users):
/// 1. Each team lines up its pending claims by its own rank (then claim id); its first is its "front" claim.
/// 2. Teams are visited in rolling-priority order; a front claim that can no longer succeed ends now — player gone
///    (already rostered), drop player gone (no longer on the roster), IR not in order (a player on the team's IR who
///    is no longer eligible this week and isn't the claim's drop: `InjuredReserveRules`), insufficient budget (FAAB
///    bid above what is left), roster full (roster size without IR or position maxima) — and the team's next claim
///    steps up.
/// 3. Among the valid front claims one wins: FAAB — the highest bid, ties by rolling priority; rolling — the best
///    priority. The winner gets the player on its bench, drops its drop player (who goes on waivers), pays its bid,
///    and moves to last in rolling priority (FAAB leagues keep a rolling priority for ties).
/// 4. Every other pending claim on that player ends: outbid (a lower bid), lower priority (rolling, or a tied bid
///    in front), or player gone (a later claim of a team that had not reached him yet).
/// 5. Repeat until no claim is pending. A player never lands on two rosters; a budget never goes below $0.
public enum WaiverProcessor {
    /// What a run knows of IR: each player's status for the run's week, and how his name is said.
    public struct InjuredReserve {
        public var status: (PlayerID) -> InjuryStatus
        public var name: (PlayerID) -> String
        public init(status: @escaping (PlayerID) -> InjuryStatus, name: @escaping (PlayerID) -> String = { $0.rawValue }) {
            self.status = status; self.name = name
        }
    }

    /// `injuredReserve` nil leaves IR unchecked (callers without an injury report; the league's waiver run always
    /// passes the week's).
    public static func process(claims: [WaiverClaim], state initial: WaiverState, positions: [PlayerID: Position],
                               settings: LeagueSettings, now: Date, firstTransactionID: Int64,
                               injuredReserve: InjuredReserve? = nil) -> WaiverRunResult {
        var state = initial
        var claims = claims
        var transactions: [Transaction] = []
        var results: [WaiverClaimResult] = []
        let faab = settings.waiverType == .faab
        let limits = RosterLimits(settings)

        // Each team's pending claims, in its own rank order.
        var queues: [TeamID: [Int]] = [:]
        for i in claims.indices where claims[i].status == .pending { queues[claims[i].teamID, default: []].append(i) }
        for t in queues.keys { queues[t]!.sort { (claims[$0].rank, claims[$0].id) < (claims[$1].rank, claims[$1].id) } }

        func finish(_ i: Int, _ outcome: WaiverClaim.Outcome, _ explanation: String) {
            claims[i].status = outcome == .won ? .won : .lost
            claims[i].outcome = outcome
            claims[i].processedAt = now
            results.append(WaiverClaimResult(claimID: claims[i].id, teamID: claims[i].teamID, player: claims[i].addPlayer,
                                             outcome: outcome, explanation: explanation))
        }

        /// Why a claim can't succeed now, or nil.
        func failure(_ c: WaiverClaim) -> (WaiverClaim.Outcome, String)? {
            if let owner = state.owner(of: c.addPlayer) {
                return (.playerGone, "Player gone: \(c.addPlayer) is already on \(owner)'s roster")
            }
            let roster = state.roster(of: c.teamID)
            if let drop = c.dropPlayer, !roster.contains(drop) {
                return (.dropPlayerGone, "Drop player gone: \(drop) is no longer on the roster")
            }
            if let ir = injuredReserve,
               let block = InjuredReserveRules.addBlock(roster, dropping: c.dropPlayer, settings: settings, status: ir.status, name: ir.name) {
                return (.injuredReserveNotInOrder, "IR not in order: \(block)")
            }
            if faab {
                let left = state.budgets[c.teamID] ?? 0
                if c.bid < 0 || c.bid > left {
                    return (.insufficientBudget, "Insufficient budget: a $\(c.bid) bid with $\(left) left")
                }
            }
            guard let position = positions[c.addPlayer] else {
                return (.playerGone, "Player gone: \(c.addPlayer) is not a known player")
            }
            if let problem = limits.problem(adding: position, dropping: c.dropPlayer, to: roster, positions: positions) {
                return (.rosterFull, "Roster full: \(problem)")
            }
            return nil
        }

        while true {
            // Step 2: settle invalid front claims, teams in priority order (then team id).
            let teams = queues.keys.sorted { (state.priorityRank(of: $0), $0) < (state.priorityRank(of: $1), $1) }
            var fronts: [TeamID: Int] = [:]
            for team in teams {
                while let i = queues[team]?.first {
                    if let (outcome, why) = failure(claims[i]) {
                        finish(i, outcome, why)
                        queues[team]!.removeFirst()
                    } else {
                        fronts[team] = i
                        break
                    }
                }
                if queues[team]?.isEmpty == true { queues[team] = nil }
            }
            guard !fronts.isEmpty else { break }

            // Step 3: the winning front claim.
            func key(_ i: Int) -> (Int, Int, Int64) {
                (faab ? -claims[i].bid : 0, state.priorityRank(of: claims[i].teamID), claims[i].id)
            }
            let w = fronts.values.min { key($0) < key($1) }!
            let win = claims[w]
            let winnerPriority = state.priorityRank(of: win.teamID)

            var roster = state.roster(of: win.teamID)
            roster.entries.removeAll { $0.playerID == win.dropPlayer }
            roster.entries.append(RosterEntry(playerID: win.addPlayer, slot: .bench, acquisition: .waiver, acquiredAt: now))
            state.rosters[win.teamID] = roster
            state.holds.removeAll { $0.playerID == win.addPlayer }
            if let drop = win.dropPlayer { state.holds.append(.forDroppedPlayer(drop, droppedAt: now, settings: settings)) }
            if faab { state.budgets[win.teamID] = (state.budgets[win.teamID] ?? 0) - win.bid }
            if !state.priority.contains(win.teamID) { state.priority.append(win.teamID) }
            state.priority = WaiverPriority.movingToLast(win.teamID, in: state.priority)
            transactions.append(Transaction(id: firstTransactionID + Int64(transactions.count), leagueID: win.leagueID, teamID: win.teamID,
                                            kind: .waiverClaim, added: win.addPlayer, dropped: win.dropPlayer, bid: faab ? win.bid : nil, at: now))
            queues[win.teamID]!.removeFirst()
            finish(w, .won, faab
                   ? "Won \(win.addPlayer) for $\(win.bid) (priority \(winnerPriority))"
                   : "Won \(win.addPlayer) with waiver priority \(winnerPriority)")

            // Step 4: everyone else who wanted him.
            let front = Set(fronts.values)
            for team in queues.keys.sorted(by: { (state.priorityRank(of: $0), $0) < (state.priorityRank(of: $1), $1) }) {
                for i in queues[team]! where claims[i].addPlayer == win.addPlayer {
                    let c = claims[i]
                    if c.teamID == win.teamID {
                        finish(i, .playerGone, "Player gone: your claim \(win.id) already won \(win.addPlayer)")
                    } else if faab && c.bid < win.bid {
                        finish(i, .outbid, "Outbid: \(win.teamID) won \(win.addPlayer) for $\(win.bid); your bid was $\(c.bid)")
                    } else if !faab || front.contains(i) {
                        finish(i, .lowerPriority, faab
                               ? "Lower priority: \(win.teamID) also bid $\(win.bid) and had waiver priority \(winnerPriority)"
                               : "Lower priority: \(win.teamID) had waiver priority \(winnerPriority)")
                    } else {
                        finish(i, .playerGone, "Player gone: \(win.teamID) won \(win.addPlayer) before this claim's turn")
                    }
                }
                queues[team]!.removeAll { claims[$0].addPlayer == win.addPlayer }
                if queues[team]!.isEmpty { queues[team] = nil }
            }
        }
        return WaiverRunResult(state: state, claims: claims, transactions: transactions, results: results)
    }
}
