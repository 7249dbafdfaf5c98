/// How serious a toast is.
public enum ToastLevel: Hashable, Sendable {
    case info, warning, error

    /// How long a toast of this level stays by default.
    public var defaultDuration: Duration {
        switch self {
        case .info: return .seconds(3)
        case .warning: return .seconds(5)
        case .error: return .seconds(8)
        }
    }

    /// The mark shown before the message.
    public var symbol: String {
        switch self {
        case .info: return "i"
        case .warning: return "!"
        case .error: return "✗"
        }
    }

    /// Colours per level; in monochrome they degrade to reverse video (bold for errors).
    public var style: Style {
        switch self {
        case .info: return Style(foreground: .white, background: .blue)
        case .warning: return Style(foreground: .black, background: .yellow)
        case .error: return Style(foreground: .white, background: .red, attributes: .bold)
        }
    }
}

/// A short message that dismisses itself after `duration`.
public struct Toast: Hashable, Sendable, Identifiable {
    /// Stable identity for dismissing.
    public var id: Int
    /// What to tell the person.
    public var message: String
    /// Seriousness.
    public var level: ToastLevel
    /// When it was posted (run-loop time).
    public var postedAt: Duration
    /// How long it shows.
    public var duration: Duration

    /// Creates a toast.
    public init(id: Int, message: String, level: ToastLevel, postedAt: Duration, duration: Duration? = nil) {
        self.id = id; self.message = message; self.level = level
        self.postedAt = postedAt; self.duration = duration ?? level.defaultDuration
    }

    /// When it disappears.
    public var expiresAt: Duration { postedAt + duration }
    /// True once `now` has reached `expiresAt`.
    public func isExpired(at now: Duration) -> Bool { now >= expiresAt }
}

/// The toasts currently shown, newest last; time is passed in, never read.
public struct ToastQueue: Hashable, Sendable {
    /// Oldest first.
    public private(set) var toasts: [Toast] = []
    /// The most toasts kept at once (oldest dropped first).
    public var limit: Int
    private var nextID = 1

    /// Creates an empty queue.
    public init(limit: Int = 3) { self.limit = limit }

    /// Shows `message`; returns the toast's id.
    @discardableResult
    public mutating func post(_ message: String, level: ToastLevel = .info, now: Duration, duration: Duration? = nil) -> Int {
        let t = Toast(id: nextID, message: message, level: level, postedAt: now, duration: duration)
        nextID += 1
        toasts.append(t)
        if toasts.count > limit { toasts.removeFirst(toasts.count - limit) }
        return t.id
    }

    /// Removes expired toasts; returns true when something changed.
    @discardableResult
    public mutating func prune(now: Duration) -> Bool {
        let before = toasts.count
        toasts.removeAll { $0.isExpired(at: now) }
        return toasts.count != before
    }

    /// Dismisses one toast now.
    public mutating func dismiss(id: Int) { toasts.removeAll { $0.id == id } }

    /// The toasts still showing at `now`.
    public func visible(at now: Duration) -> [Toast] { toasts.filter { !$0.isExpired(at: now) } }

    /// The next moment a toast expires (the run loop's wake-up), if any.
    public var nextDeadline: Duration? { toasts.map(\.expiresAt).min() }
}

/// Draws toasts stacked at the bottom-right of an area, newest at the bottom.
public struct ToastStack: Widget, Sendable {
    /// Oldest first; the newest is drawn at the bottom.
    public var toasts: [Toast]
    /// The widest a toast may be.
    public var maxWidth: Int

    /// Creates the stack from the visible toasts.
    public init(_ toasts: [Toast], maxWidth: Int = 48) { self.toasts = toasts; self.maxWidth = maxWidth }

    public func render(in area: Rect, buffer: inout Buffer) {
        var y = area.bottom - 1
        for t in toasts.reversed() where y >= area.y {
            let text = " \(t.level.symbol) " + t.message.truncated(toWidth: min(maxWidth, area.width) - 4) + " "
            let w = text.displayWidth
            let x = max(area.x, area.right - w)
            buffer.fill(Rect(x: x, y: y, width: w, height: 1), with: .blank(t.level.style))
            buffer.set(string: text, at: Point(x: x, y: y), style: t.level.style, maxWidth: area.right - x)
            y -= 1
        }
    }
}
