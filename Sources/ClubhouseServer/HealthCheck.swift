import ClubhouseDomain
import Foundation
import Synchronization

/// `GET /healthz`: whether this instance can serve, which is whether its database answers a trivial question within
/// a short deadline (`LeagueServerBackend.checkDatabase`). One check runs at a time and its answer is reused for
/// `ttl`, so a storm of health checks (HAProxy's, several balancers, a script in a loop) costs the database at most
/// two questions a second (the next one starts at half the last one's age, `recent`), and callers arriving while a
/// check waits on a frozen database wait on that same check.
final class HealthCheck: Sendable {
    /// How long an answer is reused.
    let ttl: Duration
    private let state = Mutex(State())

    private struct State {
        var last: (at: ContinuousClock.Instant, failure: String?)?
        var running: Task<String?, Never>?
        /// Whether the last check failed (the next success logs the recovery).
        var failing = false
    }

    init(ttl: Duration = .seconds(1)) { self.ttl = ttl }

    /// Nil when the database answered, else the cause (for the log; never for clients). A failure is logged to
    /// `failures` (rate-limited there), a recovery once.
    /// The check runs on `executor` (the server's own): a cooperative pool held up elsewhere must not stall health.
    func check(_ probe: @escaping @Sendable () async throws -> Void, failures: FailureLog, executor: any TaskExecutor) async -> String? {
        let task: Task<String?, Never> = state.withLock { s in
            if let last = s.last, ContinuousClock.now - last.at < ttl { return Task(executorPreference: executor) { last.failure } }
            return started(&s, probe, failures: failures, executor: executor)
        }
        return await task.value
    }

    /// The last answer while it is younger than `ttl`, without waiting (`LeagueServer.answerAtOnce`: a health check is
    /// answered on libmicrohttpd's thread, never behind the requests the server's threads are busy with); `.none` when
    /// there is none that young. Past half its age a new check starts beside it, so a balancer asking often always
    /// finds a young one.
    func recent(_ probe: @escaping @Sendable () async throws -> Void, failures: FailureLog, executor: any TaskExecutor) -> String?? {
        state.withLock { s -> String?? in
            guard let last = s.last else { return .none }
            let age = ContinuousClock.now - last.at
            guard age < ttl else { return .none }
            if age >= ttl / 2 { _ = started(&s, probe, failures: failures, executor: executor) }
            return .some(last.failure)
        }
    }

    /// The check running, else a new one.
    private func started(_ s: inout State, _ probe: @escaping @Sendable () async throws -> Void, failures: FailureLog,
                         executor: any TaskExecutor) -> Task<String?, Never> {
        if let running = s.running { return running }
        let running = Task<String?, Never>(executorPreference: executor) { [self] in
            var failure: String?
            do { try await probe() } catch { failure = FailureLog.cause(of: error) }
            let wasFailing = state.withLock { s in
                defer { s.last = (.now, failure); s.running = nil; s.failing = failure != nil }
                return s.failing
            }
            if let failure { failures.failed(failure, route: ServiceRoutes.health.path) } else if wasFailing { failures.recovered() }
            return failure
        }
        s.running = running
        return running
    }
}

/// The server's log of why requests failed: the cause of a failure clients are told only "try again shortly" about
/// (the database's own message, its host — never sent to a client), one line per kind of failure per `interval`,
/// with how many more of that kind came meanwhile. A flood of requests failing through an outage writes a line a
/// minute, not a line a request; `recovered` (a health check that passes again) closes the outage with a line and
/// lets the next one be logged at once.
final class FailureLog: Sendable {
    let interval: Duration
    private let log: @Sendable (String) -> Void
    private let kinds = Mutex<[String: (at: ContinuousClock.Instant, suppressed: Int)]>([:])

    init(interval: Duration = .seconds(60), log: @escaping @Sendable (String) -> Void) {
        self.interval = interval; self.log = log
    }

    /// What an error says for the log: a storage failure's sentence (it names the database), else its description.
    static func cause(of error: any Error) -> String {
        if let e = error as? DomainError, case .transport(let m) = e { return e.storageProblem ?? m }
        return String(describing: error)
    }

    /// Logs `cause` unless a line of its kind was written in the last `interval`; counts it then.
    func failed(_ cause: String, route: String?) {
        // A kind is the sentence without its numbers (ports, process ids, milliseconds vary within one outage).
        let kind = cause.replacing(#/[0-9]+/#, with: "#")
        let now = ContinuousClock.now
        let repeated: Int? = kinds.withLock { kinds in
            if let seen = kinds[kind], now - seen.at < interval {
                kinds[kind]!.suppressed += 1
                return nil
            }
            if kinds.count >= 64 { kinds = kinds.filter { now - $0.value.at < interval } }
            let suppressed = kinds[kind]?.suppressed ?? 0
            kinds[kind] = (now, 0)
            return suppressed
        }
        guard let repeated else { return }
        log("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"storage.failed\",\"cause\":\(JSONText.quote(cause))"
            + (route.map { ",\"route\":\(JSONText.quote($0))" } ?? "") + (repeated > 0 ? ",\"repeated\":\(repeated)" : "") + "}")
    }

    /// The database answers again: say so once, and forget the kinds seen so the next outage is logged at once.
    func recovered() {
        let suppressed = kinds.withLock { kinds in
            defer { kinds.removeAll() }
            return kinds.values.reduce(0) { $0 + $1.suppressed }
        }
        log("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"storage.recovered\"" + (suppressed > 0 ? ",\"repeated\":\(suppressed)" : "") + "}")
    }
}
