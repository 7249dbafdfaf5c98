import Foundation
import ClubhouseDomain
import Terminal

/// Draws the whole screen from `AppState`: top bar, board, sheet with breadcrumb, footer, toast, help.
public enum AppView {
    public static func render(_ state: AppState, into buffer: inout Buffer) {
        let size = buffer.size
        buffer.fill(buffer.area)
        guard size.fits(TooSmallScreen.defaultMinimum) else {
            buffer.render(TooSmallScreen(), in: buffer.area)
            return
        }
        let layout = ShellLayout(size: size, detent: state.sheet.detent)
        let base = AppReducer.renderContext(state)
        renderTopBar(state, in: layout.topBar, buffer: &buffer, context: base)

        let boardFocused = state.sheet.focus == .board
        if layout.board.height > 0 {
            let border = base.style(boardFocused ? .focusedBorder : .border)
            Block(title: "board · " + BoardFeature.title(state.board), borders: [.top, .left, .right],
                  borderStyle: border, titleStyle: base.style(boardFocused ? .title : .header))
                .render(in: layout.board, buffer: &buffer)
            BoardFeature.render(state.board, in: layout.boardContent, buffer: &buffer, context: base.with(focused: boardFocused))
        }

        SheetChrome(titles: crumbs(state), trailing: state.sheet.detent.name, atTop: layout.board.height == 0,
                    focused: !boardFocused, context: base)
            .render(in: layout.sheet, buffer: &buffer)
        state.top.render(in: layout.sheetContent, buffer: &buffer, context: base.with(focused: !boardFocused))

        if let toast = state.toast { renderToast(toast, on: layout.sheet, buffer: &buffer, context: base) }
        renderFooter(state, in: layout.footer, buffer: &buffer, context: base)
        if let help = state.help { HelpView(groups: AppReducer.activeKeymap(state).helpGroups, state: help, context: base).render(in: layout.body, buffer: &buffer) }
    }

    /// " Clubhouse League · <league> · Week 9" left, "signed out · ? help" right.
    static func renderTopBar(_ state: AppState, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var left = " Clubhouse League"
        if let name = state.board.league.value?.league.name, state.top.page.leagueID != nil {
            left += " · " + name
            if let w = state.board.week, state.board.league.value?.league.state != .predraft { left += " · Week \(w)" }
        }
        let right = "\(state.signedInName ?? "signed out") · ? help "
        let x = buffer.set(string: left, at: Point(x: area.x, y: area.y), style: context.style(.title), maxWidth: area.width - right.displayWidth - 1)
        _ = x
        buffer.set(string: right, at: Point(x: area.right - right.displayWidth, y: area.y), style: context.style(.dim))
    }

    /// Page hints on the left (the obvious next key first); "esc back · tab … · ? help" pinned right.
    static func renderFooter(_ state: AppState, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let all = AppReducer.activeKeymap(state).footerHints
        let pinnedLabels: Set<String> = ["back", "help", "board", "sheet", "quit"]
        let pinned = all.filter { pinnedLabels.contains($0.label) }
        let pane = all.filter { !pinnedLabels.contains($0.label) }
        let right = KeyHintsBar(pinned, keyStyle: context.style(.key), labelStyle: context.style(.dim))
        let rightWidth = right.text(width: area.width).displayWidth
        let inner = area.inset(horizontal: 1)
        right.render(in: Rect(x: inner.right - rightWidth, y: area.y, width: rightWidth, height: 1), buffer: &buffer)
        KeyHintsBar(pane, keyStyle: context.style(.key), labelStyle: context.style(.text))
            .render(in: Rect(x: inner.x, y: area.y, width: max(0, inner.width - rightWidth - 3), height: 1), buffer: &buffer)
    }

    /// Breadcrumb titles; a page still loading borrows names the board already knows.
    static func crumbs(_ state: AppState) -> [String] {
        let board = state.board
        func leagueName(_ id: LeagueID) -> String? {
            if board.leagueID == id, let n = board.league.value?.league.name { return n }
            return board.featured.value?.first { $0.id == id }?.name
        }
        func teamName(_ id: TeamID) -> String? {
            board.league.value?.teams.first { $0.id == id }?.name ?? board.standings.value?.first { $0.team.id == id }?.team.name
        }
        return state.sheet.stack.map { entry in
            let own = entry.state.title
            switch entry.state.page {
            case .league(let id) where own == "League \(id.rawValue)":
                return leagueName(id) ?? own
            case .roster(_, let team) where own == "Team":
                return teamName(team) ?? own
            case .matchup(_, let week, let team) where own == "Matchup":
                guard board.scoreboard.value?.week == week, let m = board.scoreboard.value?.matchups.first(where: { $0.involves(team) }) else { return own }
                return "\(m.home.team.name) vs \(m.away?.team.name ?? "bye")"
            default:
                return own
            }
        }
    }

    /// The toast sits on the sheet's bottom edge, right-aligned, so it never hides content.
    static func renderToast(_ toast: Toast, on sheet: Rect, buffer: inout Buffer, context: RenderContext) {
        guard sheet.height > 0 else { return }
        let text = " " + (toast.isError ? "✖ " : "") + toast.message + " "
        let t = text.truncated(toWidth: sheet.width - 4)
        buffer.set(string: t, at: Point(x: sheet.right - 2 - t.displayWidth, y: sheet.bottom - 1),
                   style: context.style(toast.isError ? .error : .warning).adding(.reverse))
    }
}

/// The sheet's chrome: "├─ Home › League ─── half ┤" (┌ ┐ when it reaches the top), sides, bottom edge.
/// (Local until the toolkit's sheet widget lands.)
public struct SheetChrome: Widget {
    public var titles: [String]
    public var trailing: String
    public var atTop: Bool
    public var focused: Bool
    public var context: RenderContext

    public static let separator = " › "

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        var symbols = BorderSymbols.plain
        if !atTop { symbols.topLeft = symbols.teeLeft; symbols.topRight = symbols.teeRight }
        let border = context.style(focused ? .focusedBorder : .border)
        Block(borders: .all, symbols: symbols, borderStyle: border).render(in: area, buffer: &buffer)
        let t = " \(trailing) "
        buffer.set(string: t, at: Point(x: area.right - 2 - t.displayWidth, y: area.y), style: context.style(.dim))
        let room = area.width - t.displayWidth - 8
        guard room > 0 else { return }
        let crumb = " " + Self.breadcrumb(titles, width: room) + " "
        buffer.set(string: crumb, at: Point(x: area.x + 2, y: area.y), style: context.style(focused ? .title : .header))
    }

    /// The trail in `width` cells: leading titles give way to "…" first.
    public static func breadcrumb(_ titles: [String], width: Int) -> String {
        let full = titles.joined(separator: separator)
        if full.displayWidth <= width || titles.count < 2 { return full.truncatedLeading(toWidth: width) }
        for drop in 1..<titles.count {
            let t = "…" + separator + titles[drop...].joined(separator: separator)
            if t.displayWidth <= width { return t }
        }
        return titles.last!.truncatedLeading(toWidth: width)
    }
}

/// The `?` overlay: every binding of the current context, grouped, filtered by what was typed.
public struct HelpView: Widget {
    public var groups: [HelpGroup]
    public var state: HelpState
    public var context: RenderContext

    public func lines() -> [(String, StyleRole)] {
        let q = state.query.lowercased()
        var out: [(String, StyleRole)] = []
        for g in groups {
            let entries = g.entries.filter { q.isEmpty || $0.label.lowercased().contains(q) || $0.keys.lowercased().contains(q) || g.title.lowercased().contains(q) }
            guard !entries.isEmpty else { continue }
            out.append((g.title, .title))
            for e in entries {
                let reason = e.disabledReason.map { "  (\($0))" } ?? ""
                out.append(("  " + e.keys.padded(toWidth: 14) + e.label + reason, e.disabledReason == nil ? .text : .dim))
            }
        }
        if out.isEmpty { out.append(("No key matches “\(state.query)”", .dim)) }
        return out
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let content = lines()
        let width = min(area.width - 4, max(44, (content.map { $0.0.displayWidth }.max() ?? 0) + 4))
        let height = min(area.height - 2, content.count + 4)
        let box = area.centered(Size(width: width, height: height))
        buffer.fill(box)
        Block(title: "Keys", trailingTitle: "esc close", borders: .all, symbols: .rounded, borderStyle: context.style(.focusedBorder), titleStyle: context.style(.title))
            .render(in: box, buffer: &buffer)
        let inner = Block().inner(box)
        TextRow.put("search: " + state.query + "█", in: inner, row: 0, style: context.style(.accent), buffer: &buffer)
        for (i, (text, role)) in content.prefix(max(0, inner.height - 2)).enumerated() {
            TextRow.put(text, in: inner, row: i + 2, style: context.style(role), buffer: &buffer)
        }
    }
}

extension AppView {
    /// True when the board or the page shows a spinner.
    static func hasSpinner(_ state: AppState) -> Bool {
        state.board.featured.isLoading || state.board.standings.isLoading || state.board.scoreboard.isLoading
            || state.board.draft.isLoading || state.board.league.isLoading || state.topIsLoading
    }
}
