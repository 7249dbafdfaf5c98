/// Turns the raw bytes read from the terminal into `InputEvent`s. Pure and incremental: bytes may
/// arrive split anywhere (inside a UTF-8 sequence, an escape sequence or a paste).
///
/// Esc is ambiguous: alone it is the Esc key, followed by more bytes it starts a sequence or an Alt
/// chord. The decoder holds a lone trailing Esc until `timeout()` is called — the run loop calls it
/// when `escapeTimeout` has passed with no further input (`needsTimeout` says when to arm it).
public struct InputDecoder: Sendable {
    /// How long a lone Esc waits for a following byte before it counts as the Esc key.
    public static let escapeTimeout: Duration = .milliseconds(25)

    private var pending: [UInt8] = []
    /// Bytes of a bracketed paste in progress (nil outside a paste).
    private var paste: [UInt8]?

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Creates an empty decoder.
    public init() {}

    /// True when undecided bytes (a lone Esc or a partial sequence) wait for more input or `timeout()`.
    public var needsTimeout: Bool { paste == nil && !pending.isEmpty }

    /// Feeds newly read bytes and returns the events they complete.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return decode(flushing: false)
    }

    /// Declares that no byte followed within the Esc timeout: a pending Esc becomes the Esc key
    /// (or, before a partial sequence, an Alt chord); a partial UTF-8 sequence is dropped.
    public mutating func timeout() -> [InputEvent] {
        decode(flushing: true)
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
                // Inside a paste everything is literal text until the end marker.
                let searchFrom = max(0, paste!.count - Self.pasteEnd.count + 1)
                paste!.append(contentsOf: bytes)
                bytes = []
                guard let end = Self.find(Self.pasteEnd, in: paste!, from: searchFrom) else { break }
                events.append(.paste(Self.normalisePaste(Array(paste![..<end]))))
                bytes = paste![(end + Self.pasteEnd.count)...]
                paste = nil
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

    private static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        guard hay.count >= needle.count, from <= hay.count - needle.count else { return nil }
        for start in from...(hay.count - needle.count) where hay[start] == needle[0] {
            if Array(hay[start..<start + needle.count]) == needle { return start }
        }
        return nil
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
            let key: Key?
            switch s[s.startIndex + 2] {
            case UInt8(ascii: "P"): key = .function(1)
            case UInt8(ascii: "Q"): key = .function(2)
            case UInt8(ascii: "R"): key = .function(3)
            case UInt8(ascii: "S"): key = .function(4)
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "M"): key = .enter
            default: key = nil
            }
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
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "Z"): key = .backTab
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
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
