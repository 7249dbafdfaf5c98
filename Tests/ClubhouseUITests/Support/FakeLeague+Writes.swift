import ClubhouseDomain
import Foundation

/// The gated writes on the UI double: it plays a signed-out person, so every write asks for sign-in and
/// "my" reads are empty. UI tests that need a write to succeed replace these.
extension FakeLeague: WaiversClient, CommissionerClient, ChatClient {
    private func signedOut<T>() throws -> T { throw DomainError.unauthenticated }

    func createLeague(_ new: NewLeague) async throws -> LeagueID { try signedOut() }

    // TeamManaging: FakeLeague+Team.swift

    private func draftWrite() throws { if !draftSignedIn { throw DomainError.unauthenticated } }
    private func pick(_ expectedPick: Int, _ player: PlayerID, source: PickSource) throws -> Pick {
        try draftWrite()
        pickCalls.append(source == .commissioner ? -expectedPick : expectedPick)
        if let m = pickConflict { throw DomainError.conflict(m) }
        var r = room ?? Demo.draftRoom(league0)
        guard expectedPick == r.draft.currentPick else { throw DomainError.conflict("Pick \(expectedPick) was already made") }
        let team = r.draft.order[(expectedPick - 1) % r.draft.order.count]
        let p = Pick(number: expectedPick, round: (expectedPick - 1) / r.draft.order.count + 1, teamID: team, playerID: player, source: source, madeAt: Demo.now)
        let summary = Demo.draftable.first { $0.player.id == player }?.player ?? PlayerSummary(id: player, name: "?", position: .rb, nflTeam: "FA", byeWeek: nil)
        r.picks.append(DraftPickView(pick: p, player: summary))
        r.draft.currentPick += 1
        room = r
        return p
    }
    private var league0: LeagueID { room?.leagueID ?? Demo.couch }

    func makePick(_ league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID) async throws -> Pick { try pick(expectedPick, player, source: .manager) }
    func myQueue(_ league: LeagueID) async throws -> [PlayerSummary] { queue }
    func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary] {
        try draftWrite()
        queueEdits.append(edit)
        switch edit {
        case .add(let id):
            if let p = Demo.draftable.first(where: { $0.player.id == id })?.player { queue.append(p) }
        case .remove(let id): queue.removeAll { $0.id == id }
        case .move(let id, let to):
            if let i = queue.firstIndex(where: { $0.id == id }) { let p = queue.remove(at: i); queue.insert(p, at: min(max(0, to), queue.count)) }
        case .reorder(let ids): queue = ids.compactMap { id in queue.first { $0.id == id } }
        }
        return queue
    }
    func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage { try await sendChat(league, text: text, replyTo: nil) }
    func sendChat(_ league: LeagueID, text: String, replyTo: Int64?) async throws -> ChatMessage {
        try chatWrite()
        let m = ChatMessage(id: Int64(chatLog.count + 1), leagueID: league, userID: signedInUser?.id ?? UserID(1), teamID: nil, authorName: "alice",
                            body: text, at: Demo.now, replyTo: replyTo)
        chatLog.append(m)
        chatWrites.append("send \(text)")
        return m
    }
    func reactToChat(_ league: LeagueID, message: Int64, emoji: String) async throws -> ChatMessage {
        try chatWrite()
        guard let i = chatLog.firstIndex(where: { $0.id == message }) else { throw DomainError.notFound("Chat message \(message)") }
        let me = signedInUser?.id ?? UserID(1)
        var m = chatLog[i]
        if let r = m.reactions.firstIndex(where: { $0.emoji == emoji }) {
            if m.reactions[r].users.contains(me) { m.reactions[r].users.removeAll { $0 == me } } else { m.reactions[r].users.append(me) }
            if m.reactions[r].users.isEmpty { m.reactions.remove(at: r) }
        } else {
            m.reactions.append(ChatReaction(emoji: emoji, users: [me]))
        }
        chatLog[i] = m
        chatWrites.append("react \(message) \(emoji)")
        return m
    }
    func removeChatMessage(_ league: LeagueID, message: Int64) async throws -> ChatMessage {
        try chatWrite()
        guard let i = chatLog.firstIndex(where: { $0.id == message }) else { throw DomainError.notFound("Chat message \(message)") }
        chatLog[i].body = ""; chatLog[i].removed = true; chatLog[i].reactions = []; chatLog[i].mentions = []
        chatWrites.append("remove \(message)")
        return chatLog[i]
    }

    /// A chat write: the signed-in person, or the draft room's "signed in" switch.
    private func chatWrite() throws { if signedInUser == nil { try draftWrite() } }
    func updateSettings(_ league: LeagueID, settings: LeagueSettings) async throws -> League { try signedOut() }
    private func command(_ name: String, _ change: (inout Draft) -> Void) throws -> Draft {
        try draftWrite()
        commands.append(name)
        var r = room ?? Demo.draftRoom(league0)
        change(&r.draft)
        room = r
        return r.draft
    }
    func startDraft(_ league: LeagueID) async throws -> Draft { try command("start") { $0.status = .running } }
    func pauseDraft(_ league: LeagueID) async throws -> Draft { try command("pause") { $0.status = .paused; $0.deadline = nil } }
    func resumeDraft(_ league: LeagueID) async throws -> Draft { try command("resume") { $0.status = .running } }
    func undoLastPick(_ league: LeagueID) async throws -> Draft {
        try draftWrite()
        commands.append("undo")
        var r = room ?? Demo.draftRoom(league0)
        if !r.picks.isEmpty { r.picks.removeLast(); r.draft.currentPick -= 1 }
        room = r
        return r.draft
    }
    func pickForTeam(_ league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID) async throws -> Pick { try pick(expectedPick, player, source: .commissioner) }
    func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team {
        try draftWrite()
        commands.append("autopick \(team.rawValue) \(on ? "on" : "off")")
        if on { onAutopick.insert(team) } else { onAutopick.remove(team) }
        return Team(id: team, leagueID: league, name: "T", manager: nil, waiverPriority: 1, faabRemaining: 100, autopick: on)
    }
}
