import Foundation

// MARK: - The Trades page and the trade builder

extension TradesService {
    /// The league's trades as the caller may see them (`trades`), each with names and values for the Trades page.
    public func tradeViews(_ id: LeagueID, caller: Caller) throws -> [TradeView] {
        let trades = try visibleTrades(id, caller: caller).map(\.trade)
        return try store.read { r in
            let league = try existingLeague(r, id)
            let facts = try factsCache.facts(r, season: league.season)
            let values = TradeValues(league: league, facts: facts)
            let board = try tradeBoard(r, league: league)
            let teams = Dictionary(try r.teams(in: id).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let myTeams = Set(caller.userID.map { user in teams.values.filter { $0.manager == user }.map(\.id) } ?? [])
            func team(_ t: TeamID) -> TradeView.TradeTeam {
                TradeView.TradeTeam(id: t, name: teams[t]?.name ?? "Team \(t.rawValue)", isBot: teams[t]?.manager == nil)
            }
            return try trades.map { trade in
                let p = trade.proposal
                let players = p.allPlayers.map { TradeView.TradePlayer(player: facts.summary($0), value: TradeBot.value($0, values: values)) }
                let picks = (p.give.picks + p.get.picks).map { pick in
                    TradeView.TradePick(pick: pick.dated(season: league.season), value: TradeBot.value(pick, on: board, values: values),
                                        label: TradeView.pickName(pick, season: league.season, team: teams[pick.team]?.name ?? "Team \(pick.team.rawValue)"))
                }
                func total(_ a: TradeAssets) -> Double {
                    a.players.reduce(0) { $0 + TradeBot.value($1, values: values) } + a.picks.reduce(0) { $0 + TradeBot.value($1, on: board, values: values) }
                }
                let party = myTeams.contains(p.team) || myTeams.contains(p.with)
                var canVote = trade.state == .inReview && league.settings.tradeReview == .vote && !party && !myTeams.isEmpty
                // One vote a team: a team that has voted can't vote again.
                let voted = try trade.state == .inReview && !myTeams.isEmpty && !party && Set(r.tradeVoters(trade.id)).isSuperset(of: myTeams)
                if canVote { canVote = !voted }
                let mine = [p.team, p.with].first { myTeams.contains($0) }
                let after = mine.flatMap { mine -> TradeView.RosterAfter? in
                    guard trade.state.isOpen else { return nil }
                    var after = TradeView.RosterAfter.of(mine, roster: board.rosters[mine]?.playerIDs ?? [], after: p,
                                                         players: facts.summary, value: { TradeBot.value($0, values: values) })
                    // The answering team's own drops: how many its roster limit asks for, and whom it may drop.
                    if mine == p.with, trade.state == .proposed, let limit = TradeRules.rosterProblem(p, on: board, teams: [mine]) {
                        after.limit = limit
                        after.mustDrop = TradeRules.overCapacity(p, on: board, team: mine)
                        let named = Set(p.allPlayers)
                        after.droppable = (board.rosters[mine]?.entries ?? [])
                            .filter { !$0.slot.isReserve && !named.contains($0.playerID) && !board.locked.contains($0.playerID) }
                            .map(\.playerID).sorted { (values.value($0), $0) < (values.value($1), $1) }
                        let known = Set(after.players.map(\.player.id))
                        after.players += after.droppable.filter { !known.contains($0) }
                            .map { TradeView.TradePlayer(player: facts.summary($0), value: values.value($0)) }
                    }
                    return after
                }
                return TradeView(id: trade.id, state: trade.state, trade: trade.dated(season: league.season), team: team(p.team), with: team(p.with), players: players, picks: picks,
                                 giveValue: total(p.give), getValue: total(p.get), canVote: canVote, hasVoted: voted, myRosterAfter: after)
            }
        }
    }
}

extension TradesService {
    /// The trade builder's values and tradable picks (`TradeMarket`), for anyone who may read the league.
    public func tradeMarket(_ id: LeagueID, caller: Caller) throws -> TradeMarket {
        try store.read { r in
            let league = try existingLeague(r, id)
            try requireVisible(league, caller: caller, reader: r)
            let facts = try factsCache.facts(r, season: league.season)
            let values = TradeValues(league: league, facts: facts)
            let board = try tradeBoard(r, league: league)
            let rostered = board.rosters.values.flatMap(\.playerIDs).sorted()
            let picks: [TradeMarket.TeamPicks] = board.teams.map { team in
                let own = (league.settings.tradePicks ? board.unmadePicks(ownedBy: team.id) : []) + board.futurePicks(ownedBy: team.id)
                return TradeMarket.TeamPicks(team: team.id, picks: own.map { pick in
                    TradeView.TradePick(pick: pick.dated(season: league.season), value: TradeBot.value(pick, on: board, values: values),
                                        label: TradeView.pickName(pick, season: league.season, team: board.teamName(pick.team)))
                })
            }
            return TradeMarket(season: league.season, players: rostered.map { TradeMarket.PlayerValue(player: $0, value: values.value($0)) },
                               picks: picks, activeCapacity: RosterRules.activeCapacity(league.settings))
        }
    }
}
