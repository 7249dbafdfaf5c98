import Foundation
import ClubhouseDomain
import Terminal

// The board's league strip shows the newest line of the league's activity feed: read with the league (so again after
// every live refresh), kept for that league only.

extension BoardFeature {
    /// Reads league `id`'s newest activity line.
    static func newestActivityLoad(_ id: LeagueID, api: any LeagueAPI) -> Effect<Action> {
        .run(id: EffectID.activity) {
            do { return .activityLoaded(id, .success(try await api.activity(id, limit: 1))) }
            catch { return .activityLoaded(id, .failure(PresentableError(error))) }
        }
    }

    /// The strip is a nicety: a failed read (a server without the feed) leaves it as it was for its league.
    static func activityLoaded(_ state: inout State, _ id: LeagueID, _ r: Result<ActivityFeed, PresentableError>) {
        guard id == state.leagueID else { return }
        if state.newestActivityOf != id { state.newestActivity = nil; state.newestActivityOf = id }
        guard case .success(let feed) = r else { return }
        state.newestActivity = feed.lines.first.map(ActivityFeature.text)
    }

    /// The strip's line for the league the board shows (nil: none read for it yet, or nothing happened there).
    static func newestActivityLine(_ state: State) -> String? {
        guard case .league(let id, _, _) = state.context, state.newestActivityOf == id else { return nil }
        return state.newestActivity
    }
}
