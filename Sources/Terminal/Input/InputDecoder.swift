/// Turns the raw bytes read from the terminal into `InputEvent`s. Pure and incremental: bytes may
/// arrive split anywhere (inside a UTF-8 sequence, an escape sequence or a paste).
///
/// Esc is ambiguous: alone it is the Esc key, followed by more bytes it starts a sequence or an Alt
/// chord. The decoder holds a lone trailing Esc until `timeout()` is called — the run loop calls it
/// when `pendingTimeout` has passed with no further input (nil when nothing waits).
///
/// A bracketed paste (`ESC [200~` … `ESC [201~`) becomes one `.paste` event. It can never wedge the
/// keyboard: a paste with no end marker ends when `pasteTimeout` passes with no input; Ctrl-C inside a
/// paste ends it and is delivered as Ctrl-C; and at most `pasteLimit` bytes are kept (the rest, up to the
/// end marker, is dropped, so memory stays bounded and an over-long paste is never typed as commands).
public struct InputDecoder: Sendable {
    /// How long a lone Esc waits for a following byte before it counts as the Esc key.
    public static let escapeTimeout: Duration = .milliseconds(25)
    /// How long a paste with no end marker waits for more input before it ends (what arrived is the paste).
    public static let pasteTimeout: Duration = .milliseconds(500)
    /// The most bytes of one paste kept; text fields cap far below this.
    public static let pasteLimit = 1 << 20

    private var pending: [UInt8] = []
    /// Bytes of a bracketed paste in progress (nil outside a paste), at most `pasteLimit`.
    private var paste: [UInt8]?
    /// The newest paste bytes, held back until they can't be the start of the end marker.
    private var pasteTail: [UInt8] = []
    /// True once the paste in progress went past `pasteLimit`.
    private var pasteOverflowed = false

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let ctrlC: UInt8 = 0x03

    /// Creates an empty decoder.
    public init() {}

    /// True when undecided bytes (a lone Esc, a partial sequence or an unfinished paste) wait for more
    /// input or `timeout()`.
    public var needsTimeout: Bool { pendingTimeout != nil }

    /// How long after the last input `timeout()` is due: `escapeTimeout` for a lone Esc or partial sequence,
    /// `pasteTimeout` inside a paste, nil when nothing waits.
    public var pendingTimeout: Duration? {
        if paste != nil { return Self.pasteTimeout }
        return pending.isEmpty ? nil : Self.escapeTimeout
    }

    /// True while a bracketed paste is being received.
    public var isInPaste: Bool { paste != nil }

    /// Feeds newly read bytes and returns the events they complete.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return decode(flushing: false)
    }

    /// Declares that no byte followed within `pendingTimeout`: a pending Esc becomes the Esc key
    /// (or, before a partial sequence, an Alt chord); a partial UTF-8 sequence is dropped; a paste with no
    /// end marker ends with what arrived.
    public mutating func timeout() -> [InputEvent] {
        var events: [InputEvent] = []
        if paste != nil, let pasted = finishPaste() { events.append(pasted) }
        return events + decode(flushing: true)
    }

    private enum Step {
        /// One decoded event (nil for recognised-but-ignored bytes) and how many bytes it used.
        case event(InputEvent?, consumed: Int)
        /// `ESC [ 200 ~`: a bracketed paste begins after these bytes.
        case pasteStart(consumed: Int)
        /// More bytes are needed to decide.
        case incomplete
    }

    private mutating func decode(flushing: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var bytes = pending[...]
        pending = []
        while !bytes.isEmpty {
            if paste != nil {
                // Inside a paste everything is literal text until the end marker — except Ctrl-C.
                let (consumed, ended, interrupted) = absorbPaste(bytes)
                bytes = bytes.dropFirst(consumed)
                if ended || interrupted, let pasted = finishPaste() { events.append(pasted) }
                if interrupted { events.append(.key(.ctrl("c"))) }
                continue
            }
            switch Self.step(bytes, flushing: flushing) {
            case .event(let e, let n):
                if let e { events.append(e) }
                bytes = bytes.dropFirst(n)
            case .pasteStart(let n):
                paste = []
                bytes = bytes.dropFirst(n)
            case .incomplete:
                pending = Array(bytes)
                return events
            }
        }
        return events
    }

    /// Takes paste bytes from the front of `bytes` up to and including the end marker or a Ctrl-C:
    /// how many it used, and whether the paste ended or was interrupted. Linear in the bytes given.
    private mutating func absorbPaste(_ bytes: ArraySlice<UInt8>) -> (consumed: Int, ended: Bool, interrupted: Bool) {
        let marker = Self.pasteEnd
        var used = 0
        for b in bytes {
            used += 1
            if b == Self.ctrlC { return (used, false, true) }
            // The last bytes stay uncommitted until they can no longer be the start of the end marker.
            pasteTail.append(b)
            if pasteTail.count == marker.count {
                if pasteTail == marker { pasteTail = []; return (used, true, false) }
                commitPasteByte(pasteTail.removeFirst())
            }
        }
        return (used, false, false)
    }

    /// Adds one byte to the paste body, keeping at most `pasteLimit`.
    private mutating func commitPasteByte(_ byte: UInt8) {
        if paste!.count < Self.pasteLimit { paste!.append(byte) } else { pasteOverflowed = true }
    }

    /// Ends the paste in progress and returns it as one event (nil when nothing was pasted).
    private mutating func finishPaste() -> InputEvent? {
        for b in pasteTail { commitPasteByte(b) }
        var body = paste ?? []
        if pasteOverflowed {
            // Cut at a character boundary: drop a trailing partial UTF-8 sequence.
            var cut = body.count
            while cut > 0, body[cut - 1] & 0xC0 == 0x80 { cut -= 1 }
            if cut > 0, body[cut - 1] >= 0xC0 { cut -= 1 } else { cut = body.count }
            body.removeSubrange(cut...)
        }
        paste = nil; pasteTail = []; pasteOverflowed = false
        return body.isEmpty ? nil : .paste(Self.normalisePaste(body))
    }

    private static func normalisePaste(_ body: [UInt8]) -> String {
        String(decoding: body, as: UTF8.self)
            .replacingAll("\r\n", with: "\n")
            .replacingAll("\r", with: "\n")
    }

    /// Decodes one event at the start of `s`.
    private static func step(_ s: ArraySlice<UInt8>, flushing: Bool) -> Step {
        let b = s[s.startIndex]
        switch b {
        case 0x1B: return escape(s, flushing: flushing)
        case 0x0D, 0x0A: return .event(.key(.enter), consumed: 1)
        case 0x09: return .event(.key(.tab), consumed: 1)
        case 0x7F, 0x08: return .event(.key(.backspace), consumed: 1)
        case 0x01...0x1A: return .event(.key(.ctrl(Character(Unicode.Scalar(b + 0x60)))), consumed: 1)
        case 0x00, 0x1C...0x1F: return .event(nil, consumed: 1)
        default:
            switch utf8(s, flushing: flushing) {
            case .some((let c?, let n)): return .event(.key(.char(c)), consumed: n)
            case .some((nil, let n)): return .event(nil, consumed: n)
            case nil: return .incomplete
            }
        }
    }

    /// Decodes one UTF-8 character: (character, length), (nil, bytes to skip) when invalid, nil when incomplete.
    private static func utf8(_ s: ArraySlice<UInt8>, flushing: Bool) -> (Character?, Int)? {
        let lead = s[s.startIndex]
        let length: Int
        switch lead {
        case 0x00..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        for k in 1..<max(1, length) {
            let idx = s.startIndex + k
            if idx >= s.endIndex { return flushing ? (nil, s.count) : nil }
            if s[idx] & 0xC0 != 0x80 { return (nil, k) }
        }
        let str = String(decoding: s.prefix(length), as: UTF8.self)
        guard let c = str.first, str.unicodeScalars.first != "\u{FFFD}" else { return (nil, length) }
        return (c, length)
    }

    private static func escape(_ s: ArraySlice<UInt8>, flushing: Bool) -> Step {
        guard s.count > 1 else { return flushing ? .event(.key(.escape), consumed: 1) : .incomplete }
        let next = s[s.startIndex + 1]
        switch next {
        case UInt8(ascii: "["):
            // Legacy X10 mouse report ESC [ M b x y (terminals without SGR 1006): three raw bytes follow.
            if s.count > 2, s[s.startIndex + 2] == UInt8(ascii: "M") {
                guard s.count >= 6 else { return flushing ? .event(.key(.alt("[")), consumed: 2) : .incomplete }
                let b = Int(s[s.startIndex + 3]) - 32
                let x = Int(s[s.startIndex + 4]) - 33, y = Int(s[s.startIndex + 5]) - 33
                let buttons: [MouseButton] = [.left, .middle, .right]
                let event: MouseEvent
                if b & 64 != 0 {
                    event = MouseEvent(b & 1 == 0 ? .wheelUp : .wheelDown, x: x, y: y)
                } else if b & 3 == 3 {
                    // X10 does not say which button was released.
                    event = MouseEvent(b & 32 != 0 ? .move : .release(.left), x: x, y: y)
                } else {
                    event = MouseEvent(b & 32 != 0 ? .drag(buttons[b & 3]) : .press(buttons[b & 3]), x: x, y: y)
                }
                return .event(.mouse(event), consumed: 6)
            }
            let result = csi(s)
            if case .incomplete = result, flushing { return .event(.key(.alt("[")), consumed: 2) }
            return result
        case UInt8(ascii: "O"):
            guard s.count > 2 else { return flushing ? .event(.key(.alt("O")), consumed: 2) : .incomplete }
            let final = s[s.startIndex + 2]
            let key: Key? = final == UInt8(ascii: "M") ? .enter : cursorAndFunctionKeys[final]
            return .event(key.map { .key($0) }, consumed: 3)
        case 0x20..<0x7F, 0xC2...0xF4:
            switch utf8(s.dropFirst(), flushing: flushing) {
            case .some((let c?, let n)): return .event(.key(.alt(c)), consumed: 1 + n)
            case .some((nil, _)): return .event(.key(.escape), consumed: 1)
            case nil: return .incomplete
            }
        default:
            // Esc Esc, or Esc before a control byte: the first Esc stands alone.
            return .event(.key(.escape), consumed: 1)
        }
    }

    /// The final bytes SS3 (`ESC O x`) and CSI (`ESC [ … x`) sequences share: arrows, Home/End, F1–F4.
    private static let cursorAndFunctionKeys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
    ]

    /// Decodes a CSI sequence `ESC [ params final`.
    private static func csi(_ s: ArraySlice<UInt8>) -> Step {
        var idx = s.startIndex + 2
        while idx < s.endIndex, !(0x40...0x7E).contains(s[idx]) {
            // Anything but parameter/intermediate bytes means a broken sequence: drop the Esc [.
            if !(0x20...0x3F).contains(s[idx]) { return .event(nil, consumed: idx - s.startIndex) }
            idx += 1
        }
        guard idx < s.endIndex else { return s.count > 64 ? .event(nil, consumed: s.count) : .incomplete }
        let final = s[idx]
        let params = String(decoding: s[(s.startIndex + 2)..<idx], as: UTF8.self)
        let consumed = idx - s.startIndex + 1
        if params.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return .event(mouse(params.dropFirst(), pressed: final == UInt8(ascii: "M")).map { .mouse($0) }, consumed: consumed)
        }
        let numbers = params.split(separator: ";").map { Int($0) ?? 0 }
        let key: Key?
        switch final {
        case let f where cursorAndFunctionKeys[f] != nil: key = cursorAndFunctionKeys[f]
        case UInt8(ascii: "Z"): key = .backTab
        case UInt8(ascii: "~"):
            switch numbers.first ?? 0 {
            case 1, 7: key = .home
            case 2: key = .insert
            case 3: key = .delete
            case 4, 8: key = .end
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(numbers[0] - 10)
            case 17...21: key = .function(numbers[0] - 11)
            case 23, 24: key = .function(numbers[0] - 12)
            case 200: return .pasteStart(consumed: consumed)
            default: key = nil
            }
        default: key = nil
        }
        return .event(key.map { .key($0) }, consumed: consumed)
    }

    /// Decodes SGR mouse parameters "b;x;y".
    private static func mouse(_ params: Substring, pressed: Bool) -> MouseEvent? {
        let parts = params.split(separator: ";").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let b = parts[0], x = parts[1] - 1, y = parts[2] - 1
        let buttons: [MouseButton?] = [.left, .middle, .right, nil]
        if b & 64 != 0 {
            switch b & 3 {
            case 0: return MouseEvent(.wheelUp, x: x, y: y)
            case 1: return MouseEvent(.wheelDown, x: x, y: y)
            default: return nil
            }
        }
        let button = buttons[b & 3]
        if b & 32 != 0 {
            if let button { return MouseEvent(.drag(button), x: x, y: y) }
            return MouseEvent(.move, x: x, y: y)
        }
        guard let button else { return nil }
        return MouseEvent(pressed ? .press(button) : .release(button), x: x, y: y)
    }
}

extension String {
    /// This string with every occurrence of `target` replaced (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]; out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
