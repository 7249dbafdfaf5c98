import Foundation
import Testing
import ClubhouseDomain

/// Who may read a league (its pages and its events), and the per-stream cache of it that forgets a league's readers
/// at the events that may change them.
@Suite struct LeagueReadersTests {
    static let settings = LeagueSettings()
    static func league(_ id: Int64, isPublic: Bool, commissioner: Int64) -> League {
        League(id: LeagueID(id), name: "League \(id)", isPublic: isPublic, commissioner: UserID(commissioner), settings: settings,
               state: .predraft, clock: Date(timeIntervalSince1970: 0), createdAt: Date(timeIntervalSince1970: 0))
    }
    static func team(_ id: Int64, manager: Int64?) -> Team {
        Team(id: TeamID(id), leagueID: LeagueID(2), name: "T\(id)", manager: manager.map { UserID($0) }, waiverPriority: Int(id), faabRemaining: 100)
    }

    @Test func aPrivateLeagueIsReadByItsCommissionerAndManagersOnly() {
        let readers = LeagueReaders(league: Self.league(2, isPublic: false, commissioner: 1),
                                    teams: [Self.team(1, manager: 5), Self.team(2, manager: nil)])
        #expect(readers.admits(.user(UserID(1))) && readers.admits(.user(UserID(5))))
        #expect(!readers.admits(.anonymous) && !readers.admits(.user(UserID(6))))
        #expect(readers.refusal(for: .anonymous) == .forbidden("League 2 is a private league — sign in as a member to see it"))
        #expect(readers.refusal(for: .user(UserID(6))) == .forbidden("League 2 is a private league for its members only"))
        #expect(readers.refusal(for: .user(UserID(5))) == nil)
        let open = LeagueReaders(league: Self.league(3, isPublic: true, commissioner: 1), teams: [])
        #expect(open.admits(.anonymous) && open.refusal(for: .anonymous) == nil)
    }

    @Test func theCacheForgetsALeaguesReadersAtEventsThatMayChangeThem() {
        let cache = LeagueReadersCache()
        let id = LeagueID(2)
        let before = LeagueReaders(league: id, name: "L", isPublic: false, members: [UserID(1), UserID(5)])
        let (none, g0) = cache.cached(id)
        #expect(none == nil)
        cache.remember(before, generation: g0)
        #expect(cache.cached(id).readers == before)

        func event(_ kind: LeagueEvent.Kind, league: LeagueID = LeagueID(2)) -> LeagueEvent {
            LeagueEvent(id: 1, leagueID: league, kind: kind, payload: "{}", at: Date(timeIntervalSince1970: 0))
        }
        cache.note(event(.chat))
        cache.note(event(.memberLeft, league: LeagueID(3)))
        #expect(cache.cached(id).readers == before, "a chat, or another league's change, keeps them")
        for kind in LeagueEvent.Kind.allCases where kind.mayChangeReaders {
            cache.remember(before, generation: cache.cached(id).generation)
            cache.note(event(kind))
            #expect(cache.cached(id).readers == nil, "\(kind) forgets them")
        }
        #expect(Set(LeagueEvent.Kind.allCases.filter(\.mayChangeReaders)) == [.leagueCreated, .leagueUpdated, .memberJoined, .memberLeft, .joinDecided])
    }

    /// A lookup that began before a member left, and finishes after the leave was noted, is not kept: the next
    /// event reads the readers again rather than trusting the stale list.
    @Test func aLookupOvertakenByAChangeIsNotKept() {
        let cache = LeagueReadersCache()
        let id = LeagueID(2)
        let generation = cache.cached(id).generation
        let stale = LeagueReaders(league: id, name: "L", isPublic: false, members: [UserID(1), UserID(5)])
        cache.note(LeagueEvent(id: 9, leagueID: id, kind: .memberLeft, payload: #"{"team":1,"user":5}"#, at: Date(timeIntervalSince1970: 0)))
        cache.remember(stale, generation: generation)
        #expect(cache.cached(id).readers == nil)
    }
}
