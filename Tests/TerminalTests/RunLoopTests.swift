import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Terminal

/// The poll loop driven through pipes instead of a terminal: everything it needs is queued before it
/// starts, so it never waits on a clock.
@Suite struct RunLoopTests {
    struct Harness {
        let input = SignalPipe()!
        let wake = SignalPipe()!
        let driver: ProgramDriver<CounterProgram>

        init() {
            driver = ProgramDriver(program: CounterProgram(), backend: HeadlessBackend(size: Size(width: 20, height: 3)),
                                   mailbox: Mailbox(wakeFD: wake.writeFD))
        }

        func type(_ s: String) { var bytes = Array(s.utf8); _ = write(input.writeFD, &bytes, bytes.count) }
        func signal(_ n: Int32) { var b = UInt8(n); _ = write(wake.writeFD, &b, 1) }

        func run() -> RunOutcome {
            TerminalRunner.loop(driver: driver, inputFD: input.readFD, wakeFD: wake.readFD) { Size(width: 80, height: 24) }
        }
    }

    @Test func queuedKeysAreHandledThenQuit() {
        let h = Harness()
        h.type("++q+")
        #expect(h.run() == .quit)
        #expect(h.driver.program.count == 102)   // start's message (+100) then two "+"; nothing after "q"
    }

    @Test func postedMessageWakesTheLoop() {
        let h = Harness()
        h.driver.mailbox.post(.loaded(5))
        h.driver.mailbox.post(.stop)
        #expect(h.run() == .quit)
        #expect(h.driver.program.loads == [5])
    }

    @Test func terminationSignalsEndTheLoop() {
        let h = Harness()
        h.signal(SIGTERM)
        #expect(h.run() == .signal(SIGTERM))
        let hup = Harness()
        hup.signal(SIGHUP)
        #expect(hup.run() == .signal(SIGHUP))
    }

    @Test func sigwinchBecomesAResizeEvent() {
        let h = Harness()
        h.signal(SIGWINCH)
        h.type("q")
        #expect(h.run() == .quit)
        #expect(h.driver.program.events == ["resize 80×24"])
    }

    @Test func closedInputIsAHangup() {
        let h = Harness()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[1])
        let outcome = TerminalRunner.loop(driver: h.driver, inputFD: fds[0], wakeFD: h.wake.readFD) { Size(width: 1, height: 1) }
        close(fds[0])
        #expect(outcome == .hangup)
    }

    @Test func ctrlCQuitsTheLoop() {
        let h = Harness()
        h.type("\u{3}+")
        #expect(h.run() == .quit)
        #expect(h.driver.program.count == 100)
    }
}

/// Work held back until the first frame settles (`TerminalRunner.run(…, whenSettled:)`): background jobs start after
/// the first screen that shows what was loading, or at the first key, or at the time limit — whichever comes first.
@Suite struct SettleGateTests {
    /// Loads one value at start; settled once it is in.
    struct LoadingProgram: Program {
        enum Message: Sendable { case loaded(Int), stop }
        var loaded: [Int] = []
        var loads: Bool
        var keys = 0
        mutating func start(context: ProgramContext) -> Command<Message, Never> {
            loads ? .run(id: TaskID("load")) { .loaded(7) } : .none
        }
        mutating func update(_ event: ProgramEvent<Message>, context: ProgramContext) -> Command<Message, Never> {
            switch event {
            case .message(.loaded(let n)): loaded.append(n)
            case .message(.stop): return .quit
            case .input(.key): keys += 1
            default: break
            }
            return .none
        }
        func render(into buffer: inout Buffer, context: ProgramContext) {}
        var isSettled: Bool { !loaded.isEmpty }
    }

    final class Seen: @unchecked Sendable { var loadedWhenRun: [[Int]] = []; var keysWhenRun: [Int] = [] }

    /// Runs the loop; the held-back work records what the program had when it ran, then stops the loop.
    /// The loop blocks in `poll` until the program's load (a task on Swift's cooperative pool) has answered, so it runs
    /// on a thread of its own: on one of the pool's threads (two on this machine) it would hold that thread while the
    /// load waits behind every other test for the other one.
    static func run(loads: Bool, limit: Duration, typing: String = "") async -> (RunOutcome, Seen) {
        await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: runBlocking(loads: loads, limit: limit, typing: typing)) }
        }
    }

    private static func runBlocking(loads: Bool, limit: Duration, typing: String) -> (RunOutcome, Seen) {
        let input = SignalPipe()!, wake = SignalPipe()!
        let driver = ProgramDriver(program: LoadingProgram(loads: loads), backend: HeadlessBackend(size: Size(width: 10, height: 2)),
                                   mailbox: Mailbox(wakeFD: wake.writeFD))
        var bytes = Array(typing.utf8)
        if !bytes.isEmpty { _ = write(input.writeFD, &bytes, bytes.count) }
        let seen = Seen()
        let gate = TerminalRunner.SettleGate(limit: limit) {
            seen.loadedWhenRun.append(driver.program.loaded)
            seen.keysWhenRun.append(driver.program.keys)
            driver.mailbox.post(.stop)
        }
        let outcome = TerminalRunner.loop(driver: driver, inputFD: input.readFD, wakeFD: wake.readFD, settle: gate) { Size(width: 10, height: 2) }
        return (outcome, seen)
    }

    @Test func heldBackWorkStartsAfterTheFirstSettledFrameOnce() async {
        // A limit far away: only the settled frame can open the gate.
        let (outcome, seen) = await Self.run(loads: true, limit: .seconds(3600))
        #expect(outcome == .quit)
        #expect(seen.loadedWhenRun == [[7]], "ran once, after the loaded value was on screen")
    }

    @Test func aKeyStartsItBeforeTheFrameSettles() async {
        // Nothing ever loads and the limit is far away: the key is what opens the gate, before the key is handled.
        let (outcome, seen) = await Self.run(loads: false, limit: .seconds(3600), typing: "x")
        #expect(outcome == .quit)
        #expect(seen.loadedWhenRun == [[]])
        #expect(seen.keysWhenRun == [0])
    }

    @Test func theLimitStartsItWhenNothingSettles() async {
        let (outcome, seen) = await Self.run(loads: false, limit: .zero)
        #expect(outcome == .quit)
        #expect(seen.loadedWhenRun == [[]])
    }
}
