import Foundation
import Testing
import ClubhouseDomain

/// The live week's feed lines (`LiveLines`) on 2019's real plays: a pairing made so that a play of week 9's last game,
/// in its final two minutes, puts the team behind ahead — its lead change is a line with the scores and the clock of
/// that moment, all read from the plays and box scores, not written down.
@Suite struct LiveLinesTests {
    static let week = 9

    @Test func aPlayInTheFinalTwoMinutesThatPutsTheTeamBehindAheadIsALeadChange() throws {
        let f = Fixture.season2019
        let facts = f.facts, live = Fixture.liveWeek(Self.week)
        let scored = facts.scored(.preset(.ppr))
        let lines = LiveLines(week: Self.week, scored: scored, live: live)
        // The week's last game, and the first play of its final two minutes that raised a player's points by 2 or more.
        let last = try #require(f.games.filter { $0.week == Self.week && live.games[$0.id] != nil }.max { ($0.kickoff, $0.id) < ($1.kickoff, $1.id) })
        let plays = try #require(live.games[last.id]).plays
        var found: (player: PlayerID, at: Date, before: Points, after: Points)?
        for p in plays where !p.isResidual && p.elapsed >= LiveLines.finalTwoMinutes {
            let at = last.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: p.elapsed))
            let before = scored.points(p.playerID, week: Self.week, at: at.addingTimeInterval(-0.001), live: live)
            let after = scored.points(p.playerID, week: Self.week, at: at, live: live)
            if after - before >= Points(hundredths: 200) { found = (p.playerID, at, before, after); break }
        }
        let scorer = try #require(found, "week 9's last game has a scoring play in its final two minutes")
        // An opponent from an earlier game whose final points lie between the scorer's before and after that play.
        let twoLeft = last.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: LiveLines.finalTwoMinutes))
        let opponent = try #require(facts.weeklyStats(week: Self.week).map(\.playerID).sorted().first { id in
            guard let g = facts.game(of: id, week: Self.week, live: live), g.finalAt < twoLeft else { return false }
            let pts = scored.points(id, week: Self.week, finalAt: last.finalAt)
            return pts > scorer.before && pts < scorer.after
        })
        let theirs = scored.points(opponent, week: Self.week, finalAt: last.finalAt)

        let pairing = LiveLines.Pairing(home: TeamID(1), away: TeamID(2), homeStarters: [scorer.player], awayStarters: [opponent])
        #expect(lines.lastGame(pairing)?.id == last.id)
        let out = lines.lines(pairing, from: last.kickoff, moments: lines.moments(after: last.kickoff, through: last.finalAt), closeAlready: true)
        let changes = out.compactMap { $0 as? LeagueEvent.LeadChanged }.map(\.score)
        let clock = GameClock.label(elapsed: GameClock.elapsed(atOffset: scorer.at.timeIntervalSince(last.kickoff)))
        #expect(changes.contains(LeagueEvent.LiveScore(week: Self.week, leader: .init(team: TeamID(1), points: scorer.after),
                                                      trailer: .init(team: TeamID(2), points: theirs), gameClock: clock)), "\(changes)")
        #expect(!out.contains { $0 is LeagueEvent.CloseGame }, "its close-game line was already written")
        // Every lead change lies in the final two minutes.
        #expect(changes.allSatisfy { $0.gameClock.hasPrefix("Q4 0:") || $0.gameClock.hasPrefix("Q4 1:") || $0.gameClock.hasPrefix("Q4 2:00")
            || $0.gameClock.hasPrefix("OT") || $0.gameClock == "Final" })
    }
}
