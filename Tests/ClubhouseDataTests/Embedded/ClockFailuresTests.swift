import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// What a clock driver drops is said, once: `ClockFailures` logs a failed step the first time, again when its reason
/// changes or after the step has worked in between, never at every pass.
@Suite struct ClockFailuresTests {
    struct Broken: Error, CustomStringConvertible { var description: String }

    @Test func aFailureIsSaidOnceUntilItsReasonChangesOrTheStepWorks() {
        let said = Mutex<[FailedClockStep]>([])
        let failures = ClockFailures(clock: "draft", log: { f in said.withLock { $0.append(f) } })
        #expect(failures.attempt("plan") { () throws -> Int in throw Broken(description: "disk I/O error") } == nil)
        #expect(failures.attempt("plan") { () throws -> Int in throw Broken(description: "disk I/O error") } == nil)
        #expect(said.withLock { $0 } == [FailedClockStep(clock: "draft", step: "plan", reason: "disk I/O error")], "once for the same reason")
        _ = failures.attempt("plan") { () throws -> Int in throw Broken(description: "database is locked") }
        #expect(said.withLock { $0.count } == 2, "again when the reason changes")
        #expect(failures.attempt("plan") { 7 } == 7, "a step that works gives its value")
        _ = failures.attempt("plan") { () throws -> Int in throw Broken(description: "database is locked") }
        #expect(said.withLock { $0.count } == 3, "again after the step worked in between")
    }

    @Test func eachStepAndLeagueIsSaidOnItsOwn() {
        let said = Mutex<[FailedClockStep]>([])
        let failures = ClockFailures(clock: "season", log: { f in said.withLock { $0.append(f) } })
        let fail = { () throws -> Void in throw DomainError.conflict("the league database can't be read") }
        _ = failures.attempt("trades", league: LeagueID(1), fail)
        _ = failures.attempt("trades", league: LeagueID(2), fail)
        _ = failures.attempt("trades", fail)
        _ = failures.attempt("trades", league: LeagueID(1), fail)
        let got = said.withLock { $0 }
        #expect(got.map(\.league) == [LeagueID(1), LeagueID(2), nil])
        #expect(got.allSatisfy { $0.clock == "season" && $0.step == "trades" && $0.reason == "the league database can't be read" }, "\(got)")
    }
}
