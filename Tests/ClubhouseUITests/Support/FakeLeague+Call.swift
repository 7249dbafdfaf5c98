import ClubhouseDomain
import Foundation

/// The soft gate performs a kept write through its endpoint (`GatedWrite.perform` → `call`): the fake answers each
/// gated write with its own method of the same name, so tests see the same calls as when a page calls the method.
extension FakeLeague {
    func call<A, B, R>(_ endpoint: ClubhouseDomain.Endpoint<A, B, R>, _ address: A, _ given: B) async throws -> R {
        let raw = address.raw
        let league = try? raw.league, team = try? raw.team
        func answer<T>(_ value: T) throws -> R {
            guard let r = value as? R else { throw DomainError.conflict("FakeLeague answered \(endpoint.name) with a \(T.self)") }
            return r
        }
        func body<T>(_: T.Type) -> T { given as! T }
        func body<T>() -> T { given as! T }
        typealias C = Endpoints.Commissioner
        switch endpoint.name {
        case Endpoints.Leagues.createLeague.name: return try answer(Wire.CreatedLeague(league: try await createLeague(body())))
        case Endpoints.Leagues.requestToJoin.name: return try answer(try await requestToJoin(league!, teamName: body(Wire.TeamName.self).teamName))
        case Endpoints.Leagues.redeemInvite.name:
            let b: Wire.Redeem = body()
            return try answer(Wire.TeamTaken(team: try await redeemInvite(code: b.code, teamName: b.teamName)))
        case Endpoints.Leagues.leaveLeague.name: try await leaveLeague(league!); return try answer(Wire.Empty())
        case Endpoints.Leagues.withdrawJoinRequest.name: try await withdrawJoinRequest(league!); return try answer(Wire.Empty())
        case Endpoints.Rosters.moveInLineup.name: return try answer(try await moveInLineup(league!, team: team!, move: body()))
        case Endpoints.Rosters.addFreeAgent.name:
            let b: Wire.AddPlayer = body()
            return try answer(try await addFreeAgent(league!, team: team!, player: b.player, dropping: b.dropping))
        case Endpoints.Rosters.dropPlayer.name: return try answer(try await dropPlayer(league!, team: team!, player: body(Wire.PlayerRef.self).player))
        case Endpoints.Waivers.placeClaim.name:
            let b: Wire.Claim = body()
            return try answer(try await placeClaim(league!, team: team!, player: b.player, dropping: b.dropping, bid: b.bid))
        case Endpoints.Waivers.cancelClaim.name: try await cancelClaim(league!, claim: try raw.id("claim")); return try answer(Wire.Empty())
        case Endpoints.Waivers.reorderClaims.name: return try answer(try await reorderClaims(league!, team: team!, order: body(Wire.ClaimOrder.self).order))
        case Endpoints.Drafting.makePick.name:
            let b: Wire.PickRequest = body()
            return try answer(try await makePick(league!, expectedPick: b.expectedPick, expectedTeam: b.expectedTeam, player: b.player))
        case Endpoints.Auction.nominate.name:
            let b: Wire.Nomination = body()
            return try answer(try nominate(player: b.player, bid: b.bid))
        case Endpoints.Auction.bid.name:
            let b: Wire.Bid = body()
            return try answer(try bid(b.nomination, b.amount))
        case Endpoints.Auction.setMaxBid.name:
            let b: Wire.MaxBid = body()
            return try answer(try setMax(b.nomination, b.amount))
        case Endpoints.Drafting.editQueue.name: return try answer(try await editQueue(league!, body()))
        case Endpoints.LeagueChat.sendChat.name:
            let b: Wire.ChatText = body()
            return try answer(try await sendChat(league!, text: b.text, replyTo: b.replyTo))
        case Endpoints.LeagueChat.reactToChat.name:
            return try answer(try await reactToChat(league!, message: try raw.id("message"), emoji: body(Wire.Reaction.self).emoji))
        case Endpoints.LeagueChat.removeChatMessage.name: return try answer(try await removeChatMessage(league!, message: try raw.id("message")))
        case C.decideJoinRequest.name: return try answer(try await decideJoinRequest(league!, user: try raw.user, approve: body(Wire.Decision.self).approve))
        case C.createInvite.name:
            let b: Wire.NewInvite = body()
            return try answer(try await createInvite(league!, uses: b.uses, expiresAt: b.expiresAt))
        case C.revokeInvite.name: try await revokeInvite(league!, code: try raw.code); return try answer(Wire.Empty())
        case C.updateSettings.name: return try answer(try await updateSettings(league!, settings: body()))
        case C.setDraftOrder.name: return try answer(try await setDraftOrder(league!, order: body(Wire.TeamOrder.self).order))
        case C.randomizeDraftOrder.name: return try answer(try await randomizeDraftOrder(league!))
        case C.scheduleDraft.name: return try answer(try await scheduleDraft(league!, at: body(Wire.Schedule.self).at))
        case C.startDraft.name: return try answer(try await startDraft(league!))
        case C.pauseDraft.name: return try answer(try await pauseDraft(league!))
        case C.resumeDraft.name: return try answer(try await resumeDraft(league!))
        case C.undoLastPick.name: return try answer(try await undoLastPick(league!))
        case C.pickForTeam.name:
            let b: Wire.PickRequest = body()
            return try answer(try await pickForTeam(league!, expectedPick: b.expectedPick, expectedTeam: b.expectedTeam, player: b.player))
        case C.setAutopick.name: return try answer(try await setAutopick(league!, team: team!, on: body(Wire.Autopick.self).on))
        case C.renewLeague.name: return try answer(Wire.CreatedLeague(league: try await renewLeague(league!)))
        case C.advanceClock.name: return try answer(try await advanceClock(league!, to: body(Wire.ClockTo.self).to))
        case Endpoints.Trades.list.name: return try answer(tradeList)
        case Endpoints.Recap.recap.name: return try answer(try weekRecap(league!, week: try raw.optionalInt("week") ?? 0))
        case Endpoints.Leagues.history.name:
            guard let h = commish.histories[league!] else { throw DomainError.notFound("League \(league!.rawValue)") }
            return try answer(h)
        case Endpoints.Activity.activity.name:
            let a = try At.Activity(raw)
            let all = activityLines[a.league] ?? []
            let kept = all.filter { l in (a.kind.map { $0 == l.kind } ?? true) && (a.before.map { l.id < $0 } ?? true) }
            let page = Array(kept.prefix(a.limit ?? ActivityFeed.defaultLimit))
            return try answer(ActivityFeed(lines: page, before: kept.count > page.count ? page.last?.id : nil, newest: all.first?.id))
        case Endpoints.Trades.market.name:
            return try answer(tradeMarket ?? TradeMarket(season: 2019, players: [], picks: [], activeCapacity: RosterRules.activeCapacity(LeagueSettings())))
        case Endpoints.Trades.propose.name, Endpoints.Trades.counter.name:
            guard signedInUser != nil else { throw DomainError.unauthenticated }
            tradeWrites.append(GatedWrite(Endpoints.Trades.propose, At.League(league!), body(TradeProposal.self)))
            return try answer(Wire.TradeCreated(trade: TradeID(Int64(100 + tradeWrites.count))))
        case Endpoints.Trades.accept.name, Endpoints.Trades.reject.name, Endpoints.Trades.withdraw.name, Endpoints.Trades.veto.name,
             Endpoints.Trades.reverse.name:
            guard signedInUser != nil else { throw DomainError.unauthenticated }
            let id = TradeID(try raw.id("trade"))
            tradeCalls.append("\(endpoint.name) \(id.rawValue)")
            if endpoint.name == Endpoints.Trades.accept.name {
                tradeWrites.append(GatedWrite(Endpoints.Trades.accept, At.Trade(league!, trade: id), body(Wire.TradeAcceptance.self)))
            }
            guard let t = tradeList.first(where: { $0.id == id })?.trade else { throw DomainError.notFound("Trade \(id.rawValue)") }
            return try answer(t)
        case Endpoints.Trades.tradingBlock.name:
            guard signedInUser != nil else { throw DomainError.unauthenticated }
            let change: Wire.TradingBlockChange = body()
            tradeWrites.append(GatedWrite(Endpoints.Trades.tradingBlock, At.League(league!), change))
            guard var r = rosters[change.team], let i = r.rows.firstIndex(where: { $0.player.id == change.player }) else {
                throw DomainError.validation(field: "player", message: "not on the roster")
            }
            r.rows[i].onTradingBlock = change.on
            rosters[change.team] = r
            return try answer(Wire.TradingBlock(team: change.team, players: r.rows.filter(\.onTradingBlock).map(\.player.id)))
        default: throw DomainError.conflict("This connection can't do \(endpoint.name)")
        }
    }
}
