import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Two `LeagueService`s — two connections to one database, as two processes on one host (SQLite) or two server
/// instances (PostgreSQL) would have — race `makePick` for the same pick: exactly one lands, the other is told the
/// pick was already made.
@Suite("Use cases: racing picks", .bothBackends) struct PickRaceTests {
    @Test func twoServicesRacingForOnePickLandExactlyOne() throws {
        let world = try ContractWorld()
        let league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Bot Bowl"), caller: .anonymous).first).id
        let omar = try world.person("omar")   // commissioner: picks for the (bot) team on the clock
        let second = try world.secondService()
        let services = [world.service, second]

        for _ in 0..<6 {
            let draft = try #require(try world.service.store.read { try $0.draft(in: league) })
            let candidates = try world.service.draft.draftablePlayers(league, caller: .anonymous).prefix(2).map(\.player.id)
            let results = Locked<[Result<Pick, DomainError>]>([])
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for i in 0..<2 {
                done.enter()
                Thread.detachNewThread {
                    start.wait()
                    let r = Result { () throws(DomainError) -> Pick in
                        do { return try services[i].draft.makePick(league, expectedPick: draft.currentPick, player: candidates[i], caller: omar) }
                        catch let e as DomainError { throw e } catch { throw .transport("\(error)") }
                    }
                    results.mutate { $0.append(r) }
                    done.leave()
                }
            }
            start.signal(); start.signal()
            done.wait()
            let outcomes = results.value
            let landed = outcomes.compactMap { try? $0.get() }
            let refused = outcomes.compactMap { if case .failure(let e) = $0 { e } else { nil } }
            #expect(landed.count == 1 && landed.first?.number == draft.currentPick)
            #expect(refused == [.conflict("Pick \(draft.currentPick) was already made")])
            let board = try world.service.draft.draftBoard(league, caller: .anonymous)
            #expect(board.picks.filter { $0.pick.number == draft.currentPick }.count == 1)
            #expect(board.draft.currentPick == draft.currentPick + 1)
        }
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func mutate(_ body: (inout Value) -> Void) { lock.lock(); body(&stored); lock.unlock() }
}
