import Foundation

// MARK: - After the draft: grades against the room and how each pick scored (DraftGrades).

extension DraftService {
    /// How many best and worst picks the recap lists.
    public static let recapPickCount = 5

    /// The league's draft recap; readable by whoever can see the league, once its draft has started.
    public func draftRecap(_ id: LeagueID, caller: Caller) throws -> DraftRecap {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            guard let draft = try r.draft(in: id), draft.status != .scheduled else {
                throw DomainError.conflict("The draft of \(s.league.name) hasn't started — the recap comes after it")
            }
            let picks = try r.picks(in: id)
            let rankings = rankings(s.league, facts: s.facts)
            let records = s.records
            let teams = Dictionary(uniqueKeysWithValues: s.teams.map { ($0.id, s.summary($0, records: records)) })
            let grades = DraftGrades.grades(teams: draft.order, picks: picks, rankings: rankings)
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.team < $1.team }
            let outcomes = DraftGrades.outcomes(picks: picks, rankings: rankings) { s.scored.seasonPoints($0, finalAt: s.now) }
            let (best, worst) = DraftGrades.bestAndWorst(outcomes, count: Self.recapPickCount)
            func line(_ o: DraftGrades.PickOutcome) -> DraftRecap.PickLine {
                DraftRecap.PickLine(pick: o.pick, teamName: teams[o.pick.teamID]?.name ?? "—", player: s.facts.summary(o.pick.playerID),
                                    value: o.value, seasonPoints: o.seasonPoints, seasonRank: o.seasonRank, surplus: o.surplus)
            }
            let started = s.league.state == .inSeason || s.league.state == .playoffs || s.league.state == .complete
            return DraftRecap(leagueID: id, leagueName: s.league.name, complete: draft.isComplete || draft.status == .complete,
                              throughWeek: started ? lastFinalWeek(s) : 0,
                              teams: grades.compactMap { g in teams[g.team].map {
                                  DraftRecap.TeamLine(team: $0, grade: g.letter, value: g.value, roomAverage: g.roomAverage, byPosition: g.byPosition)
                              } },
                              best: best.map(line), worst: worst.map(line))
        }
    }

    /// The last week whose every game is final on the league's clock (0 when none is).
    private func lastFinalWeek(_ s: LeagueSnapshot) -> Int {
        let byWeek = Dictionary(grouping: s.facts.games, by: \.week)
        return byWeek.keys.sorted().last { w in byWeek[w]!.allSatisfy { s.now >= $0.finalAt } } ?? 0
    }
}
