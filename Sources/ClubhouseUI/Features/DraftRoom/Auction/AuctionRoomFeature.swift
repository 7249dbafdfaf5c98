import Foundation
import ClubhouseDomain
import Terminal

/// The auction room (README.md, “Auction drafts”): the draft room of an auction league. On the block the player, his
/// value, the high bid and bidder and the clock; my budget and max bid; the Teams tab with every team's budget left,
/// max bid and open spots. Keys raise by the increment, type a bid, set or clear a private maximum, and nominate from
/// Available or the queue with an opening price (keys in README.md, “The auction room”). Every bid names the nomination the person saw: the server refuses a
/// stale one with its own sentence ("outbid — $31 by Tailgaters"), never replayed.
/// A child of the draft room (`DraftRoomFeature`), which lends it the room and keeps `Bidding`, its own state.
public enum AuctionRoomFeature: Reducer {
    public typealias State = RoomChild<Bidding>

    /// What the auction keeps of its own.
    public struct Bidding: Equatable, Sendable {
        /// An amount being typed (a bid, my maximum, an opening price) and its field.
        public var entry: AmountEntry?
        public var amountField = TextFieldState(maxLength: 6)
        /// Why the amount typed was refused (over my max bid, under the next bid), shown in its row until the next key.
        public var amountError: String?
        /// The last outbid said (the nomination and the high bid that passed mine): said once, not at every reload.
        public var outbidSaid: OutbidSaid?
        /// The clock a bid last reset ("reset" shows beside it while that deadline holds).
        public var reset: ClockReset?
        public init() {}
    }

    public enum Action: Sendable {
        /// Bid the high bid plus the increment on the player on the block.
        case raisePressed
        /// Type a bid, my private maximum, or (on Available or My queue) an opening price to nominate.
        case bidBegan, maxBidBegan, nominateRequested
        /// Clear my private maximum.
        case maxBidCleared
        /// A key while typing an amount (Enter sends, Esc cancels).
        case typed(Key)
        /// Text pasted into the amount (its digits kept).
        case pasted(String)
        /// An auction write answered with the room as it then stands (the shell reads the room again).
        case auctionAnswered(AuctionWrite, Result<AuctionBoard, PresentableError>)
        /// The shell read the room again; `before` is the room as it was.
        case roomRead(before: DraftBoard?)
        /// A write answered "not signed in" (the shell says so and reads the room again).
        case signInNeeded(DomainError)
    }

    /// An amount being typed, and what it is for.
    public enum AmountEntry: Equatable, Sendable {
        case bid(NominationID, PlayerSummary)
        case maxBid(NominationID, PlayerSummary)
        case nominate(PlayerSummary)
    }

    /// An auction write sent, for the toast its answer brings.
    public enum AuctionWrite: Equatable, Sendable {
        case bid(Int, PlayerSummary)
        case maxBid(Int?)
        case nominate(Int, PlayerSummary)
    }

    /// What the room says once `write` went through: a bid a maximum answered at once says so.
    static func sentence(_ write: AuctionWrite, _ board: AuctionBoard, _ room: DraftBoard) -> String {
        let me = room.capabilities.myTeam
        switch write {
        case .bid(let amount, let p):
            if let n = board.nomination, n.highBidder != me { return "Outbid at once — $\(n.highBid) by \(teamName(room, n.highBidder))." }
            return "Bid $\(amount) on \(p.name)."
        case .maxBid(let amount?):
            if let n = board.nomination, n.highBidder != me, n.highBid >= amount { return "Maximum $\(amount) set — outbid at once: $\(n.highBid) by \(teamName(room, n.highBidder))." }
            return "Maximum $\(amount) set — only you see it."
        case .maxBid(nil): return "Maximum cleared."
        case .nominate(let amount, let p): return "\(p.name) is on the block at $\(amount)."
        }
    }

    /// An outbid the room said: once per bid that passed mine.
    public struct OutbidSaid: Equatable, Sendable {
        public var nomination: NominationID
        public var highBid: Int
    }

    /// What the room says when it is read again and the auction moved under me: another team's bid passed mine (or
    /// my maximum) — a toast and the bell — or the player on the block was sold. Nil when nothing worth saying happened.
    static func auctionNews(before: DraftBoard?, after: DraftBoard) -> (message: String, bell: Bool, outbid: OutbidSaid?)? {
        guard let was = before?.auction, let wasN = was.nomination, let now = after.auction else { return nil }
        let me = after.capabilities.myTeam
        if now.nomination?.id != wasN.id {
            // The sale now on the board (not a player undone or a nomination that never sold).
            guard let sale = after.picks.first(where: { $0.player.id == wasN.player }),
                  !(before?.picks.contains { $0.pick.number == sale.pick.number } ?? false) else { return nil }
            let team = teamName(after, sale.pick.teamID) + (me != nil && sale.pick.teamID == me ? " (you)" : "")
            return ("Sold: \(sale.player.name) to \(team)" + (sale.pick.price.map { " for $\($0)" } ?? "") + ".", false, nil)
        }
        guard let me, let n = now.nomination, n.highBidder != me, n.highBid > wasN.highBid || wasN.highBidder == me else { return nil }
        let max = now.myMaxBid ?? was.myMaxBid
        let held = wasN.highBidder == me
        // My maximum was still standing (unpassed) before this bid, and this bid passed it.
        let maxPassedNow = max.map { m in n.highBid >= m && !(wasN.highBidder != me && wasN.highBid >= m) } ?? false
        guard held || maxPassedNow else { return nil }
        var s = "Outbid on \(was.player?.name ?? "the player on the block") — \(teamName(after, n.highBidder)) bid $\(n.highBid)"
        if let max, n.highBid >= max { s += "; your maximum $\(max) is passed" }
        return (s + ".", true, OutbidSaid(nomination: n.id, highBid: n.highBid))
    }

    /// A bid moved the clock of `nomination` to `deadline`.
    public struct ClockReset: Equatable, Sendable {
        public var nomination: NominationID
        public var deadline: Date
        /// Deadlines this close are one: the write's answer and the room read afterwards carry the stored deadline
        /// at different precisions, and "reset" must not vanish (or appear) over that.
        static let sameDeadline: TimeInterval = 0.5
    }

    // MARK: - Rules the view and reducer share

    static func teamName(_ room: DraftBoard, _ team: TeamID?) -> String {
        guard let team else { return "—" }
        return room.teams.first { $0.id == team }?.name ?? "another team"
    }

    /// My team's line of the auction board.
    static func myAuctionTeam(_ room: DraftBoard) -> AuctionTeamView? {
        guard let me = room.capabilities.myTeam else { return nil }
        return room.auction?.teams.first { $0.team == me }
    }

    /// The next bid: the high bid plus the increment.
    static func nextBid(_ a: AuctionBoard) -> Int? { a.nomination.map { $0.highBid + a.settings.increment } }

    /// Why I can't bid on the player on the block now, or nil (signed out, the gate asks first).
    static func bidBlocked(_ room: DraftBoard) -> String? {
        guard let a = room.auction else { return nil }
        if let reason = draftNotRunning(room) { return reason }
        guard let n = a.nomination else { return "Nobody is on the block — \(teamName(room, a.nominator)) nominates next." }
        guard room.capabilities.signedIn else { return nil }
        guard let me = myAuctionTeam(room) else { return "You have no team in this league." }
        if n.highBidder == me.team { return "You're the high bidder at $\(n.highBid)." }
        if me.openSpots == 0 { return "Your roster is full." }
        if let next = nextBid(a), me.maxBid < next { return "Your max bid is $\(me.maxBid) — the next bid is $\(next)." }
        return nil
    }

    /// Why I can't set a private maximum now, or nil.
    static func maxBidBlocked(_ room: DraftBoard) -> String? {
        guard let a = room.auction else { return nil }
        if let reason = draftNotRunning(room) { return reason }
        guard a.nomination != nil else { return "Nobody is on the block." }
        guard room.capabilities.signedIn else { return nil }
        return myAuctionTeam(room) == nil ? "You have no team in this league." : nil
    }

    /// Why I can't nominate now, or nil (the commissioner nominates for the team whose turn it is).
    static func nominateBlocked(_ room: DraftBoard) -> String? {
        guard let a = room.auction else { return nil }
        if let reason = draftNotRunning(room) { return reason }
        if a.nomination != nil { return "\(a.player?.name ?? "A player") is on the block — nominate after his sale." }
        guard room.capabilities.signedIn, !room.capabilities.isCommissioner else { return nil }
        guard let me = room.capabilities.myTeam else { return "You have no team in this league." }
        if a.nominator != me { return "It's not your nomination — \(teamName(room, a.nominator)) nominates." }
        return nil
    }

    static func draftNotRunning(_ room: DraftBoard) -> String? {
        switch room.draft.status {
        case .scheduled: return "The draft hasn't started yet."
        case .paused: return "The draft is paused."
        case .complete: return "The draft is complete."
        case .running: return room.draft.isComplete ? "The draft is complete." : nil
        }
    }

    // MARK: - The reducer's auction actions

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api, room = state.room
        guard let a = room.auction else { return .none }
        let signedIn = room.capabilities.signedIn
        switch action {
        case .raisePressed:
            if let reason = bidBlocked(room) { return toast(reason) }
            guard let n = a.nomination, let amount = nextBid(a), let player = a.player else { return .none }
            return placeBid(&state, n.id, player, amount, api: api, signedIn: signedIn)
        case .bidBegan:
            if let reason = bidBlocked(room) { return toast(reason) }
            guard let n = a.nomination, let player = a.player else { return .none }
            return beginEntry(&state, .bid(n.id, player), prefill: nextBid(a).map(String.init) ?? "")
        case .maxBidBegan:
            if let reason = maxBidBlocked(room) { return toast(reason) }
            guard let n = a.nomination, let player = a.player else { return .none }
            return beginEntry(&state, .maxBid(n.id, player), prefill: a.myMaxBid.map(String.init) ?? "")
        case .maxBidCleared:
            if let reason = maxBidBlocked(room) { return toast(reason) }
            guard let n = a.nomination else { return .none }
            if signedIn, a.myMaxBid == nil { return toast("You have no maximum on this player.") }
            return setMax(&state, n.id, nil, api: api, signedIn: signedIn)
        case .nominateRequested:
            if let reason = nominateBlocked(room) { return toast(reason) }
            guard let player = state.selected else { return toast("Select a player first (j/k).") }
            return beginEntry(&state, .nominate(player), prefill: "\(a.settings.minBid)")
        case .typed(let key):
            return typedAmount(key, &state, context: context)
        case .pasted(let text):
            guard state.entry != nil else { return .none }
            state.amountField.insert(String(text.filter { $0.isASCII && $0.isNumber }))
            state.amountError = nil
            return .none
        case .auctionAnswered(let write, let r):
            state.entry = nil
            switch r {
            case .success(let board):
                // The answer is the room as it now stands: shown at once (the clock a late bid reset included).
                var now = room
                now.auction = board
                now.draft.deadline = board.deadline
                state.room = now
                return .merge(toast(sentence(write, board, room)), roomChanged(&state, before: room.auction))
            case .failure(let e):
                // The server's "outbid — $31 by Tailgaters" said to the person it happened to.
                return toast(e.message.hasPrefix("outbid") ? "You were \(e.message)." : e.message)
            }
        case .roomRead(let before):
            var fx = [roomChanged(&state, before: before?.auction)]
            // Outbid (a toast and the bell, once per bid that passed mine) or sold, said as the room reads it.
            if let news = auctionNews(before: before, after: room), news.outbid == nil || news.outbid != state.outbidSaid {
                if let said = news.outbid { state.outbidSaid = said }
                fx.append(toast(news.message))
                if news.bell { fx.append(DraftRoomFeature.ringBell(fallback: state.bell, context: context)) }
            }
            return .merge(fx)
        case .signInNeeded:
            return .none
        }
    }

    static func toast(_ m: String) -> Effect<Action> { .delegate(.toast(m)) }

    /// Runs a write; a signed-out answer becomes `signInNeeded`.
    static func write<T: Sendable>(_ work: @escaping @Sendable () async throws -> T,
                                   answer: @escaping @Sendable (Result<T, PresentableError>) -> Action) -> Effect<Action> {
        DraftRoomFeature.write(work, answer: answer, signedOut: Action.signInNeeded)
    }

    static func beginEntry(_ state: inout State, _ entry: AmountEntry, prefill: String) -> Effect<Action> {
        state.entry = entry
        state.amountError = nil
        // The pre-filled amount is selected: the first digit typed replaces it ("10" on "1" is $10, not $110).
        state.amountField = TextFieldState(text: prefill, maxLength: 6, selected: true)
        return .none
    }

    /// A key while typing an amount: digits and editing keys; Enter sends, Esc cancels.
    static func typedAmount(_ key: Key, _ state: inout State, context: PageContext) -> Effect<Action> {
        guard let entry = state.entry else { return .none }
        switch key {
        case .escape:
            state.entry = nil
            state.amountError = nil
            return .none
        case .enter:
            return submitAmount(entry, &state, context: context)
        case .char(let c) where !c.isASCII || !c.isNumber:
            return .none
        default:
            if state.amountField.handle(.key(key)) { state.amountError = nil }
            return .none
        }
    }

    static func submitAmount(_ entry: AmountEntry, _ state: inout State, context: PageContext) -> Effect<Action> {
        let api = context.env.api
        let signedIn = state.room.capabilities.signedIn
        let text = state.amountField.text.trimmingCharacters(in: .whitespaces)
        let amount = Int(text)
        if case .maxBid(let n, _) = entry, text.isEmpty { return setMax(&state, n, nil, api: api, signedIn: signedIn) }
        guard let amount, amount > 0 else {
            state.amountError = "Type a whole number of dollars, like 12."
            return .none
        }
        // Refused here, in words in the field, and kept for the person to change (the server checks again).
        if let problem = amountProblem(entry, amount, state.room) {
            state.amountError = problem
            return .none
        }
        switch entry {
        case .bid(let n, let p): return placeBid(&state, n, p, amount, api: api, signedIn: signedIn)
        case .maxBid(let n, _): return setMax(&state, n, amount, api: api, signedIn: signedIn)
        case .nominate(let p):
            let id = state.id
            state.entry = nil
            if !signedIn { return .delegate(.perform(.nominate(league: id, player: p.id, bid: amount))) }
            return write({ try await api.nominate(id, player: p.id, bid: amount) },
                         answer: { Action.auctionAnswered(.nominate(amount, p), $0) })
        }
    }

    /// Why `amount` can't go out for `entry`, in words, or nil: over my max bid, under the next bid or the minimum.
    /// Signed out (no team known) the gate asks first and the server says.
    static func amountProblem(_ entry: AmountEntry, _ amount: Int, _ room: DraftBoard) -> String? {
        guard let a = room.auction, let mine = myAuctionTeam(room) else { return nil }
        // A nomination is the nominating team's (the commissioner may put a player up for another team).
        var me = mine
        if case .nominate = entry, let t = a.teams.first(where: { $0.team == a.nominator }) { me = t }
        let spots = me.openSpots == 1 ? "1 spot" : "\(me.openSpots) spots"
        let over = "$\(amount) is more than \(me.team == mine.team ? "your" : teamName(room, me.team) + "'s") max bid of $\(me.maxBid) ($\(me.budgetLeft) left, \(spots) to fill)."
        switch entry {
        case .bid:
            if let next = nextBid(a), amount < next { return "The next bid is at least $\(next)." }
            return amount > me.maxBid ? over : nil
        case .maxBid:
            return amount > me.maxBid ? over : nil
        case .nominate:
            if amount < a.settings.minBid { return "The opening price is at least $\(a.settings.minBid)." }
            return amount > me.maxBid ? over : nil
        }
    }

    /// A bid on nomination `n` (the one on screen): signed out it goes through the soft gate.
    static func placeBid(_ state: inout State, _ n: NominationID, _ player: PlayerSummary, _ amount: Int, api: any LeagueAPI, signedIn: Bool) -> Effect<Action> {
        let id = state.id
        state.entry = nil
        if !signedIn { return .delegate(.perform(.bid(league: id, nomination: n, amount: amount))) }
        return write({ try await api.bid(id, nomination: n, amount: amount) },
                     answer: { Action.auctionAnswered(.bid(amount, player), $0) })
    }

    static func setMax(_ state: inout State, _ n: NominationID, _ amount: Int?, api: any LeagueAPI, signedIn: Bool) -> Effect<Action> {
        let id = state.id
        state.entry = nil
        if !signedIn { return .delegate(.perform(.setMaxBid(league: id, nomination: n, amount: amount))) }
        return write({ try await api.setMaxBid(id, nomination: n, amount: amount) },
                     answer: { Action.auctionAnswered(.maxBid(amount), $0) })
    }

    /// After the room is read again: marks a clock a bid reset (the same nomination, a later end) and drops an amount
    /// being typed for a player no longer on the block (or a nomination someone else made first), saying why.
    static func roomChanged(_ state: inout State, before: AuctionBoard?) -> Effect<Action> {
        let a = state.room.auction
        if let n = a?.nomination, let end = a?.deadline {
            // More than half a second later: a reset (a bid's answer and a reload may carry the same deadline a hair apart).
            if let old = before, old.nomination?.id == n.id, let was = old.deadline, end.timeIntervalSince(was) > ClockReset.sameDeadline {
                state.reset = ClockReset(nomination: n.id, deadline: end)
            }
            else if state.reset?.nomination != n.id { state.reset = nil }
        } else {
            state.reset = nil
        }
        guard let entry = state.entry else { return .none }
        switch entry {
        case .bid(let n, let p), .maxBid(let n, let p):
            guard a?.nomination?.id != n else { return .none }
            state.entry = nil
            return toast("Bidding on \(p.name) closed while you were typing.")
        case .nominate(let p):
            guard let on = a?.nomination else { return .none }
            state.entry = nil
            return toast(on.player == p.id ? "\(p.name) is already on the block." : "Another player was nominated while you were typing.")
        }
    }
}
