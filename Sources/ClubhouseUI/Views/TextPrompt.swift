import ClubhouseDomain
import Terminal

/// A one-line question a page shows over itself (rename a team): a title, what to type, the field, and the check's
/// sentence under it. Enter answers with the text once `check` accepts it, Esc cancels; every other key edits the
/// field. The page owns it and feeds it keys (and pastes).
public struct TextPrompt: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable { case answered(String), cancelled }

    public var title: String
    /// The line above the field ("New name for Bits & Bytes:").
    public var prompt: String
    public var field: TextFieldState
    /// Why Enter was refused (shown in place of the hint until the text changes).
    public var error: String?
    /// Shown under the field while there is no error ("1–40 characters · enter saves · esc cancels").
    public var hint: String
    /// The same check the server makes, so a refusal is said before anything is sent: the text as it will be kept, or
    /// the sentence why not.
    private let check: @Sendable (String) -> Result<String, DomainError>

    public init(title: String, prompt: String, text: String = "", maxLength: Int, hint: String,
                check: @escaping @Sendable (String) -> Result<String, DomainError>) {
        self.title = title; self.prompt = prompt; self.hint = hint; self.check = check
        field = TextFieldState(text: text, maxLength: maxLength, selected: !text.isEmpty)
    }

    /// Applies a key; the outcome once answered or cancelled.
    public mutating func handle(_ key: Key) -> Outcome? {
        switch key {
        case .escape: return .cancelled
        case .enter:
            switch check(field.text) {
            case .success(let text): return .answered(text)
            case .failure(let refusal): error = refusal.message
            }
        default:
            if field.handle(.key(key)) { error = nil }
        }
        return nil
    }

    /// Pasted text, as one insertion.
    public mutating func paste(_ text: String) { field.insert(text); error = nil }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let note = error ?? hint
        let width = min(area.width, max(44, prompt.displayWidth + 4, note.displayWidth + 4))
        let box = area.centered(Size(width: width, height: min(area.height, 5)))
        buffer.fill(box)
        Block(title: title, borderStyle: context.style(.focusedBorder), titleStyle: context.style(.title)).render(in: box, buffer: &buffer)
        let inner = Block().inner(box).inset(horizontal: 1)
        var y = inner.y
        guard y < inner.bottom else { return }
        buffer.set(string: prompt.truncated(toWidth: inner.width), at: Point(x: inner.x, y: y), style: context.style(.text), maxWidth: inner.width)
        y += 1
        guard y < inner.bottom else { return }
        TextField(field, focused: true).render(in: Rect(x: inner.x, y: y, width: inner.width, height: 1), buffer: &buffer)
        y += 1
        guard y < inner.bottom else { return }
        buffer.set(string: note.truncated(toWidth: inner.width), at: Point(x: inner.x, y: y), style: context.style(error == nil ? .dim : .error), maxWidth: inner.width)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.title == b.title && a.prompt == b.prompt && a.field == b.field && a.error == b.error && a.hint == b.hint
    }
    public func hash(into h: inout Hasher) { h.combine(title); h.combine(prompt); h.combine(field); h.combine(error) }
}
