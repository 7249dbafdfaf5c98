import Testing
@testable import Terminal

@Suite struct InputDecoderTests {
    func decode(_ s: String) -> [InputEvent] {
        var d = InputDecoder()
        return d.feed(Array(s.utf8)) + d.timeout()
    }

    @Test func printableAsciiAndUnicode() {
        #expect(decode("aZ") == [.key(.char("a")), .key(.char("Z"))])
        #expect(decode("é日😀") == [.key(.char("é")), .key(.char("日")), .key(.char("😀"))])
    }

    @Test func multiByteUtf8SplitAcrossReads() {
        var d = InputDecoder()
        let bytes = Array("日😀".utf8)
        var events: [InputEvent] = []
        for b in bytes { events += d.feed([b]) }
        #expect(events == [.key(.char("日")), .key(.char("😀"))])
        #expect(!d.needsTimeout)
    }

    @Test func controlKeys() {
        #expect(decode("\r\t\u{7F}\u{8}") == [.key(.enter), .key(.tab), .key(.backspace), .key(.backspace)])
        #expect(decode("\u{1}\u{3}\u{17}") == [.key(.ctrl("a")), .key(.ctrl("c")), .key(.ctrl("w"))])
    }

    @Test func arrowsAndNavigationKeys() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.key(.up), .key(.down), .key(.right), .key(.left)])
        #expect(decode("\u{1B}OA\u{1B}[1;5B") == [.key(.up), .key(.down)])
        #expect(decode("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~")
                == [.key(.pageUp), .key(.pageDown), .key(.home), .key(.end), .key(.home), .key(.end)])
        #expect(decode("\u{1B}[3~\u{1B}[2~\u{1B}[Z") == [.key(.delete), .key(.insert), .key(.backTab)])
    }

    @Test func functionKeysF1ToF12() {
        let seqs = ["\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS", "\u{1B}[15~", "\u{1B}[17~", "\u{1B}[18~",
                    "\u{1B}[19~", "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~"]
        #expect(decode(seqs.joined()) == (1...12).map { .key(.function($0)) })
        #expect(decode("\u{1B}[11~") == [.key(.function(1))])
    }

    @Test func loneEscapeWaitsForTimeout() {
        var d = InputDecoder()
        #expect(d.feed([0x1B]).isEmpty)
        #expect(d.needsTimeout)
        #expect(d.timeout() == [.key(.escape)])
        #expect(!d.needsTimeout)
    }

    @Test func escapeFollowedQuicklyByCharIsAlt() {
        var d = InputDecoder()
        #expect(d.feed([0x1B]).isEmpty)
        #expect(d.feed(Array("x".utf8)) == [.key(.alt("x"))])
        #expect(decode("\u{1B}b") == [.key(.alt("b"))])
    }

    @Test func escapeThenCharAfterTimeoutIsTwoKeys() {
        var d = InputDecoder()
        _ = d.feed([0x1B])
        let first = d.timeout()
        let second = d.feed(Array("x".utf8))
        #expect(first + second == [.key(.escape), .key(.char("x"))])
    }

    @Test func doubleEscapeIsTwoEscapes() {
        #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
    }

    @Test func escapeSequenceSplitAcrossReads() {
        var d = InputDecoder()
        #expect(d.feed([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(d.feed(Array("5".utf8)).isEmpty)
        #expect(d.feed(Array("~".utf8)) == [.key(.pageUp)])
    }

    @Test func bracketedPasteIsOneEvent() {
        #expect(decode("\u{1B}[200~hello\r\nworld \u{1B}[A\u{1B}[201~x")
                == [.paste("hello\nworld \u{1B}[A"), .key(.char("x"))])
    }

    @Test func bracketedPasteSplitAcrossReads() {
        var d = InputDecoder()
        var events: [InputEvent] = []
        for chunk in ["\u{1B}[20", "0~日本", "語\u{1B}[2", "01~", "q"] { events += d.feed(Array(chunk.utf8)) }
        #expect(events == [.paste("日本語"), .key(.char("q"))])
    }

    @Test func sgrMouseClickReleaseWheelDrag() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press(.left), x: 9, y: 4))])
        #expect(decode("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(.release(.left), x: 9, y: 4))])
        #expect(decode("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(.press(.right), x: 0, y: 0))])
        #expect(decode("\u{1B}[<64;3;4M\u{1B}[<65;3;4M")
                == [.mouse(MouseEvent(.wheelUp, x: 2, y: 3)), .mouse(MouseEvent(.wheelDown, x: 2, y: 3))])
        #expect(decode("\u{1B}[<32;20;7M") == [.mouse(MouseEvent(.drag(.left), x: 19, y: 6))])
        #expect(decode("\u{1B}[<35;20;7M") == [.mouse(MouseEvent(.move, x: 19, y: 6))])
    }

    @Test func unknownSequencesAreDropped() {
        #expect(decode("\u{1B}[99~a\u{1B}[Ib") == [.key(.char("a")), .key(.char("b"))])
    }

    @Test func invalidUtf8IsSkipped() {
        var d = InputDecoder()
        #expect(d.feed([0xFF, 0x61]) == [.key(.char("a"))])
    }
}

@Suite struct LegacyMouseTests {
    @Test func x10MouseReportsDecodeWhenSGRIsUnavailable() {
        var d = InputDecoder()
        // ESC [ M, button 0 (+32), x=10 (+32), y=5 (+32)
        let press: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 42, 37]
        let release: [UInt8] = [0x1B, 0x5B, 0x4D, 35, 42, 37]
        let wheel: [UInt8] = [0x1B, 0x5B, 0x4D, 96, 42, 37]
        #expect(d.feed(press + release + wheel) == [
            .mouse(MouseEvent(.press(.left), x: 9, y: 4)),
            .mouse(MouseEvent(.release(.left), x: 9, y: 4)),
            .mouse(MouseEvent(.wheelUp, x: 9, y: 4)),
        ])
        #expect(d.feed([0x1B, 0x5B, 0x4D, 32]).isEmpty)   // split report waits for the rest
        #expect(d.feed([42, 37]) == [.mouse(MouseEvent(.press(.left), x: 9, y: 4))])
    }
}

/// A paste can never wedge the keyboard: no end marker, Ctrl-C inside, or far too much text.
@Suite struct BracketedPasteSafetyTests {
    @Test func unterminatedPasteEndsOnTimeoutAndLaterKeysWork() {
        var d = InputDecoder()
        #expect(d.feed(Array("\u{1B}[200~half a paste".utf8)).isEmpty)
        #expect(d.isInPaste)
        #expect(d.pendingTimeout == InputDecoder.pasteTimeout)
        #expect(d.timeout() == [.paste("half a paste")])
        #expect(!d.isInPaste && d.pendingTimeout == nil)
        #expect(d.feed(Array("q".utf8)) == [.key(.char("q"))])
    }

    @Test func ctrlCInsideAPasteEndsItAndIsDelivered() {
        var d = InputDecoder()
        #expect(d.feed(Array("\u{1B}[200~abc\u{3}x".utf8)) == [.paste("abc"), .key(.ctrl("c")), .key(.char("x"))])
        // Ctrl-C as the first byte after the start: no empty paste, just Ctrl-C.
        var e = InputDecoder()
        #expect(e.feed(Array("\u{1B}[200~\u{3}".utf8)) == [.key(.ctrl("c"))])
    }

    @Test func endMarkerSplitByteByByteIsFound() {
        var d = InputDecoder()
        var events: [InputEvent] = []
        for b in Array("\u{1B}[200~a\u{1B}[20b\u{1B}[201~z".utf8) { events += d.feed([b]) }
        #expect(events == [.paste("a\u{1B}[20b"), .key(.char("z"))])
    }

    @Test func aPasteOverTheLimitKeepsTheLimitAndDropsTheRestUpToTheEnd() {
        var d = InputDecoder()
        var events = d.feed(Array("\u{1B}[200~".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<(InputDecoder.pasteLimit / chunk.count + 3) { events += d.feed(chunk) }
        events += d.feed(Array("\u{1B}[201~k".utf8))
        #expect(events.count == 2)
        if case .paste(let text)? = events.first { #expect(text.utf8.count == InputDecoder.pasteLimit) } else { Issue.record("no paste: \(events.first.map { "\($0)" } ?? "nothing")") }
        #expect(events.last == .key(.char("k")))
    }

    @Test func aHundredKilobytePasteIsOneEvent() {
        var d = InputDecoder()
        let body = String(repeating: "0123456789", count: 10_240)
        var events: [InputEvent] = []
        for chunk in Array("\u{1B}[200~\(body)\u{1B}[201~".utf8).chunked(4096) { events += d.feed(chunk) }
        #expect(events == [.paste(body)])
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min(count, $0 + size)] }
    }
}
