import Foundation

/// Start, pause and resume, the same for a draft made in turn (`DraftRoom`) and an auction (`AuctionRoom`): the checks
/// and the status each leaves. The room then opens its own clock (the pick's, or the nomination's or bidding clock).
extension Draft {
    /// Marks a scheduled draft running at pick 1, once its order lists every team once and it has a round.
    public mutating func start(now: Date) throws(DomainError) {
        guard status == .scheduled else {
            throw .conflict(status == .complete ? "The draft is complete" : "The draft has already started")
        }
        guard order.count >= 1, Set(order).count == order.count else {
            throw .validation(field: "order", message: "The draft order must list every team exactly once")
        }
        guard rounds >= 1 else { throw .validation(field: "rounds", message: "A draft needs at least one round") }
        status = .running
        startedAt = now
        currentPick = 1
    }

    /// Pauses a running draft: nobody can pick, nominate or bid, and the time left is kept beside a cleared clock.
    public mutating func pause(now: Date) throws(DomainError) {
        guard status == .running else { throw statusConflict(doing: "pause") }
        status = .paused
        remainingWhenPaused = deadline.map { max(0, $0.timeIntervalSince(now)) }
        deadline = nil
    }

    /// Marks a paused draft running again (the room gives it a fresh clock).
    public mutating func resume() throws(DomainError) {
        guard status == .paused else { throw statusConflict(doing: "resume") }
        status = .running
        remainingWhenPaused = nil
    }

    /// "Can't pause: the draft is already paused".
    func statusConflict(doing action: String) -> DomainError {
        switch status {
        case .scheduled: .conflict("Can't \(action): the draft hasn't started")
        case .running: .conflict("Can't \(action): the draft is already running")
        case .paused: .conflict("Can't \(action): the draft is already paused")
        case .complete: .conflict("Can't \(action): the draft is complete")
        }
    }
}
