import Foundation
import ClubhouseDomain

/// The notifications besides chat (README.md, “League chat”): what in one of the person's own leagues is news to them,
/// by category — each may be muted per league:
/// - transactions: a trade offered to their team (rings: it waits for an answer), their offer going through (or any
///   trade of theirs, after a review);
/// - draft: the draft starting, their team going on the clock (rings) — not while that draft's room is on top, which
///   says and rings it itself;
/// - scoring: their final score of a week ("you won 114.9–98.2 against Bytes"), a correction of one of their scores.
/// What an event names is read through the API when needed (the other team's name, the board, the week's scores).
enum LeagueNotices {
    /// The category of `event` and how to say it to the manager of `team` in the league called `league`; nil when it
    /// says nothing to them.
    static func notice(for event: LeagueEvent, team: TeamID, league: String,
                       api: any LeagueAPI) -> (category: NotificationCategory, read: @Sendable () async -> NotificationsFeature.Notice?)? {
        let id = event.leagueID
        @Sendable func notice(_ c: NotificationCategory, _ text: String, rings: Bool = false) -> NotificationsFeature.Notice {
            NotificationsFeature.Notice(league: id, category: c, text: text, rings: rings)
        }
        @Sendable func teamName(_ t: TeamID) async -> String {
            (try? await api.league(id).teams.first { $0.id == t }?.name) ?? "A team"
        }
        switch try? event.decodedBody() {
        case let b as LeagueEvent.TradeProposed where b.with == team:
            return (.transactions, { notice(.transactions, "\(await teamName(b.team)) sent you a trade offer in \(league)", rings: true) })
        // The offer's maker hears it went through; its receiver only after a review (accepting, they just saw it).
        case let b as LeagueEvent.TradeExecuted where b.team == team || (b.with == team && b.afterReview == true):
            let other = b.team == team ? b.with : b.team
            return (.transactions, {
                notice(.transactions, "Your trade\(other == nil ? "" : " with \(await teamName(other!))") went through in \(league)")
            })
        case is LeagueEvent.DraftStarted, is LeagueEvent.PickMade:
            let started = event.kind == .draftStarted
            return (.draft, {
                guard let board = try? await api.draftBoard(id), board.auction == nil, board.draft.status == .running,
                      board.owner(ofPick: board.draft.currentPick) == team else {
                    return started ? notice(.draft, "The draft in \(league) has started") : nil
                }
                return notice(.draft, "You're on the clock in \(league): pick \(board.draft.currentPick)", rings: true)
            })
        case let b as LeagueEvent.MatchupsFinalized:
            return (.scoring, {
                guard let m = try? await api.scoreboard(id, week: b.week).matchups.first(where: { $0.involves(team) }),
                      let away = m.away else { return nil }
                let (mine, theirs) = m.home.team.id == team ? (m.home, away) : (away, m.home)
                let result = mine.points > theirs.points ? "you won" : mine.points < theirs.points ? "you lost" : "you tied"
                return notice(.scoring, "Week \(b.week) final in \(league): \(result) \(mine.points.oneDecimal)–\(theirs.points.oneDecimal) "
                                        + "against \(theirs.team.name)")
            })
        case let b as LeagueEvent.SeasonUpdated:
            let mine = b.corrections.filter { $0.teamID == team && $0.applied }
            guard !mine.isEmpty else { return nil }
            let what = mine.map { "week \($0.week) \($0.before.oneDecimal) → \($0.after.oneDecimal)" }.joined(separator: ", ")
            return (.scoring, { notice(.scoring, "Score correction in \(league): your \(what)") })
        default:
            return nil
        }
    }
}
