import Testing
@testable import ClubhouseDomain

@Suite struct DraftQueuesTests {
    let a = TeamID(1), b = TeamID(2)

    @Test func addRemoveAndReorder() throws {
        var q = DraftQueues()
        try q.add("p1", for: a, taken: [])
        try q.add("p2", for: a, taken: [])
        try q.add("p3", for: a, taken: [])
        try q.move("p3", for: a, to: 0)
        #expect(q.queue(for: a) == ["p3", "p1", "p2"])
        try q.reorder(for: a, to: ["p2", "p1", "p3"])
        #expect(q.queue(for: a) == ["p2", "p1", "p3"])
        try q.remove("p1", for: a)
        #expect(q.queue(for: a) == ["p2", "p3"])
        #expect(throws: DomainError.notFound("p1 in the queue")) { try q.remove("p1", for: a) }
    }

    @Test func queueRefusesDuplicatesDraftedPlayersAndOverflow() throws {
        var q = DraftQueues()
        try q.add("p1", for: a, taken: [])
        #expect(throws: DomainError.self) { try q.add("p1", for: a, taken: []) }
        #expect(throws: DomainError.conflict("gone was already drafted")) { try q.add("gone", for: a, taken: ["gone"]) }
        for i in 2...DraftQueues.maxLength { try q.add(PlayerID("p\(i)"), for: a, taken: []) }
        #expect(throws: DomainError.validation(field: "queue", message: "A queue holds at most 50 players — remove one first")) {
            try q.add("one-more", for: a, taken: [])
        }
    }

    @Test func reorderMustKeepTheSamePlayers() throws {
        var q = DraftQueues([a: ["p1", "p2"]])
        #expect(throws: DomainError.self) { try q.reorder(for: a, to: ["p1", "p3"]) }
    }

    @Test func draftedPlayersLeaveEveryQueueAtOnce() {
        let q = DraftQueues([a: ["p1", "p2"], b: ["p2", "p3"]]).removingDrafted(["p2"])
        #expect(q.queue(for: a) == ["p1"])
        #expect(q.queue(for: b) == ["p3"])
    }
}
