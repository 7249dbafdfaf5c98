import Testing
@testable import Terminal

/// A tiny program: a counter, a toast queue and an async "load".
struct CounterProgram: Program {
    enum Message: Sendable, Equatable { case loaded(Int), bump, stop }
    var count = 0
    var loads: [Int] = []
    var toasts = ToastQueue()
    var events: [String] = []

    mutating func start(context: ProgramContext) -> Command<Message, Never> {
        .send(.bump)
    }

    mutating func update(_ event: ProgramEvent<Message>, context: ProgramContext) -> Command<Message, Never> {
        switch event {
        case .input(.key(.char("+"))): count += 1
        case .input(.key(.char("l"))): return .run(id: TaskID("load")) { .loaded(42) }
        case .input(.key(.char("s"))):
            return .run(id: TaskID("load")) {
                // Never finishes on its own: only cancellation ends it.
                for await _ in AsyncStream<Void>(Void.self, { _ in }) {}
                return .loaded(-1)
            }
        case .input(.key(.char("m"))):
            // Streams: three messages from one task, then it stays open until cancelled.
            return .run(id: TaskID("stream")) { send in
                for n in 1...3 { send(.loaded(n)) }
                for await _ in AsyncStream<Void>(Void.self, { _ in }) {}
                send(.loaded(-1))
            }
        case .input(.key(.char("x"))): return .cancel(id: TaskID("stream"))
        case .input(.key(.char("t"))): toasts.post("hello", now: context.now, duration: .seconds(1))
        case .input(.key(.char("q"))): return .quit
        case .input(.resize(let s)): events.append("resize \(s)")
        case .input(let e): events.append("\(e)")
        case .message(.loaded(let n)): loads.append(n)
        case .message(.bump): count += 100
        case .message(.stop): return .quit
        case .tick: toasts.prune(now: context.now); events.append("tick")
        }
        return .none
    }

    func render(into buffer: inout Buffer, context: ProgramContext) {
        buffer.set(string: "count \(count)", at: Point(x: 0, y: 0))
        buffer.render(ToastStack(toasts.visible(at: context.now)), in: buffer.area)
    }

    func nextWakeUp(context: ProgramContext) -> Duration? { toasts.nextDeadline }
}

@Suite struct ProgramDriverTests {
    func driver() -> ProgramDriver<CounterProgram> {
        ProgramDriver(program: CounterProgram(), backend: HeadlessBackend(size: Size(width: 20, height: 3)))
    }

    func screen(_ d: ProgramDriver<CounterProgram>) -> [String] { (d.backend as! HeadlessBackend).lines().map(trimmed) }

    @Test func startCommandAndInputUpdateTheScreen() {
        let d = driver()
        d.start(now: .zero)
        d.deliverMessages(now: .zero)
        d.renderIfNeeded(now: .zero)
        #expect(screen(d)[0] == "count 100")
        var decoder = InputDecoder()
        d.send(decoder.feed(Array("++".utf8)), now: .zero)
        d.renderIfNeeded(now: .zero)
        #expect(screen(d)[0] == "count 102")
    }

    @Test func ctrlCQuitsWithoutAskingTheProgram() {
        let d = driver()
        d.send([.key(.ctrl("c")), .key(.char("+"))], now: .zero)
        #expect(d.finished)
        #expect(d.program.count == 0)
    }

    @Test func quitCommandFinishes() {
        let d = driver()
        d.send([.key(.char("q"))], now: .zero)
        #expect(d.finished)
    }

    @Test func asyncEffectResultArrivesThroughTheMailbox() async {
        let d = driver()
        d.send([.key(.char("l"))], now: .zero)
        for _ in 0..<10_000 where !d.mailbox.hasMessages { await Task.yield() }
        d.deliverMessages(now: .zero)
        #expect(d.program.loads == [42])
    }

    @Test func postFromAnotherThreadIsDelivered() async {
        let d = driver()
        let mailbox = d.mailbox
        await Task.detached { mailbox.post(.loaded(7)) }.value
        d.deliverMessages(now: .zero)
        #expect(d.program.loads == [7])
    }

    @Test func tickArrivesOnlyWhenTheWakeUpIsDue() {
        let d = driver()
        d.send([.key(.char("t"))], now: .seconds(1))
        d.renderIfNeeded(now: .seconds(1))
        #expect(screen(d)[2] == "            i hello")
        #expect(d.nextWakeUp(now: .seconds(1)) == .seconds(2))
        let early = d.tickIfDue(now: .milliseconds(1500))
        #expect(!early)
        let due = d.tickIfDue(now: .seconds(2))
        #expect(due)
        d.renderIfNeeded(now: .seconds(2))
        #expect(screen(d)[2] == "")
        #expect(d.nextWakeUp(now: .seconds(2)) == nil)   // idle: no timeout at all
    }

    @Test func resizeReachesTheProgram() {
        let d = driver()
        d.send([.resize(Size(width: 80, height: 24))], now: .zero)
        #expect(d.program.events == ["resize 80×24"])
    }

    @Test func renderIsSkippedWhenNothingChanged() {
        let backend = HeadlessBackend(size: Size(width: 20, height: 3))
        let d = ProgramDriver(program: CounterProgram(), backend: backend)
        d.renderIfNeeded(now: .zero)
        #expect(backend.flushCount == 1)
        d.renderIfNeeded(now: .zero)
        #expect(backend.flushCount == 1)
    }

    @Test func aStreamingTaskSendsManyMessagesAndNothingOnceCancelled() async {
        let d = driver()
        d.send([.key(.char("m"))], now: .zero)
        for _ in 0..<100_000 where d.program.loads.count < 3 { await Task.yield(); d.deliverMessages(now: .zero) }
        #expect(d.program.loads == [1, 2, 3], "one task, three messages, in order")
        #expect(d.runningTaskCount == 1, "and it is still open")
        d.send([.key(.char("x"))], now: .zero)
        for _ in 0..<100_000 where d.runningTaskCount > 0 { await Task.yield() }
        d.deliverMessages(now: .zero)
        #expect(d.runningTaskCount == 0)
        #expect(d.program.loads == [1, 2, 3], "what it sends as it ends, cancelled, is dropped")
    }

    @Test func supersededTaskWithSameIdIsCancelledAndNeverLands() async {
        let d = driver()
        d.send([.key(.char("s"))], now: .zero)
        #expect(d.runningTaskCount == 1)
        d.send([.key(.char("l"))], now: .zero)
        for _ in 0..<100_000 where !d.mailbox.hasMessages { await Task.yield() }
        d.deliverMessages(now: .zero)
        #expect(d.program.loads == [42])
        for _ in 0..<100_000 where d.runningTaskCount > 0 { await Task.yield() }
        #expect(d.runningTaskCount == 0)   // the slow task really ended
    }
}

/// A program that animates the sheet and reports "now + 16 ms" style wake-ups.
struct AnimatingProgram: Program {
    typealias Message = Never
    var sheet = SheetState(root: "Home", detent: .peek)
    var ticks = 0
    mutating func update(_ event: ProgramEvent<Never>, context: ProgramContext) -> Command<Never, Never> {
        switch event {
        case .input(.key(.char("+"))): sheet.grow(now: context.now)
        case .tick: ticks += 1
        default: break
        }
        return .none
    }
    func render(into buffer: inout Buffer, context: ProgramContext) {}
    func nextWakeUp(context: ProgramContext) -> Duration? { sheet.nextWakeUp(at: context.now) }
}

@Suite struct AnimationWakeUpTests {
    @Test func relativeWakeUpsStillTickUntilTheAnimationEnds() {
        let d = ProgramDriver(program: AnimatingProgram(), backend: HeadlessBackend(size: Size(width: 10, height: 2)))
        d.send([.key(.char("+"))], now: .zero)
        var now = Duration.zero
        var frames = 0
        while let wake = d.nextWakeUp(now: now), frames < 100 {
            now = wake                      // the loop sleeps exactly until the wake-up
            if d.tickIfDue(now: now) { frames += 1 }
        }
        #expect(frames >= 6 && frames <= 10)          // ~60 fps over 120 ms
        #expect(now <= .milliseconds(150))
        #expect(d.program.ticks == frames)
        #expect(d.nextWakeUp(now: now) == nil)        // idle afterwards
    }
}

@Suite struct DriverTypingTests {
    @Test func typingDecodesSendsAndRenders() {
        let backend = HeadlessBackend(size: Size(width: 20, height: 3))
        let d = ProgramDriver(program: CounterProgram(), backend: backend)
        d.type("+++\u{1B}", now: .zero)
        #expect(d.program.count == 3)
        #expect(d.program.events == ["key(Terminal.Key.escape)"])
        #expect(trimmed(backend.lines()[0]) == "count 3")
    }
}

@Suite struct LargePasteTests {
    @Test func pasteArrivingInManySmallChunks() {
        var d = InputDecoder()
        let body = String(repeating: "0123456789", count: 500)
        let bytes = Array("\u{1B}[200~\(body)\u{1B}[201~".utf8)
        var events: [InputEvent] = []
        var i = 0
        while i < bytes.count { events += d.feed(bytes[i..<min(bytes.count, i + 7)]); i += 7 }
        #expect(events == [.paste(body)])
    }
}

/// A program whose `.noted` messages change nothing it draws (`redraws(after:)` says false) and whose `.shown` ones do.
struct NotingProgram: Program {
    enum Message: Sendable { case noted, shown }
    var noted = 0, shown = 0
    mutating func update(_ event: ProgramEvent<Message>, context: ProgramContext) -> Command<Message, Never> {
        switch event {
        case .message(.noted): noted += 1
        case .message(.shown): shown += 1
        default: break
        }
        return .none
    }
    func render(into buffer: inout Buffer, context: ProgramContext) { buffer.set(string: "shown \(shown)", at: Point(x: 0, y: 0)) }
    func redraws(after message: Message) -> Bool { if case .shown = message { true } else { false } }
}

@Suite struct ProgramDriverRedrawTests {
    @Test func aBatchOfMessagesThatDrawNothingDrawsNoFrameAndOneThatDrawsDrawsOne() {
        let backend = HeadlessBackend(size: Size(width: 20, height: 2))
        let d = ProgramDriver(program: NotingProgram(), backend: backend)
        d.renderIfNeeded(now: .zero)
        #expect(backend.flushCount == 1)

        d.mailbox.post(.noted); d.mailbox.post(.noted)
        #expect(d.deliverMessages(now: .zero) == 2)
        d.renderIfNeeded(now: .zero)
        #expect(d.program.noted == 2)
        #expect(backend.flushCount == 1, "messages that change nothing drawn draw no frame")

        d.mailbox.post(.noted); d.mailbox.post(.shown)
        d.deliverMessages(now: .zero)
        d.renderIfNeeded(now: .zero)
        #expect(backend.flushCount == 2)
        #expect(backend.lines()[0].hasPrefix("shown 1"))
    }
}
