/// Every team's draft queue: players it would like, in order; autopick takes the first one still available.
///
/// Rules: at most `maxLength` (50) players per queue; a player appears once per queue; a drafted player can't be
/// queued, and a pick removes him from every queue at once.
public struct DraftQueues: Hashable, Codable, Sendable {
    public static let maxLength = 50

    public private(set) var byTeam: [TeamID: [PlayerID]]

    public init(_ byTeam: [TeamID: [PlayerID]] = [:]) { self.byTeam = byTeam }

    public func queue(for team: TeamID) -> [PlayerID] { byTeam[team] ?? [] }

    /// Appends a player to the end of a team's queue.
    public mutating func add(_ player: PlayerID, for team: TeamID, taken: Set<PlayerID>) throws(DomainError) {
        var q = queue(for: team)
        guard !taken.contains(player) else { throw .conflict("\(player) was already drafted") }
        guard !q.contains(player) else { throw .validation(field: "player", message: "\(player) is already in the queue") }
        guard q.count < Self.maxLength else {
            throw .validation(field: "queue", message: "A queue holds at most \(Self.maxLength) players — remove one first")
        }
        q.append(player)
        byTeam[team] = q
    }

    /// Removes a player from a team's queue.
    public mutating func remove(_ player: PlayerID, for team: TeamID) throws(DomainError) {
        var q = queue(for: team)
        guard let i = q.firstIndex(of: player) else { throw .notFound("\(player) in the queue") }
        q.remove(at: i)
        byTeam[team] = q
    }

    /// Moves a queued player to a new 0-based place (clamped to the queue).
    public mutating func move(_ player: PlayerID, for team: TeamID, to index: Int) throws(DomainError) {
        var q = queue(for: team)
        guard let i = q.firstIndex(of: player) else { throw .notFound("\(player) in the queue") }
        q.remove(at: i)
        q.insert(player, at: min(max(0, index), q.count))
        byTeam[team] = q
    }

    /// Replaces a team's queue with a new order of the same players.
    public mutating func reorder(for team: TeamID, to newOrder: [PlayerID]) throws(DomainError) {
        let q = queue(for: team)
        guard newOrder.count == q.count, Set(newOrder) == Set(q) else {
            throw .conflict("The queue changed — reload it and try again")
        }
        byTeam[team] = newOrder
    }

    /// Every queue without the given (drafted) players.
    public func removingDrafted(_ players: some Sequence<PlayerID>) -> DraftQueues {
        let gone = Set(players)
        return DraftQueues(byTeam.mapValues { $0.filter { !gone.contains($0) } })
    }
}
