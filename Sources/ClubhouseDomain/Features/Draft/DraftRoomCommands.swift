import Foundation

/// What both kinds of draft room do alike with their `draft` (`DraftRoom`, picks in turn; `AuctionRoom`, sales): the
/// commissioner's start, pause and resume, and the seconds left on the clock. Each kind says how its clock opens.
public protocol DraftRoomCommands {
    var draft: Draft { get set }
    /// Puts the room's turn on a fresh, full clock: the pick on the clock (`DraftRoom`; nil for a soft timer); the
    /// bidding clock while a player is on the block, else the nomination clock (`AuctionRoom`).
    mutating func openClock(now: Date)
}

extension DraftRoomCommands {
    /// Seconds left on the clock (nil: soft timer or not running; never negative).
    public func secondsLeft(now: Date) -> Double? { draft.secondsLeft(now: now) }

    /// Starts a scheduled draft: its first turn goes on the clock (pick 1; in an auction, the first team in draft
    /// order has the nomination clock).
    public mutating func start(now: Date) throws(DomainError) {
        try draft.start(now: now)
        openClock(now: now)
    }

    /// Pauses a running draft: nobody can pick, nominate or bid, and the clock is frozen.
    public mutating func pause(now: Date) throws(DomainError) { try draft.pause(now: now) }

    /// Resumes a paused draft with a fresh, full clock (`openClock`).
    public mutating func resume(now: Date) throws(DomainError) {
        try draft.resume()
        openClock(now: now)
    }
}
