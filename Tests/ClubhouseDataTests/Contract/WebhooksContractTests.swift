import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// A league's webhooks through the contract, on both transports and both databases: the commissioner adds (the secret
/// answered once), lists (state and delivery log, never the secret) and removes them; nobody else may; a URL that
/// isn't https, or whose address is loopback, private, link-local or the cloud metadata address, is refused with a
/// sentence and nothing stored; at most five a league. The delivery use cases (what the worker of `serve` calls) post
/// a hook's events one at a time in the log's order, retry after the backoff, and pause a hook after a day of failures
/// with a line to the commissioner. The world's network is the default one: literal addresses, none allowed.
@Suite("Contract: webhooks", .bothTransports) struct WebhooksContractTests {
    struct Club {
        let world: ContractWorld
        let id: LeagueID
        let commissioner: Caller
        let dana: Caller
        func api(_ c: Caller = .anonymous) -> any LeagueAPI { world.api(c) }
    }

    func club() async throws -> Club {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        return Club(world: world, id: league.id, commissioner: league.commissioner, dana: league.members[0])
    }

    static let receiver = "https://203.0.113.10/hooks/abc"

    @Test func theCommissionerAddsListsAndRemovesHooksAndTheSecretIsShownOnce() async throws {
        let c = try await club()
        let api = c.api(c.commissioner)
        let made = try await api.addWebhook(c.id, url: Self.receiver, kinds: [.trades, .results], format: .discord)
        #expect(made.secret.count >= 32)
        let second = try await api.addWebhook(c.id, url: "https://203.0.113.11:8443/x?y=1", kinds: [.moves, .moves], format: .json)
        let listed = try await api.webhooks(c.id)
        #expect(listed.map(\.id) == [made.id, second.id])
        #expect(listed[0].url == Self.receiver && listed[0].kinds == [.trades, .results] && listed[0].format == .discord)
        #expect(listed[0].state == .active && listed[0].deliveries.isEmpty && listed[0].pausedAt == nil)
        #expect(listed[1].kinds == [.moves] && listed[1].url == "https://203.0.113.11:8443/x?y=1")
        let wire = String(decoding: try JSONEncoder().encode(listed), as: UTF8.self)
        #expect(!wire.contains(made.secret) && !wire.contains(second.secret), "the list never carries a secret")

        try await api.deleteWebhook(c.id, hook: made.id)
        #expect(try await api.webhooks(c.id).map(\.id) == [second.id])
        #expect(await failure { try await api.deleteWebhook(c.id, hook: made.id) } == .notFound("Webhook \(made.id) of Test League"))
    }

    @Test func onlyTheCommissionerSeesAddsOrRemovesHooks() async throws {
        let c = try await club()
        let made = try await c.api(c.commissioner).addWebhook(c.id, url: Self.receiver, kinds: [.draft], format: .slack)
        #expect(await failure { try await c.api(c.dana).addWebhook(c.id, url: Self.receiver, kinds: [.draft], format: .slack) }
                == .forbidden("Only the commissioner can add webhooks to Test League"))
        #expect(await failure { try await c.api(c.dana).webhooks(c.id) } == .forbidden("Only the commissioner can see Test League's webhooks"))
        #expect(await failure { try await c.api(c.dana).deleteWebhook(c.id, hook: made.id) }
                == .forbidden("Only the commissioner can remove Test League's webhooks"))
        #expect(await failure { try await c.api().webhooks(c.id) } == .unauthenticated)
        #expect(try await c.api(c.commissioner).webhooks(c.id).count == 1)
    }

    @Test func badURLsAndRefusedAddressesAreSentencesAndNothingIsStored() async throws {
        let c = try await club()
        let api = c.api(c.commissioner)
        func refusal(_ url: String, kinds: [ActivityKind] = [.moves]) async -> DomainError? {
            await failure { try await api.addWebhook(c.id, url: url, kinds: kinds, format: .json) }
        }
        #expect(await refusal("http://203.0.113.10/x") == .validation(field: "url", message: "Webhook URLs are https only (this one is http://)"))
        #expect(await refusal("") == .validation(field: "url", message: "A webhook needs a URL (https://…)"))
        #expect(await refusal("not a url")?.code == "validation")
        #expect(await refusal("https://user:pw@203.0.113.10/") == .validation(field: "url", message: "A webhook URL can't carry a user name or password"))
        #expect(await refusal(Self.receiver, kinds: []) == .validation(field: "kinds", message: "Choose at least one kind of activity for the webhook to post"))
        let operatorNote = "; the server's operator can allow it with serve --webhook-allow."
        #expect(await refusal("https://169.254.169.254/latest/meta-data")
                == .validation(field: "url", message: "Webhooks can't post to 169.254.169.254, the cloud metadata address" + operatorNote))
        #expect(await refusal("https://[fd00:ec2::254]/") == .validation(field: "url", message: "Webhooks can't post to fd00:ec2::254, the cloud metadata address" + operatorNote))
        #expect(await refusal("https://127.0.0.1:8443/hook") == .validation(field: "url", message: "Webhooks can't post to 127.0.0.1, a loopback address" + operatorNote))
        #expect(await refusal("https://[::1]/hook") == .validation(field: "url", message: "Webhooks can't post to ::1, a loopback address" + operatorNote))
        #expect(await refusal("https://10.1.2.3/") == .validation(field: "url", message: "Webhooks can't post to 10.1.2.3, a private address" + operatorNote))
        #expect(await refusal("https://192.168.1.20/") == .validation(field: "url", message: "Webhooks can't post to 192.168.1.20, a private address" + operatorNote))
        #expect(await refusal("https://169.254.10.1/") == .validation(field: "url", message: "Webhooks can't post to 169.254.10.1, a link-local address" + operatorNote))
        #expect(await refusal("https://0.0.0.0/") == .validation(field: "url", message: "Webhooks can't post to 0.0.0.0, an unspecified address" + operatorNote))
        #expect(try await api.webhooks(c.id).isEmpty, "nothing refused was stored")
    }

    @Test func aLeagueHasAtMostFiveHooks() async throws {
        let c = try await club()
        let api = c.api(c.commissioner)
        for i in 1...WebhookRules.perLeague { _ = try await api.addWebhook(c.id, url: Self.receiver + "/\(i)", kinds: [.moves], format: .json) }
        #expect(await failure { try await api.addWebhook(c.id, url: Self.receiver, kinds: [.moves], format: .json) }
                == .conflict("Test League has 5 webhooks, the most a league can have — remove one first"))
    }

    /// The worker's use cases, with the world's clock: one event at a time per hook, in order, past events of other
    /// kinds; a failure waits for its backoff; the delivery log comes back through the contract, newest first.
    @Test func aHookPostsItsKindsInOrderRetriesAfterTheBackoffAndPausesAfterADay() async throws {
        let c = try await club()
        let made = try await c.api(c.commissioner).addWebhook(c.id, url: Self.receiver, kinds: [.moves], format: .json)
        let team = try #require(try await c.api().league(c.id).teams.first).id
        let service = c.world.service
        let now = { c.world.clock.now() }
        try service.store.write { w in
            try w.appendEvent(league: c.id, LeagueEvent.PlayerAdded(team: team, added: PlayerID("00-0033280"), dropped: nil), at: now())
            try w.appendEvent(league: c.id, LeagueEvent.Chat(message: 1), at: now())
            try w.appendEvent(league: c.id, LeagueEvent.PlayerDropped(team: team, dropped: PlayerID("00-0033280")), at: now())
        }
        let hooks = service.webhooks
        let first = try #require(try hooks.postsDue(holder: "a", now: now(), lease: 60).first { $0.hook.id == made.id })
        #expect(first.line.text.hasSuffix("added Christian McCaffrey (RB CAR)") && first.attempt == 1 && first.hook.secret == made.secret)
        #expect(try hooks.postsDue(holder: "b", now: now(), lease: 60).isEmpty, "leased to the other worker")
        try hooks.recordAttempt(first, status: 500, error: nil, now: now(), retryBase: 10)
        #expect(try hooks.postsDue(holder: "a", now: now(), lease: 60).isEmpty, "not before its backoff")
        c.world.clock.advance(by: 10)
        let again = try #require(try hooks.postsDue(holder: "a", now: now(), lease: 60).first)
        #expect(again.line.id == first.line.id && again.attempt == 2)
        try hooks.recordAttempt(again, status: 204, error: nil, now: now(), retryBase: 10)
        let next = try #require(try hooks.postsDue(holder: "a", now: now(), lease: 60).first)
        #expect(next.line.text.hasSuffix("dropped Christian McCaffrey (RB CAR)") && next.line.id > first.line.id && next.attempt == 1)
        try hooks.recordAttempt(next, status: nil, error: "couldn't reach 203.0.113.10: timed out", now: now(), retryBase: 10)

        let log = try #require(try await c.api(c.commissioner).webhooks(c.id).first).deliveries
        #expect(log.map(\.status) == [nil, 204, 500] && log.map(\.attempt) == [1, 2, 1])
        #expect(log.map(\.event) == [next.line.id, first.line.id, first.line.id] && log[0].error == "couldn't reach 203.0.113.10: timed out")

        // A day of failures pauses it, and the commissioner hears it in the league chat.
        c.world.clock.advance(by: WebhookRules.giveUpAfter)
        let last = try #require(try hooks.postsDue(holder: "a", now: now(), lease: 60).first)
        #expect(try hooks.recordAttempt(last, status: 502, error: nil, now: now(), retryBase: 10) == .paused)
        let view = try #require(try await c.api(c.commissioner).webhooks(c.id).first)
        #expect(view.state == .paused && abs((view.pausedAt ?? .distantPast).timeIntervalSince(now())) < 1)
        #expect(try hooks.postsDue(holder: "a", now: now(), lease: 60).isEmpty, "a paused hook posts nothing")
        let told = try #require(try await c.api().chatMessages(c.id, after: nil).last)
        #expect(told.body.hasPrefix("Webhook \(made.id) to 203.0.113.10 is paused: it has failed for a day (the last attempt: it answered 502)"))
        #expect(told.mentions == [c.commissioner.userID!])
    }
}
