import CMicroHTTPD
import ClubhouseDomain
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// libmicrohttpd underneath, async Swift on top: each request's body is read (within the limits) on the daemon's
/// thread, then the connection is suspended while `handler` runs as a task, and resumed to send its answer. Event
/// streams stay suspended, and on plain HTTP write their sockets themselves (`EventStream`; `StreamWatch` notices
/// their clients leaving and says when a full socket has room again). One line per request goes to `log`.
///
/// Strict about what it reads: the request line and headers as they arrived (`chs_head_is_well_formed`: no NUL or
/// other control character, CR LF line ends, no folded lines), one unambiguous body length (`RequestHead.checkFraming`),
/// the request target decoded segment by segment (`RequestHead.target`: no `%00`, no `%2F` inside a segment). A
/// request that fails these gets 400 `malformed_request` and its connection is closed; what libmicrohttpd refuses
/// itself (no Host on HTTP/1.1, a Content-Length that isn't a number, a line without a colon) gets its own short
/// answer and the connection closed.
public final class HTTPServer: @unchecked Sendable {
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        /// 0: an ephemeral port (read `port` after `start`).
        public var port: UInt16 = 8787
        /// Larger request bodies get 413.
        public var maxBodyBytes = 64 * 1024
        /// Seconds a connection may stay idle (libmicrohttpd's MHD_OPTION_CONNECTION_TIMEOUT).
        public var idleTimeoutSeconds: UInt32 = 10
        /// A request whose body is still arriving after this is dropped (a slow or half-sent request isn't held).
        public var bodyDeadline: Duration = .seconds(10)
        /// Open connections beyond this get 503 with Retry-After (libmicrohttpd closes beyond `maxConnections + 64`).
        public var maxConnections = 1024
        /// libmicrohttpd polling threads.
        public var threads: UInt32 = 2
        /// Sent with every answer, whatever answered it (a route, a refusal, a stream): the server's version.
        public var headersOnEveryAnswer: [(String, String)] = []
        /// Told of every request when it ends: method, route template (nil: none matched), status (nil: dropped) and
        /// seconds from its head to its end (the metrics).
        public var observe: (@Sendable (_ method: String, _ route: String?, _ status: Int?, _ seconds: Double) -> Void)?
        /// Asked on libmicrohttpd's thread for a `GET` or `HEAD` once its head is read: an answer it already has (a kept read),
        /// sent at once without suspending the connection or starting a task; nil sends the request to the handler. It
        /// must not wait on anything.
        public var answerAtOnce: (@Sendable (HTTPRequest) -> HTTPResponse?)?
        /// HTTPS only, with this certificate and key (nil: plain HTTP). `reloadTLS` replaces them while serving.
        public var tls: TLSCredentials?
        public init() {}
    }

    public let options: Options
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    let log: @Sendable (String) -> Void
    private var daemon: OpaquePointer?
    public private(set) var port: UInt16 = 0
    /// Event streams' sockets: their clients hanging up, and room to write (nil when no epoll set could be made: the
    /// heartbeat finds clients gone instead, and streams write through libmicrohttpd).
    private var streamWatch: StreamWatch?
    /// The certificate and key new TLS connections get (nil: plain HTTP).
    fileprivate var tlsSlot: TLSSlot?
    /// Where libmicrohttpd sends its own lines (`libraryLogged`). Never freed: a daemon left to exit may still log.
    private let errorLog = UnsafeMutablePointer<chs_error_log>.allocate(capacity: 1)
    /// Set (once) when the server stops taking connections: the daemon's accept policy reads it (`chs_accept_policy`),
    /// and so do the answers (`isDraining`): the one record of it. Never freed, for the same reason.
    private let drainingFlag: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    private struct State {
        /// libmicrohttpd's connections.
        var openConnections = 0
        /// Event streams on sockets taken from libmicrohttpd (`EventStream.Handoff`): connections too, for the cap.
        var streamSockets = 0
        var inFlight = 0
        /// Requests suspended while their handler runs.
        var suspended = 0
        /// Set once the listening socket was taken from a daemon left to exit (closing it twice could close someone
        /// else's socket).
        var quiesced = false
    }
    private let state = Mutex(State())
    /// Broadcast after a suspended request is resumed, so `stopNow` waits on it instead of polling `suspended`.
    private let resumed = NSCondition()
    /// Handlers run here, off Swift's cooperative pool.
    let executor = ServerExecutor(label: "clubhouse.server.requests")

    public init(options: Options, log: @escaping @Sendable (String) -> Void, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.options = options; self.handler = handler; self.log = log
    }

    public struct ListenError: Error, CustomStringConvertible {
        public var description: String
    }

    public func start() throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = options.port.bigEndian
        guard inet_pton(AF_INET, options.host, &address.sin_addr) == 1 else {
            throw ListenError(description: "'\(options.host)' is not an IPv4 address (use e.g. 127.0.0.1 or 0.0.0.0)")
        }
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
                           | MHD_USE_ERROR_LOG.rawValue)
        let me = Unmanaged.passUnretained(self).toOpaque()
        tlsSlot = options.tls.map(TLSSlot.init)
        errorLog.pointee = chs_error_log(sink: libraryLogged, context: me)
        // Ready before the daemon listens: a request may come the instant it does (a balancer's health checks).
        let watch = StreamWatch()
        streamWatch = watch
        let d = withUnsafePointer(to: &address) {
            tlsSlot == nil
                ? chs_start_daemon(flags, $0, accessHandler, me, requestCompleted, connectionNotified, uriLogged,
                                   options.idleTimeoutSeconds, UInt32(options.maxConnections + 64), options.threads, errorLog, drainingFlag)
                : chs_start_tls_daemon(flags, $0, accessHandler, me, requestCompleted, connectionNotified, uriLogged,
                                       options.idleTimeoutSeconds, UInt32(options.maxConnections + 64), options.threads, errorLog, drainingFlag)
        }
        guard let d else {
            watch?.stop(); streamWatch = nil
            throw ListenError(description: "cannot listen on \(options.host):\(options.port) (in use, or not allowed)")
        }
        daemon = d
        port = chs_bound_port(d)
    }

    /// New TLS connections get `credentials` from now on (connections already open keep theirs). False when the
    /// server speaks plain HTTP.
    @discardableResult
    public func reloadTLS(_ credentials: TLSCredentials) -> Bool {
        guard let tlsSlot else { return false }
        tlsSlot.set(credentials)
        return true
    }

    /// Stops accepting new connections (each new one is closed as it is accepted); requests already in flight finish
    /// (see `stop`). The listening socket closes when the daemon stops.
    /// Whether the server has stopped taking connections (`quiesce`).
    private var isDraining: Bool { chs_is_draining(drainingFlag) != 0 }

    public func quiesce() {
        chs_set_draining(drainingFlag)
    }

    /// Closes the listening socket of a daemon left running (requests still suspended), so the port is free for the
    /// next server. Only there: `MHD_quiesce_daemon` on this epoll daemon can race its own worker and abort the
    /// process (see `chs_accept_policy`), while `MHD_stop_daemon` closes the socket without that race.
    /// Idempotent: the socket is closed once. (A second close would hit whatever descriptor reused its number — in a
    /// busy process another daemon's connection, which libmicrohttpd then fails to close and aborts.)
    private func releaseListeningSocket(_ daemon: OpaquePointer) {
        let first = state.withLock { s -> Bool in
            defer { s.quiesced = true }
            return !s.quiesced
        }
        guard first else { return }
        let fd = MHD_quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
    }

    /// Waits (up to `grace`) for requests in flight, then stops the daemon. Event streams must already be ended.
    public func stop(grace: Duration = .seconds(3)) async {
        quiesce()
        let clock = ContinuousClock(), until = clock.now + grace
        while clock.now < until, state.withLock({ $0.inFlight > 0 || $0.suspended > 0 }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
        stopDaemonIfSafe()
    }

    /// Stops the daemon once no request is suspended waiting for its handler (up to 2 s).
    public func stopNow() {
        quiesce()
        let until = Date(timeIntervalSinceNow: 2)
        resumed.lock()
        while state.withLock({ $0.suspended > 0 }), resumed.wait(until: until) {}
        resumed.unlock()
        stopDaemonIfSafe()
    }

    /// libmicrohttpd aborts the process when stopped with a connection suspended: a handler still running keeps
    /// its connection suspended, so then the daemon is left to the process's exit instead.
    private func stopDaemonIfSafe() {
        guard let daemon else { return }
        if state.withLock({ $0.suspended > 0 }) {
            releaseListeningSocket(daemon)
            log("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"stop\",\"note\":\"requests still running; daemon left to exit\"}")
            _ = Unmanaged.passRetained(self)   // its callbacks still point here: keep this alive with the daemon
            return
        }
        usleep(20_000)   // let resumed streams be processed
        MHD_stop_daemon(daemon)
        self.daemon = nil
        streamWatch?.stop()
    }

    /// Open connections: libmicrohttpd's and the event streams' own sockets.
    var connectionCount: Int { state.withLock { $0.openConnections + $0.streamSockets } }

    /// The buffer libmicrohttpd keeps per event stream to pull its bytes through (allocated for each stream's whole
    /// life): an event is a few hundred bytes, a replay page is taken in several pulls.
    static let streamBlock = 1024

    // MARK: - Callbacks (libmicrohttpd's threads)

    fileprivate func connectionEvent(started: Bool) {
        state.withLock { $0.openConnections += started ? 1 : -1 }
    }

    fileprivate func begin(_ context: RequestContext, connection: OpaquePointer?) {
        let (over, drain) = state.withLock { s -> (Bool, Bool) in
            s.inFlight += 1
            return (s.openConnections + s.streamSockets > options.maxConnections, isDraining)
        }
        context.begun = true
        if context.early != nil {
            // Refused on its head already (malformed): that answer stands.
        } else if drain {
            context.early = HTTPError(.unavailable, "The server is shutting down — try again in a moment", retryAfter: 2)
        } else if over {
            context.early = HTTPError(.unavailable, "The server is busy — try again in a moment")
        } else if let length = context.headers["content-length"].flatMap(Int.init), length > options.maxBodyBytes {
            context.early = ServerErrors.bodyTooLarge(options.maxBodyBytes)
        }
    }

    fileprivate func finished(_ context: RequestContext) {
        state.withLock { $0.inFlight -= 1 }
        let took = (ContinuousClock.now - context.started).components
        let ms = Double(took.attoseconds) / 1e15 + Double(took.seconds) * 1000
        options.observe?(context.method, context.route, context.status, ms / 1000)
        let route = context.route ?? "-"
        let status = context.status.map(String.init) ?? "\"dropped\""
        let hundredths = Int((ms * 100).rounded())
        let fraction = hundredths % 100
        log("{\"at\":\"\(RequestLogTime.now())\",\"method\":\(JSONText.quote(context.method)),\"route\":\(JSONText.quote(route)),"
            + "\"status\":\(status),\"ms\":\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)}")
    }

    /// Answers a fully read request: at once when `answerAtOnce` has its answer, else by running the handler with the
    /// connection suspended meanwhile.
    fileprivate func dispatch(_ context: RequestContext, connection: OpaquePointer?) -> MHD_Result {
        let request = HTTPRequest(method: context.method, path: context.path, query: context.query, headers: context.headers, body: context.body,
                                  peer: context.peer)
        context.body = []
        if let answerAtOnce = options.answerAtOnce, request.method == "GET" || request.method == "HEAD", request.body.isEmpty,
           !isDraining, let response = answerAtOnce(request) {
            return queue(response, on: connection, context: context)
        }
        state.withLock { $0.suspended += 1 }
        MHD_suspend_connection(connection)
        let box = ConnectionBox(connection)
        Task(executorPreference: executor) { [handler] in
            let response = await handler(request)
            context.setResponse(response)
            self.state.withLock {
                MHD_resume_connection(box.pointer)
                $0.suspended -= 1
            }
            self.resumed.withLock { self.resumed.broadcast() }
        }
        return MHD_Result.YES
    }

    /// Hands `response` to libmicrohttpd.
    fileprivate func queue(_ response: HTTPResponse, on connection: OpaquePointer?, context: RequestContext) -> MHD_Result {
        context.status = response.status
        if context.route == nil { context.route = response.route }
        let draining = isDraining
        let mhd: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhd = made(bytes, headers: response.headers, closing: draining)
        case .prepared(let prepared) where !draining:
            // Made once, queued for every request that gets it (libmicrohttpd counts its uses).
            guard let made = prepared.mhd({ made(prepared.bytes, headers: prepared.headers, closing: false) }) else { return MHD_Result.NO }
            return MHD_queue_response(connection, UInt32(prepared.status), made)
        case .prepared(let prepared):
            mhd = made(prepared.bytes, headers: prepared.headers, closing: true)
        case .stream(let stream):
            let retained = Unmanaged.passRetained(stream).toOpaque()
            var unwatch: (@Sendable () -> Void)?
            let fd = connection.map { chs_connection_fd($0) } ?? -1
            if let watch = streamWatch, let token = watch.watch(fd: fd, stream: stream) { unwatch = { watch.unwatch(token) } }
            // Plain HTTP only: a TLS connection's bytes go through libmicrohttpd's TLS session.
            let handoff = tlsSlot != nil || fd < 0 ? nil : EventStream.Handoff(fd: fd, chunked: context.answersChunked, watch: streamWatch) { [weak self] change in
                self?.state.withLock { $0.streamSockets += change }
            }
            stream.attach(connection, handoff: handoff, unwatch: unwatch)
            mhd = MHD_create_response_from_callback(chs_size_unknown(), HTTPServer.streamBlock, streamReader, retained, streamReleased)
            if let mhd {
                addHeaders(response.headers, to: mhd, closing: draining)
            } else {
                Unmanaged<EventStream>.fromOpaque(retained).release()
                stream.finish()   // never served: its slot and any replay waiting on it are let go
            }
        }
        guard let mhd else { return MHD_Result.NO }
        defer { MHD_destroy_response(mhd) }
        return MHD_queue_response(connection, UInt32(response.status), mhd)
    }

    /// A libmicrohttpd response of `bytes` (copied) with `headers` and the ones every answer carries.
    private func made(_ bytes: [UInt8], headers: [(String, String)], closing: Bool) -> OpaquePointer? {
        let mhd = bytes.withUnsafeBufferPointer {
            MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress ?? UnsafePointer(bitPattern: 1)!),
                                            MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        if let mhd { addHeaders(headers, to: mhd, closing: closing) }
        return mhd
    }

    private func addHeaders(_ headers: [(String, String)], to mhd: OpaquePointer, closing: Bool) {
        for (name, value) in headers { MHD_add_response_header(mhd, name, value) }
        for (name, value) in options.headersOnEveryAnswer { MHD_add_response_header(mhd, name, value) }
        if closing { MHD_add_response_header(mhd, "Connection", "close") }
    }
}

// MARK: - C callbacks (no captures: the server comes back through `cls`)

private let headerNames: [String] = ["authorization", "content-type", "content-length", "last-event-id", "x-clubhouse-ssh-host", "idempotency-key",
                                     "if-none-match"]

private func server(_ cls: UnsafeMutableRawPointer?) -> HTTPServer { Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue() }

/// The request line has arrived: a context with the raw target, before libmicrohttpd decodes it.
private let uriLogged: chs_uri_logger = { _, uri, _ in
    Unmanaged.passRetained(RequestContext(target: uri)).toOpaque()
}

/// The request's headers (lowercased names, values as sent) and the strict checks of its head; the refusal, if any.
private func readHead(_ context: RequestContext, connection: OpaquePointer?, method: UnsafePointer<CChar>?,
                      version: UnsafePointer<CChar>?) -> HTTPError? {
    context.method = method.map { String(cString: $0) } ?? ""
    context.version = version.map { String(cString: $0) } ?? ""
    guard chs_head_is_well_formed(connection, method, version, context.targetPointer, context.rawTarget.count) == 1 else {
        return ServerErrors.malformed("The request line or a header is malformed (a control character, a line not ended by CR LF, or a folded line)")
    }
    final class Collected { var all: [(name: String, value: String)] = [] }
    let collected = Collected()
    _ = withExtendedLifetime(collected) {
        MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, { cls, _, key, keySize, value, valueSize in
            guard let cls, let key else { return MHD_Result.YES }
            let c = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
            let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self).lowercased()
            let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
            c.all.append((name, text))
            return MHD_Result.YES
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    for (name, value) in collected.all where headerNames.contains(name) && context.headers[name] == nil { context.headers[name] = value }
    // Every X-Forwarded-For line in order: a proxy such as HAProxy adds a line of its own rather than appending to the
    // client's (see `ForwardedFor`).
    let forwarded = collected.all.filter { $0.name == "x-forwarded-for" }.map(\.value)
    if !forwarded.isEmpty { context.headers["x-forwarded-for"] = forwarded.joined(separator: ",") }
    context.peer = ConnectionAddress.peer(connection)
    do {
        try RequestHead.checkFraming(collected.all, version: context.version)
        (context.path, context.query) = try RequestHead.target(context.rawTarget)
    } catch {
        return error
    }
    return nil
}

/// A line of libmicrohttpd's own (a TLS handshake that failed, a connection it closed): one JSON log line, the text
/// as a JSON string, never written raw beside the server's JSON.
private let libraryLogged: chs_error_sink = { cls, line in
    guard let line else { return }
    let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
    // The event streams' reader ends libmicrohttpd's side of a connection with an error on purpose (its socket taken
    // by the stream, or its client gone): that is not news.
    guard !text.isEmpty, text != "Closing connection (application error generating response)." else { return }
    server(cls).log("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"http.library\",\"message\":\(JSONText.quote(text))}")
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, version, uploadData, uploadSize, conCls in
    let server = server(cls)
    guard let conCls, let uploadSize else { return MHD_Result.NO }
    if conCls.pointee == nil { conCls.pointee = Unmanaged.passRetained(RequestContext(target: nil)).toOpaque() }
    let context = Unmanaged<RequestContext>.fromOpaque(conCls.pointee!).takeUnretainedValue()
    if !context.begun {
        context.early = readHead(context, connection: connection, method: method, version: version)
        server.begin(context, connection: connection)
        // Refused on its head alone (malformed, over a cap, a declared body too large): answer now, don't wait for the body.
        if let early = context.early {
            context.early = nil
            context.dispatched = true
            context.refusedEarly = true
            return server.queue(early.response, on: connection, context: context)
        }
        return MHD_Result.YES
    }
    if uploadSize.pointee > 0 {
        // A body still trickling in after the deadline: drop the connection rather than hold it.
        if ContinuousClock.now - context.started > server.options.bodyDeadline { return MHD_Result.NO }
        if context.early == nil, !context.refusedEarly, let uploadData {
            let n = uploadSize.pointee
            if context.body.count + n > server.options.maxBodyBytes {
                context.early = ServerErrors.bodyTooLarge(server.options.maxBodyBytes)
                context.body = []
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: n) { context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) }
            }
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    if let early = context.early {
        context.early = nil
        context.dispatched = true
        return server.queue(early.response, on: connection, context: context)
    }
    if context.refusedEarly { return MHD_Result.YES }
    if !context.dispatched {
        context.dispatched = true
        return server.dispatch(context, connection: connection)
    }
    guard let response = context.takeResponse() else { return MHD_Result.YES }
    return server.queue(response, on: connection, context: context)
}

private let requestCompleted: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
    guard let conCls, let pointer = conCls.pointee else { return }
    let context = Unmanaged<RequestContext>.fromOpaque(pointer).takeRetainedValue()
    conCls.pointee = nil
    // A request libmicrohttpd refused on its own never reached the handler: nothing to count or log.
    if context.begun { server(cls).finished(context) }
}

private let connectionNotified: MHD_NotifyConnectionCallback = { cls, _, socketContext, code in
    let started = code == .CONNECTION_NOTIFY_STARTED
    let server = server(cls)
    // Before its handshake: a TLS connection's certificate comes from the slot (the shim's chs_tls_retrieve).
    if started, let slot = server.tlsSlot { socketContext?.pointee = UnsafeMutableRawPointer(slot.raw) }
    server.connectionEvent(started: started)
}

private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return Int(chs_end_of_stream()) }
    return Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

private let streamReleased: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue()
    stream.finish()
}
