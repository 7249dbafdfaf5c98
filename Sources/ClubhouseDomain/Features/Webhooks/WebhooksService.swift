import Foundation

/// A league's outgoing webhooks: the commissioner adds, lists and removes them; the delivery worker of the process
/// that owns the database asks what each hook posts next and records how each attempt went.
/// Reached from the root as `LeagueService.webhooks`; the shared parts (store, clocks, access checks) through `core`.
public struct WebhooksService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - The commissioner's hooks (ClubhouseDomain/README.md, "Webhooks")

extension WebhooksService {
    /// League `id`'s webhooks, oldest first, with their state and latest attempts; never their secrets. Commissioner only.
    public func webhooks(_ id: LeagueID, caller: Caller) throws -> [WebhookView] {
        try store.read { r in
            let league = try existingLeague(r, id)
            try requireCommissioner(league, caller: caller, doing: "see \(league.name)'s webhooks")
            return try r.webhooks(in: id).map { h in
                WebhookView(id: h.id, url: h.url, kinds: h.kinds, format: h.format, state: h.state, createdAt: h.createdAt,
                            pausedAt: h.pausedAt, deliveries: try r.webhookDeliveries(h.id, limit: WebhookRules.deliveriesShown))
            }
        }
    }

    /// Adds a webhook posting the feed's `kinds` to `url` in `format`; answers its id and its signing secret (shown this
    /// once). Commissioner only; at most `WebhookRules.perLeague` a league; the URL https, its host resolving only to
    /// addresses `WebhookNetwork` allows. It posts what happens from now on.
    public func addWebhook(_ id: LeagueID, url text: String, kinds: [ActivityKind], format: WebhookFormat, caller: Caller) throws -> WebhookCreated {
        let league = try store.read { r in try existingLeague(r, id) }
        try requireCommissioner(league, caller: caller, doing: "add webhooks to \(league.name)")
        let target = try WebhookRules.target(text)
        guard !kinds.isEmpty else {
            throw DomainError.validation(field: "kinds", message: "Choose at least one kind of activity for the webhook to post")
        }
        // Looked up before the write, never inside it: a slow resolver must not hold the league's write lock.
        _ = try core.webhookNetwork.addresses(of: target.host)
        let secret = accountPorts.tokens.newToken()
        guard !secret.isEmpty else { throw DomainError.transport("webhooks are not configured on this service") }
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "add webhooks to \(league.name)")
            guard try w.webhooks(in: id).count < WebhookRules.perLeague else {
                throw DomainError.conflict("\(league.name) has \(WebhookRules.perLeague) webhooks, the most a league can have — remove one first")
            }
            var unique: [ActivityKind] = []
            for k in kinds where !unique.contains(k) { unique.append(k) }
            let hook = Webhook(id: 0, league: id, url: target.url.absoluteString, kinds: unique, format: format, secret: secret,
                               createdAt: clock.now(), cursor: try w.lastEventID(league: id))
            return WebhookCreated(id: try w.insertWebhook(hook), secret: secret)
        }
    }

    /// Removes webhook `hook` of league `id` (and its delivery log). Commissioner only.
    public func deleteWebhook(_ id: LeagueID, hook: Int64, caller: Caller) throws {
        try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "remove \(league.name)'s webhooks")
            guard try w.webhook(hook, in: id) != nil else { throw DomainError.notFound("Webhook \(hook) of \(league.name)") }
            try w.deleteWebhook(hook)
        }
    }
}

// MARK: - Delivery (the worker beside the clocks)

/// One post a webhook owes: the next event of its kinds after its cursor, told as the feed tells it.
public struct WebhookPost: Sendable, Hashable {
    public var hook: Webhook
    public var leagueName: String
    public var line: ActivityLine
    /// Which attempt at this event this is (1: the first).
    public var attempt: Int
}

extension WebhooksService {
    /// The posts due at `now`, at most one per hook (a hook's next waits for this one to succeed, so its order holds),
    /// each hook leased to `holder` until `now + lease`. Events of a hook's kinds that make no feed line, and events of
    /// other kinds, move its cursor past them here.
    public func postsDue(holder: String, now: Date, lease: TimeInterval) throws -> [WebhookPost] {
        let due = try store.read { try $0.webhooksDue(at: now) }
        var posts: [WebhookPost] = []
        for candidate in due {
            let post: WebhookPost? = try store.write { w in
                guard try w.leaseWebhook(candidate.id, holder: holder, until: now.addingTimeInterval(lease), now: now),
                      var hook = try w.webhook(candidate.id, in: candidate.league), hook.state == .active,
                      let league = try w.league(candidate.league) else { return nil }
                let teams = try w.teams(in: league.id)
                var lines = ActivityLines(league: league, teams: teams, facts: try factsCache.facts(w, season: league.season), reader: w)
                // As a member who manages no team reads the feed: the league's own channel hears what its members do.
                let viewer = EventViewer(user: nil, isMember: true, isCommissioner: false, teams: [])
                let batch = 50
                let events = try w.events(in: league.id, kinds: hook.kinds.flatMap(\.events), after: hook.cursor, limit: batch)
                let start = hook.cursor
                for event in events {
                    if let seen = EventViews(event).seen(by: viewer), let line = try lines.line(seen) {
                        if hook.cursor != start { try w.updateWebhookProgress(hook) }
                        return WebhookPost(hook: hook, leagueName: league.name, line: line, attempt: hook.attempts + 1)
                    }
                    hook.cursor = event.id
                }
                // Nothing of its kinds left to post: done with the whole log so far.
                if events.count < batch { hook.cursor = max(hook.cursor, try w.lastEventID(league: league.id)) }
                try w.updateWebhookProgress(hook)
                return nil
            }
            if let post { posts.append(post) }
        }
        return posts
    }

    /// Records an attempt at `post`: a 2xx moves the hook past its event; a failure schedules the retry (`retryBase`
    /// doubled per failure), and after `WebhookRules.giveUpAfter` of failures pauses the hook and tells the
    /// commissioner in the league chat (a line that mentions them). Returns the hook's state after it (nil: the hook
    /// was removed meanwhile).
    @discardableResult
    public func recordAttempt(_ post: WebhookPost, status: Int?, error: String?, now: Date, retryBase: TimeInterval) throws -> WebhookState? {
        try store.write { w in
            guard var hook = try w.webhook(post.hook.id, in: post.hook.league) else { return nil }
            let delivery = WebhookDelivery(at: now, event: post.line.id, attempt: post.attempt, status: status, error: error)
            try w.appendWebhookDelivery(hook.id, delivery)
            if delivery.succeeded {
                hook.cursor = max(hook.cursor, post.line.id)
                hook.attempts = 0; hook.failingSince = nil; hook.nextAttemptAt = nil
            } else {
                hook.attempts = post.attempt
                let since = hook.failingSince ?? now
                hook.failingSince = since
                if let next = WebhookRules.retry(attempts: hook.attempts, failingSince: since, now: now, base: retryBase) {
                    hook.nextAttemptAt = next
                } else {
                    hook.state = .paused; hook.pausedAt = now; hook.nextAttemptAt = nil
                    if let league = try w.league(hook.league) { try tellPaused(w, league: league, hook: hook, why: delivery) }
                }
            }
            try w.updateWebhookProgress(hook)
            return hook.state
        }
    }

    /// The league chat's line to the commissioner about a paused hook (mentioning them, so they are notified).
    private func tellPaused(_ w: any LeagueStoreWriter, league: League, hook: Webhook, why: WebhookDelivery) throws {
        let host = URL(string: hook.url)?.host ?? hook.url
        let cause = why.status.map { "it answered \($0)" } ?? why.error ?? "it didn't answer"
        let text = "Webhook \(hook.id) to \(host) is paused: it has failed for a day (the last attempt: \(cause)). "
            + "The commissioner can remove it and add it again."
        let mentions = league.commissioner.map { [$0] } ?? []
        let line = ChatMessage(id: 0, leagueID: league.id, userID: nil, teamID: nil, authorName: "", body: text, at: clock.now(),
                               mentions: mentions)
        try w.appendEvent(league: league.id, LeagueEvent.Chat(message: try w.insertChatMessage(line), mentions: mentions.isEmpty ? nil : mentions),
                          at: clock.now())
    }
}
