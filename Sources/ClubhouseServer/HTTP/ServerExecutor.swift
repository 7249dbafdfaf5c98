import Dispatch

/// Where the server's tasks run: its own Dispatch queue rather than Swift's cooperative pool. The pool is as wide
/// as the machine has cores, and anything else in the process that blocks a pool thread (a test waiting on a
/// socket, a synchronous database call) would otherwise hold every request and event stream behind it. Dispatch
/// adds threads when one blocks; the cooperative pool doesn't. Actors without an executor of their own follow a
/// task's executor preference (SE-0417), so a handler's whole call chain stays here.
final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
