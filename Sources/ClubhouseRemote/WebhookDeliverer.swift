import ClubhouseData
import ClubhouseDomain
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts every league's webhooks, in the process that owns the database (`serve`, beside the clocks): a thread of its
/// own asks the use cases what each hook owes next (`WebhooksService.postsDue`: one event a hook at a time, so each
/// hook's posts keep the event log's order), posts it over the project's one HTTP client (`SocketHTTP`, GnuTLS), signed,
/// to the address just checked (`WebhookNetwork`: resolved and checked again at every attempt, then connected to that
/// very address), and records the attempt (`recordAttempt`: the next one after a backoff, a pause after a day). No
/// write of the league ever waits for it: it only reads the event log the writes append to.
public final class WebhookDeliverer: Sendable {
    public struct Options: Sendable {
        /// The first retry's delay, doubled per failure (`serve --webhook-retry-base`, `CLUBHOUSE_WEBHOOK_RETRY_BASE`).
        public var retryBase: TimeInterval = 10
        /// How often the worker looks for new events when it has nothing to post.
        public var poll: TimeInterval = 1
        /// Extra CA certificates receivers may be signed by (`serve --webhook-ca FILE`), besides the system's.
        public var caFile: String?
        /// One line of the server's log per attempt that failed.
        public var log: @Sendable (String) -> Void = { _ in }
        public init() {}
    }

    private let service: LeagueService
    private let options: Options
    private let http: SocketHTTP
    /// This process's name in the hooks' leases.
    private let holder = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    private let stopped = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// `trust` nil: the system's CAs (and `options.caFile`'s, refused with the reason when it can't be read).
    public init(service: LeagueService, options: Options) throws(TLSTrust.Unusable) {
        self.service = service; self.options = options
        let trust = try options.caFile.map { file throws(TLSTrust.Unusable) in try TLSTrust(caFile: file) }
        http = SocketHTTP(idleTimeout: 10, requestTimeout: 15, maxResponseBytes: 64 << 10, trust: trust)
    }

    public func start() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "clubhouse-webhooks"
        thread.start()
    }

    /// Stops after the attempt in flight, waiting for it at most 2 s (a server stops within 5 s): an attempt cut short
    /// is not recorded and is made again by the next start — receivers tell a repeat by `X-Clubhouse-Event`.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        wakeUp.signal()
        _ = finished.wait(timeout: .now() + 2)
    }

    private func run() {
        while !stopped.load(ordering: .relaxed) {
            var posted = false
            do {
                for post in try service.webhooks.postsDue(holder: holder, now: service.clock.now(), lease: 60) {
                    if stopped.load(ordering: .relaxed) { break }
                    let (status, error) = attempt(post)
                    try service.webhooks.recordAttempt(post, status: status, error: error, now: service.clock.now(), retryBase: options.retryBase)
                    if status.map({ (200..<300).contains($0) }) != true {
                        options.log("webhook \(post.hook.id) of league \(post.hook.league.rawValue), event \(post.line.id), attempt \(post.attempt): "
                                    + (status.map { "answered \($0)" } ?? error ?? "failed"))
                    }
                    posted = true
                }
            } catch {
                options.log("webhooks: \(error)")
            }
            if !posted { _ = wakeUp.wait(timeout: .now() + options.poll) }
        }
    }

    /// One attempt: the receiver's status, or why there was none.
    func attempt(_ post: WebhookPost) -> (status: Int?, error: String?) {
        let hook = post.hook
        let target: WebhookRules.Target, addresses: [IPAddress]
        do {
            target = try WebhookRules.target(hook.url)
            addresses = try service.webhookNetwork.addresses(of: target.host)
        } catch let e as DomainError {
            return (nil, e.message)
        } catch {
            return (nil, "\(error)")
        }
        let body = WebhookPayload.body(post.line, league: hook.league, leagueName: post.leagueName, format: hook.format)
        var request = URLRequest(url: target.url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("clubhouse-webhooks/\(ClubhouseVersion.string)", forHTTPHeaderField: "User-Agent")
        request.setValue(WebhookPayload.signature(HMACSHA256.mac(key: Array(hook.secret.utf8), message: Array(body))),
                         forHTTPHeaderField: "X-Clubhouse-Signature")
        request.setValue("\(Int(service.clock.now().timeIntervalSince1970))", forHTTPHeaderField: "X-Clubhouse-Timestamp")
        request.setValue("\(post.line.id)", forHTTPHeaderField: "X-Clubhouse-Event")
        switch http.perform(request, address: addresses[0].description) {
        case .success(let answer): return (answer.status, nil)
        case .failure(.unreachable(let why)): return (nil, "couldn't reach \(target.host): \(why)")
        case .failure(.redirect): return (nil, "\(target.host) answered with a redirect, which webhooks don't follow")
        case .failure(.tooLarge): return (nil, "\(target.host) answered with more than 64 KB")
        case .failure(.untrusted(let why)): return (nil, why)
        }
    }
}
