import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

@Suite struct LoadableTests {
    @Test func beginShowsLoadingAndFinishShowsTheValue() {
        var l = Loadable<[Int]>()
        #expect(l.isIdle)
        let t = l.begin()
        #expect(l.isLoading)
        let applied = l.finish(t, .success([1, 2]))
        #expect(applied)
        #expect(l.value == [1, 2])
    }

    @Test func anAnswerToASupersededRequestIsIgnored() {
        var l = Loadable<String>()
        let old = l.begin()
        let new = l.begin()
        let stale = l.finish(old, .success("stale"))
        #expect(!stale)
        #expect(l.isLoading)
        let fresh = l.finish(new, .success("fresh"))
        #expect(fresh)
        let late = l.finish(old, .success("late"))
        #expect(!late)
        #expect(l.value == "fresh")
    }

    @Test func emptyAndFailedAreTheirOwnStates() {
        var l = Loadable<[Int]>()
        var t = l.begin()
        l.finish(t, .success([]), isEmpty: \.isEmpty)
        #expect(l.load == .empty)
        t = l.begin()
        l.finish(t, .failure(PresentableError(DomainError.transport("down"))))
        #expect(l.error?.canRetry == true)
    }

    /// A live refresh during an outage keeps what was shown (marked stale) instead of an error page; a first load,
    /// or a refresh refused for another reason, still shows the error; the next answer clears the mark.
    @Test func aRefreshThatCannotReachTheServerKeepsTheShownValue() {
        let down = PresentableError(DomainError.transport("connection refused"))
        #expect(down.unreachable)
        var l = Loadable<[Int]>()
        var t = l.begin()
        l.finish(t, .success([1, 2]))
        t = l.beginRefresh()
        l.finish(t, .failure(down))
        #expect(l.value == [1, 2])
        #expect(l.staleBecause == down)
        t = l.beginRefresh()
        l.finish(t, .success([1, 2, 3]))
        #expect(l.value == [1, 2, 3])
        #expect(l.staleBecause == nil)

        t = l.beginRefresh()
        l.finish(t, .failure(PresentableError(DomainError.notFound("League 12"))))
        #expect(l.value == nil, "a refusal that isn't an outage replaces the value")
        #expect(l.error?.message == "League 12 was not found.")

        var local = Loadable<Int>(3)           // the local database's own failure is shown, not hidden
        t = local.beginRefresh()
        local.finish(t, .failure(PresentableError(DomainError.storage("disk full"))))
        #expect(local.value == nil && local.error?.unreachable == false)

        var first = Loadable<Int>()
        t = first.beginRefresh()               // nothing shown yet: this is a first load
        first.finish(t, .failure(down))
        #expect(first.error == down)
        var explicit = Loadable<Int>(7)
        t = explicit.begin()                    // a load that asked for the spinner (r retry) shows the failure
        explicit.finish(t, .failure(down))
        #expect(explicit.error == down)
    }

    @Test func domainErrorsReadAsSentences() {
        #expect(PresentableError(DomainError.transport("ECONNREFUSED")).message.contains("Couldn't reach the league server"))
        #expect(PresentableError(DomainError.notFound("League 12")).message == "League 12 was not found.")
        #expect(PresentableError(DomainError.notFound("League 12")).canRetry == false)
        #expect(PresentableError(DomainError.rateLimited(retryAfterSeconds: 30)).message.contains("30 s"))
        #expect(PresentableError(DomainError.rateLimited(retryAfterSeconds: 600)).message == "Too many requests — wait 10 min, then press r.")
    }

    /// Any `ClubhouseError` reads by its kind with its own sentence — a refusal that isn't a `DomainError` included —
    /// and what the app may do about it follows the kind alone.
    @Test func anyClubhouseErrorReadsByItsKind() {
        let refusal = LineupRefusal.playerLocked(Demo.lamar.id, kickoff: .distantPast)
        #expect(PresentableError(refusal).message == refusal.message)
        #expect(PresentableError(refusal).canRetry)
        let ended = PresentableError(DomainError.unauthenticated)
        #expect(ended.sessionEnded && !ended.unreachable)
        let down = PresentableError(DomainError.transport("ECONNREFUSED"))
        #expect(down.unreachable && !down.sessionEnded && down.canRetry)
        let disk = PresentableError(DomainError.storage("The disk is full (/tmp/x.sqlite)."))
        #expect(disk.message == "The disk is full (/tmp/x.sqlite). Press r to retry." && !disk.unreachable)
        #expect(PresentableError(DomainError.forbidden("Only the commissioner can start the draft")).canRetry == false)
        struct Odd: Error {}
        #expect(PresentableError(Odd()).message == "Something went wrong while loading. Press r to try again.")
    }

    @Test func aLoadEffectAnswersWithItsToken() async {
        var l = Loadable<Int>()
        let t = l.begin()
        let fx = Effect<Result<Int, PresentableError>>.load(t, id: LoadID.x, { 42 }, answer: { _, r in r })
        #expect(fx.runIDs == [TaskID(LoadID.x)])
        let answers = await fx.awaitActions()
        #expect(answers.count == 1)
        if case .success(let v)? = answers.first { #expect(v == 42) } else { Issue.record("no answer") }
    }
}

private enum LoadID: EffectIdentifier { case x }
