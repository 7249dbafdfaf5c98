import Foundation

/// Where a draft is.
public enum DraftStatus: String, Codable, Sendable {
    /// Not started; the commissioner starts it (it never starts by itself).
    case scheduled
    case running
    /// Nobody can pick; the clock is frozen.
    case paused
    case complete
}

/// A league's draft room state (picks are separate).
public struct Draft: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var status: DraftStatus
    /// Draft slot order: `order[0]` picks first in round 1.
    public var order: [TeamID]
    public var rounds: Int
    public var type: DraftType
    public var pickClockSeconds: Int?
    /// 1-based overall number of the pick on the clock (rounds × teams + 1 when complete).
    public var currentPick: Int
    /// When the pick on the clock expires (nil: soft timer, paused, or not running).
    public var deadline: Date?
    /// Seconds that were left when paused (informational; resume gives a fresh clock).
    public var remainingWhenPaused: Double?
    public var scheduledAt: Date?
    public var startedAt: Date?
    /// When the pick on the clock opened (start, previous pick, resume or undo); bots' think time counts from it.
    public var pickOpenedAt: Date?

    public init(leagueID: LeagueID, status: DraftStatus, order: [TeamID], rounds: Int, type: DraftType, pickClockSeconds: Int?,
                currentPick: Int = 1, deadline: Date? = nil, remainingWhenPaused: Double? = nil, scheduledAt: Date? = nil, startedAt: Date? = nil,
                pickOpenedAt: Date? = nil) {
        self.leagueID = leagueID; self.status = status; self.order = order; self.rounds = rounds; self.type = type
        self.pickClockSeconds = pickClockSeconds; self.currentPick = currentPick; self.deadline = deadline
        self.remainingWhenPaused = remainingWhenPaused; self.scheduledAt = scheduledAt; self.startedAt = startedAt
        self.pickOpenedAt = pickOpenedAt
    }

    /// Rounds × teams; a stored round count out of range counts as 0…`maxRounds`, so the product can't overflow.
    public var totalPicks: Int { rounds.clamped(to: 0...Self.maxRounds) * order.count }
    /// More rounds than any settings allow (30), well short of anything that could overflow.
    public static let maxRounds = 1_000
    public var isComplete: Bool { currentPick > totalPicks }

    /// Seconds left on the clock (nil: soft timer or not running; never negative).
    public func secondsLeft(now: Date) -> Double? {
        guard status == .running, let deadline else { return nil }
        return max(0, deadline.timeIntervalSince(now))
    }

    /// The draft as read back from storage, its numbers within range: rounds 0…`maxRounds`, the pick on the clock
    /// 0…(total + 1), a pick clock of at most an hour — so counting picks and rounds can't overflow. Rows every
    /// version writes come back unchanged.
    public func checkedAfterReading() -> Draft {
        var d = self
        d.rounds = rounds.clamped(to: 0...Self.maxRounds)
        d.currentPick = currentPick.clamped(to: 0...(d.totalPicks + 1))
        d.pickClockSeconds = pickClockSeconds.map { $0.clamped(to: 0...3_600) }
        return d
    }
}

/// Who made a pick.
public enum PickSource: String, Codable, Sendable {
    case manager, autopick, bot, commissioner
    /// A keeper filling his team's pick in his cost round when the draft starts (`KeeperRules`); never undone.
    case keeper
}

/// One made pick.
public struct Pick: Hashable, Codable, Sendable {
    /// 1-based overall pick number.
    public var number: Int
    public var round: Int
    public var teamID: TeamID
    public var playerID: PlayerID
    public var source: PickSource
    public var madeAt: Date
    /// An auction sale's price in dollars (nil: a pick made in turn).
    public var price: Int?
    public init(number: Int, round: Int, teamID: TeamID, playerID: PlayerID, source: PickSource, madeAt: Date, price: Int? = nil) {
        self.number = number; self.round = round; self.teamID = teamID; self.playerID = playerID; self.source = source; self.madeAt = madeAt
        self.price = price
    }

    /// The pick as read back from storage, its number and round within what a draft can have (a hand-edited row's
    /// can't overflow the board's arithmetic).
    public func checkedAfterReading() -> Pick {
        var p = self
        p.number = number.clamped(to: 0...(Draft.maxRounds * 16 + 1))
        p.round = round.clamped(to: 0...Draft.maxRounds)
        return p
    }
}
