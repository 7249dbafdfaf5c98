import ClubhouseData
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The remote transport: `http://` requests on plain sockets (`PlainHTTP`; the league server beside sshd, or on a
/// club's LAN), `https://` ones on URLSession, through a delegate so every limit holds while bytes arrive: redirects
/// are never followed, an answer over `maxResponseBytes` is cut off, a request gets `idleTimeout` without a byte
/// (connecting included) and `requestTimeout` in all. Event streams use their own session (no overall limit; a stream
/// silent for 45 s — three missed heartbeats — is dropped and reconnected).
final class HTTPClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }
    enum Failure: Error, Sendable {
        case unreachable(String)
        case redirect
        case tooLarge
        /// No TLS connection the client could trust: a sentence that says why (`TLSRefusal`).
        case untrusted(String)

        /// `unreachable`'s reason when the request went out and the connection ended without an answer: the server may
        /// have done it (a write under an `Idempotency-Key` can be asked again safely), unlike a refused connection or
        /// a timeout.
        static let noAnswer = "no answer"
    }

    let maxResponseBytes: Int
    private let plain: PlainHTTP
    private var session: URLSession!
    private var streamSession: URLSession!

    private let pending = Mutex<[Int: Pending]>([:])

    /// One task's answer so far. Registered before the task is resumed; after that only its session's delegate
    /// queue (serial) touches it.
    private final class Pending: @unchecked Sendable {
        var data = Data()
        var response: HTTPURLResponse?
        var tooLarge = false
        var completion: ((Result<Answer, Failure>) -> Void)?
        /// Event streams: bytes go here as they arrive.
        var onBytes: ((Data) -> Void)?
        var onResponse: ((Int) -> Void)?
    }

    init(maxResponseBytes: Int = 1 << 20, idleTimeout: TimeInterval = 5, requestTimeout: TimeInterval = 15) {
        self.maxResponseBytes = maxResponseBytes
        plain = PlainHTTP(idleTimeout: idleTimeout, requestTimeout: requestTimeout, maxResponseBytes: maxResponseBytes)
        super.init()
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = idleTimeout
        config.timeoutIntervalForResource = requestTimeout
        config.urlCache = nil
        config.httpShouldSetCookies = false
        config.httpMaximumConnectionsPerHost = 6
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: config, delegate: self, delegateQueue: queue)
        let streams = URLSessionConfiguration.ephemeral
        streams.timeoutIntervalForRequest = 45
        streams.timeoutIntervalForResource = 7 * 24 * 3600
        streams.urlCache = nil
        streams.httpShouldSetCookies = false
        let streamQueue = OperationQueue()
        streamQueue.maxConcurrentOperationCount = 1
        streamSession = URLSession(configuration: streams, delegate: self, delegateQueue: streamQueue)
    }

    func invalidate() {
        session.invalidateAndCancel()
        streamSession.invalidateAndCancel()
    }

    func send(_ request: URLRequest) async throws(Failure) -> Answer {
        if request.url?.scheme == "http" { return try await plain.send(request).get() }
        let result: Result<Answer, Failure> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request)
            let p = Pending()
            p.completion = { continuation.resume(returning: $0) }
            pending.withLock { $0[task.taskIdentifier] = p }
            task.resume()
        }
        return try result.get()
    }

    /// Opens an event stream; `onBytes` gets the body as it arrives, `onEnd` once when it ends (status, failure).
    func stream(_ request: URLRequest, onResponse: @escaping (Int) -> Void, onBytes: @escaping (Data) -> Void,
                onEnd: @escaping (Result<Answer, Failure>) -> Void) -> URLSessionDataTask {
        let task = streamSession.dataTask(with: request)
        let p = Pending()
        p.onBytes = onBytes
        p.onResponse = onResponse
        p.completion = onEnd
        pending.withLock { $0[task.taskIdentifier] = p }
        task.resume()
        return task
    }

    private func state(_ task: URLSessionTask) -> Pending? { pending.withLock { $0[task.taskIdentifier] } }

    // MARK: - URLSessionDataDelegate

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)   // never follow: the 3xx itself is the answer, refused below
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        if let p = state(dataTask) {
            p.response = http
            if let length = http?.expectedContentLength, length > maxResponseBytes, p.onBytes == nil {
                p.tooLarge = true
                completionHandler(.cancel)
                return
            }
            p.onResponse?(http?.statusCode ?? 0)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let p = state(dataTask) else { return }
        if let onBytes = p.onBytes, (200..<300).contains(p.response?.statusCode ?? 0) { onBytes(data); return }
        p.data.append(data)
        if p.data.count > maxResponseBytes {
            p.tooLarge = true
            p.data = Data()
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let p = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let result: Result<Answer, Failure>
        if p.tooLarge {
            result = .failure(.tooLarge)
        } else if let response = p.response, error == nil || (error as? URLError)?.code == .cancelled && p.onBytes != nil {
            if (300..<400).contains(response.statusCode), response.statusCode != 304 { result = .failure(.redirect) } else {
                var headers: [String: String] = [:]
                for (k, v) in response.allHeaderFields { headers[String(describing: k).lowercased()] = String(describing: v) }
                result = .success(Answer(status: response.statusCode, headers: headers, body: p.data))
            }
        } else if let error = error as? URLError, let refusal = TLSRefusal.sentence(for: error) {
            result = .failure(.untrusted(refusal))
        } else {
            let lost = (error as? URLError).map { $0.code == .networkConnectionLost } ?? true
            result = .failure(.unreachable(lost ? Failure.noAnswer : (error as? URLError).map { "\($0.code.rawValue)" } ?? Failure.noAnswer))
        }
        p.completion?(result)
    }
}
