import Foundation
import Synchronization
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Drives the root reducer like the run loop does, but deterministically: effects are collected and
/// `settle()` runs them one by one, feeding their answers back, until nothing is left.
struct Harness {
    var state: AppState
    let fake: FakeLeague
    let store: InMemorySettingsStore
    var env: AppEnvironment
    /// The pending-action store; share it with a second harness to "restart" the app.
    let pendingStore: InMemoryPendingActionStore
    var pending: [Effect<AppAction>.Operation] = []
    /// Counts terminal bells instead of ringing them.
    let bells = BellRecorder()

    init(fake: FakeLeague = FakeLeague(), size: Size = Size(width: 80, height: 24), colorAllowed: Bool = true, settings: UserSettings = UserSettings(),
         pendingStore: InMemoryPendingActionStore = InMemoryPendingActionStore(), now: @escaping @Sendable () -> Date = { Demo.now }) {
        self.fake = fake
        self.store = InMemorySettingsStore()
        self.pendingStore = pendingStore
        let bells = self.bells
        self.env = AppEnvironment(api: fake, settings: store, now: now, sleep: { _ in }, pendingActions: pendingStore, bell: { bells.ring() })
        self.state = AppState(settings: settings, colorAllowed: colorAllowed, size: size, now: Demo.now)
    }

    /// The same state driven over another API (e.g. the embedded one over the demo world).
    init(state: AppState, api: any LeagueAPI) {
        self.fake = FakeLeague()
        self.store = InMemorySettingsStore()
        self.pendingStore = InMemoryPendingActionStore()
        let bells = self.bells
        self.env = AppEnvironment(api: api, settings: store, now: { Demo.now }, sleep: { _ in }, pendingActions: pendingStore, bell: { bells.ring() })
        self.state = state
    }

    /// True once an effect asked the program to end.
    var quit = false

    mutating func send(_ action: AppAction) {
        let fx = AppReducer.send(action, into: &state, env: env)
        quit = quit || fx.quits
        pending += fx.operations
    }
    /// Sends `action` and checks the whole app state changed exactly as `update` says (no closure: not at all), in the
    /// manner of `TestStore`; the issue names the parts that differ.
    mutating func send(_ action: AppAction, exactly update: (inout AppState) -> Void = { _ in },
                       sourceLocation: SourceLocation = #_sourceLocation) {
        var expected = state
        update(&expected)
        send(action)
        guard state != expected else { return }
        Issue.record("State after \(action) is not what the test said; differs in: \(Self.differences(expected, state).joined(separator: ", "))",
                     sourceLocation: sourceLocation)
    }
    /// `key` through `send(_:exactly:)`.
    mutating func key(_ k: Key, exactly update: (inout AppState) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.event(.key(k)), exactly: update, sourceLocation: sourceLocation)
    }

    /// The parts of the app state that differ.
    static func differences(_ a: AppState, _ b: AppState) -> [String] {
        var out: [String] = []
        func check<T: Equatable>(_ name: String, _ path: KeyPath<AppState, T>) { if a[keyPath: path] != b[keyPath: path] { out.append(name) } }
        check("sheet", \.sheet); check("board", \.board); check("settings", \.settings); check("size", \.size)
        check("help", \.help); check("toasts", \.toasts); check("clock", \.clock); check("now", \.now)
        check("session", \.session); check("pendingAction", \.pendingAction); check("prompt", \.prompt)
        check("sshKey", \.sshKey); check("serverStatus", \.serverStatus); check("nextPageID", \.nextPageID)
        return out.isEmpty ? ["(another field)"] : out
    }

    /// Presses `k` and checks it did something: the state changed, or work was started, or the app is ending. A key
    /// that does nothing at all is what a person meets as a dead key, so it fails the test where it was pressed; a
    /// test that means a key to be ignored says so with `keyIgnored`.
    mutating func key(_ k: Key, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = state, started = pending.count, wasQuitting = quit
        send(.event(.key(k)))
        if state == before && pending.count == started && quit == wasQuitting {
            Issue.record("Pressing \(k) changed nothing and started nothing", sourceLocation: sourceLocation)
        }
    }
    /// Presses `k` and checks it changed nothing and started nothing (a key this page doesn't take here).
    mutating func keyIgnored(_ k: Key, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = state, started = pending.count
        send(.event(.key(k)))
        if state != before || pending.count != started {
            Issue.record("Pressing \(k) was meant to do nothing, but it \(state != before ? "changed \(Self.differences(before, state).joined(separator: ", "))" : "started work")",
                         sourceLocation: sourceLocation)
        }
    }
    mutating func keys(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for c in text { key(.char(c), sourceLocation: sourceLocation) }
    }
    mutating func mouse(_ kind: MouseEvent.Kind, x: Int, y: Int) { send(.event(.mouse(MouseEvent(kind, x: x, y: y)))) }

    /// Follow live events (a stream that may never end) only when asked to.
    var followEvents = true

    /// Runs every pending effect (and those they cause) to completion; what a streaming effect sends is fed back in
    /// order once it has ended (the fake's event stream ends after replaying its log).
    mutating func settle() async {
        while !pending.isEmpty {
            let ops = pending
            pending = []
            for op in ops {
                guard case .run(let id, let work) = op else { continue }
                if id == TaskID(BoardFeature.EffectID.events) && !followEvents { continue }
                // The notifications' stream of every league (signed in) is NotificationsTests' to drive.
                if id == TaskID(NotificationsFeature.EffectID.events) { continue }
                for a in await Self.run(work) { send(a) }
            }
        }
    }

    /// Runs `work` to its end and returns the actions it sent, in order.
    static func run(_ work: @Sendable (Effect<AppAction>.Send) async -> Void) async -> [AppAction] {
        let sent = Mutex<[AppAction]>([])
        await work(.init { answer in if let a = answer.action { sent.withLock { $0.append(a) } } })
        return sent.withLock { $0 }
    }

    /// Ids of async work waiting to run.
    var pendingIDs: [TaskID?] { pending.compactMap { if case .run(let id, _) = $0 { id } else { nil } } }

    /// Starts the app and loads Home and the board.
    static func started(fake: FakeLeague = FakeLeague(), size: Size = Size(width: 80, height: 24), colorAllowed: Bool = true,
                        pendingStore: InMemoryPendingActionStore = InMemoryPendingActionStore(), now: @escaping @Sendable () -> Date = { Demo.now }) async -> Harness {
        var h = Harness(fake: fake, size: size, colorAllowed: colorAllowed, pendingStore: pendingStore, now: now)
        h.send(.started)
        await h.settle()
        return h
    }

    /// The screen as text lines at the state's size.
    var lines: [String] { Screen(state).lines }
    var layout: ShellLayout { ShellLayout(state) }
    /// The latest toast's message, if one shows.
    var toast: String? { state.toasts.visible(at: state.clock).last?.message }
    mutating func setDetent(_ d: SheetDetent) { state.sheet.setDetent(d, now: state.clock, animated: false) }
}

/// A rendered frame with helpers for layout facts.
struct Screen {
    let buffer: Buffer
    let layout: ShellLayout
    init(_ state: AppState) {
        var b = Buffer(size: state.size)
        AppView.render(state, into: &b)
        buffer = b
        layout = ShellLayout(state)
    }
    var lines: [String] { buffer.lines() }
    var text: String { buffer.text() }

    /// Rows between the top bar and the footer whose frame is broken: each must start with a left border piece and
    /// end with a right one, so text that ran past its column (over a border) shows here. (Every row is the
    /// buffer's width by construction: a length check can't catch an overflow.)
    var brokenFrameRows: [Int] {
        (1..<max(1, lines.count - 1)).filter { y in
            !(lines[y].first.map { "│┌├└".contains($0) } ?? false) || !(lines[y].last.map { "│┐┤┘".contains($0) } ?? false)
        }
    }

    /// The first cell drawn in a colour, row by row (nil: none) — what a screen without colour must never have.
    var firstColouredCell: (x: Int, y: Int)? {
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                if style.foreground != .default || style.background != .default { return (x, y) }
            }
        }
        return nil
    }

    /// The first row containing `text`.
    func row(of text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
    /// True when `text` appears on a row inside the sheet's content, between its side borders.
    func inSheet(_ text: String) -> Bool {
        let c = layout.sheetContent
        return (c.y..<c.bottom).contains { y in
            let line = lines[y]
            guard let r = line.range(of: text) else { return false }
            let col = line[..<r.lowerBound].count
            return col >= c.x && col + text.count <= c.right && line.hasPrefix("│")
        }
    }
    /// True when `text` appears inside the board's content.
    func inBoard(_ text: String) -> Bool {
        let b = layout.boardContent
        return (b.y..<b.bottom).contains { lines[$0].contains(text) }
    }
    var sheetHeader: String { lines[layout.sheet.y] }
    var footer: String { lines[layout.footer.y] }
    var topBar: String { lines[0] }
}

/// Waits (without sleeping) until `condition` holds.
func eventually(_ condition: () async -> Bool) async {
    for _ in 0..<10_000 { if await condition() { return }; await Task.yield() }
}

/// Counts terminal bells (the draft room rings one when it becomes my pick).
final class BellRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func ring() { lock.withLock { n += 1 } }
    var count: Int { lock.withLock { n } }
}
