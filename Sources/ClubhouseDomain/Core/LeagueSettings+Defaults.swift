import Foundation

// Defaults that follow their fields: a setting whose default depends on another reads its default from the
// settings it depends on until a client sends it (or code sets it). Only a value that was sent can then be refused:
// `bidSeconds: 5` alone gives a 5-second reset, a 13-week regular season alone gives playoffs from week 14.
// Each rule computes on values brought into their limits first, so a refused neighbour (a week of Int.max) can't trap.

extension LeagueSettings {
    /// min(10, `bidSeconds`).
    public var defaultBidResetSeconds: Int {
        min(10, bidSeconds.clamped(to: Limits.bidSeconds))
    }

    /// 4 teams, or the most the league allows below that (2 in a league of 3).
    public var defaultPlayoffTeams: Int {
        let most = min(4, teamCount)
        return Self.allowedPlayoffTeams.last { $0 <= most } ?? Self.allowedPlayoffTeams[0]
    }

    /// The weeks right after the regular season, one per playoff round.
    public var defaultPlayoffWeeks: ClosedRange<Int> {
        let last = regularSeasonWeeks.upperBound.clamped(to: 0...Limits.weeks.upperBound)
        let teams = playoffTeams.clamped(to: 2...6)
        return (last + 1)...(last + Self.playoffRounds(teams: teams))
    }

    /// QB 4, RB 8, WR 8, TE 3, K 3, DEF 3 — each at least the position's own starting slots, and RB and WR raised in
    /// turn until the drafted spots fit.
    public var defaultPositionMaxima: [Position: Int] {
        var maxima = Self.basePositionMaxima
        for p in Position.allCases {
            let own = (rosterSlots[p.dedicatedSlot] ?? 0).clamped(to: Limits.positionMaximum)
            maxima[p] = max(maxima[p] ?? 0, own)
        }
        let rounds = draftRounds.clamped(to: Limits.draftedSlots)
        var raise: [Position] = [.rb, .wr]
        var guardSteps = 0
        while maxima.values.reduce(0, +) < rounds, guardSteps < 60 {
            let p = raise.removeFirst(); raise.append(p)
            if maxima[p]! < Limits.positionMaximum.upperBound { maxima[p]! += 1 }
            guardSteps += 1
        }
        return maxima
    }

    /// $200, or the minimum bid for every drafted spot when that is more.
    public var defaultAuctionBudget: Int {
        max(200, auctionMinBid.clamped(to: Limits.auctionMinBid) * draftRounds.clamped(to: Limits.draftedSlots))
    }

    /// 2 seasons ahead in a dynasty league (Sleeper's and MyFantasyLeague's usual window), none otherwise.
    public var defaultFuturePickSeasons: Int {
        leagueType == .dynasty ? 2 : 0
    }

    static let basePositionMaxima: [Position: Int] = [.qb: 4, .rb: 8, .wr: 8, .te: 3, .k: 3, .def: 3]
}
