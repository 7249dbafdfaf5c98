import Foundation
import ClubhouseDomain

/// When the terminal bell rings for a trade, as the draft room rings for "on the clock": an offer to my team (a
/// counter is a new offer to the team it answers, so it rings too), a trade opened to the league's vote that I may
/// vote on (my team isn't in it), and my team's trade executing — after its review for both teams, at once on
/// acceptance only for the proposer (the other side has just pressed the key). The board, which follows the league's
/// events, asks this for each event; the Settings page's "Trade bell" turns it off.
enum TradeBell {
    static func rings(for event: LeagueEvent, myTeam: TeamID?, review: TradeReview?) -> Bool {
        guard let myTeam else { return false }
        if let offer = try? event.decodedBody(as: LeagueEvent.TradeProposed.self) { return offer.with == myTeam }
        if let accepted = try? event.decodedBody(as: LeagueEvent.TradeAccepted.self) {
            guard accepted.review, review == .vote, let team = accepted.team, let with = accepted.with else { return false }
            return myTeam != team && myTeam != with
        }
        if let executed = try? event.decodedBody(as: LeagueEvent.TradeExecuted.self) {
            return executed.team == myTeam || executed.with == myTeam && executed.afterReview == true
        }
        return false
    }
}
