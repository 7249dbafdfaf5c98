import Terminal

/// Identifies one load request, so an answer to a superseded request is recognised and dropped.
public struct RequestToken: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public var description: String { "#\(value)" }
}

/// Where a page's data is (ARCHITECTURE.md §4): idle → loading → loaded | empty | failed.
public enum Load<Value: Sendable>: Sendable {
    case idle
    case loading
    case loaded(Value)
    /// Loaded, but there is nothing to show.
    case empty
    case failed(PresentableError)
}

extension Load: Equatable where Value: Equatable {}

/// A `Load` plus the token of the request in flight. Starting a request supersedes the previous one;
/// `finish` ignores any answer whose token is not the one in flight, so a late result never renders.
public struct Loadable<Value: Sendable>: Sendable {
    public private(set) var load: Load<Value> = .idle
    /// The request being waited for, if any.
    public private(set) var inFlight: RequestToken?
    /// Why the value shown is older than asked for: the last background refresh couldn't reach the server, so the
    /// value stayed instead of turning into an error page (an outage mid-draft keeps the room on screen, marked by
    /// the page and the top bar). Cleared by the next answer.
    public private(set) var staleBecause: PresentableError?
    private var generation = 0
    /// Whether the request in flight is a background refresh over a shown value.
    private var refreshing = false

    public init() {}
    /// Starts loaded with `value` (previews, tests).
    public init(_ value: Value) { load = .loaded(value) }
    /// Starts in `load` (previews, tests).
    public init(load: Load<Value>) { self.load = load }

    /// Starts a request, superseding any in flight; shows loading. Returns its token.
    public mutating func begin() -> RequestToken {
        generation += 1
        let t = RequestToken(generation)
        inFlight = t
        refreshing = false
        load = .loading
        return t
    }

    /// Starts a background refresh: the shown value stays (no spinner) until the answer replaces it.
    public mutating func beginRefresh() -> RequestToken {
        guard value != nil else { return begin() }
        generation += 1
        let t = RequestToken(generation)
        inFlight = t
        refreshing = true
        return t
    }

    /// Applies the answer to request `token`; returns false (and changes nothing) for a superseded request. A refresh
    /// that couldn't reach the server keeps the shown value (`staleBecause` says why); any other failure shows.
    @discardableResult
    public mutating func finish(_ token: RequestToken, _ result: Result<Value, PresentableError>,
                                isEmpty: (Value) -> Bool = { _ in false }) -> Bool {
        guard token == inFlight else { return false }
        inFlight = nil
        let wasRefresh = refreshing
        refreshing = false
        switch result {
        case .success(let v): load = isEmpty(v) ? .empty : .loaded(v); staleBecause = nil
        case .failure(let e) where e.unreachable && wasRefresh && value != nil: staleBecause = e
        case .failure(let e): load = .failed(e); staleBecause = nil
        }
        return true
    }

    /// Replaces the shown value without a request (e.g. a local edit).
    public mutating func set(_ value: Value) { load = .loaded(value); inFlight = nil; refreshing = false; staleBecause = nil }

    /// The loaded value, if any.
    public var value: Value? { if case .loaded(let v) = load { v } else { nil } }
    public var isLoading: Bool { if case .loading = load { true } else { false } }
    public var isIdle: Bool { if case .idle = load { true } else { false } }
    public var error: PresentableError? { if case .failed(let e) = load { e } else { nil } }
}

extension Loadable: Equatable where Value: Equatable {}

extension Command where Request == PageDelegate {
    /// Runs `work` for request `token` as cancellable effect `id` and answers with `answer(token, result)`.
    /// Errors become `PresentableError`s; one that ended the session also asks the shell to say so
    /// (`PageDelegate.sessionEnded`), after the page's own answer. A cancelled request answers nothing.
    public static func load<Value: Sendable>(
        _ token: RequestToken, id: some EffectIdentifier,
        _ work: @escaping @Sendable () async throws -> Value,
        answer: @escaping @Sendable (RequestToken, Result<Value, PresentableError>) -> Action
    ) -> Command {
        .run(id: id) { send in
            do {
                let v = try await work()
                if Task.isCancelled { return }
                send(answer(token, .success(v)))
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                let e = PresentableError(error)
                send(answer(token, .failure(e)))
                if e.sessionEnded { send(request: .sessionEnded) }
            }
        }
    }
}

extension Command where Request == PageDelegate {
    /// An older page of a feed the page shows (activity, chat), read as cancellable effect `id`: answers with the page,
    /// or with the error as a `PresentableError` (the page toasts it; what shows stays).
    public static func olderPage<Value: Sendable>(id: some EffectIdentifier, _ work: @escaping @Sendable () async throws -> Value,
                                                  answer: @escaping @Sendable (Result<Value, PresentableError>) -> Action) -> Command {
        .run(id: id) {
            do { return answer(.success(try await work())) } catch { return answer(.failure(PresentableError(error))) }
        }
    }
}

extension Array where Element: Identifiable {
    /// The lines of an older page not shown already (`shown`): a line that arrived live while it was read is shown once.
    func unseen(in shown: [Element]) -> [Element] {
        let known = Set(shown.map(\.id))
        return filter { !known.contains($0.id) }
    }
}

extension Loadable where Value: Sendable {
    /// Starts a page's read of this value as cancellable effect `id`: from scratch (pushed, retried: the spinner shows)
    /// or `inPlace` (after live events: what shows stays until the answer replaces it); answers with `answer`.
    public mutating func load<Action: Sendable>(inPlace: Bool, id: some EffectIdentifier, _ work: @escaping @Sendable () async throws -> Value,
                                                answer: @escaping @Sendable (RequestToken, Result<Value, PresentableError>) -> Action) -> Effect<Action> {
        .load(inPlace ? beginRefresh() : begin(), id: id, work, answer: answer)
    }
}

/// Anything that can say it is waiting for a load (the shell ticks the spinner while one is). Every page state
/// says it from its own `Loadable`s.
public protocol LoadingReporting { var isLoading: Bool { get } }
extension Loadable: LoadingReporting {}
