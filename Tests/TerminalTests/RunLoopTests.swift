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
