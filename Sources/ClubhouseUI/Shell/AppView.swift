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
        let layout = ShellLayout(state)
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

        SheetFrame(titles: crumbs(state), trailing: state.sheet.detent.name, focused: !boardFocused, atTop: layout.sheetAtTop,
                   borderStyle: base.style(boardFocused ? .border : .focusedBorder))
            .render(in: layout.sheet, buffer: &buffer)
        state.top.render(in: layout.sheetContent, buffer: &buffer, context: base.with(focused: !boardFocused))

        renderToasts(state.toasts.visible(at: state.clock), on: layout.sheet, buffer: &buffer)
        renderFooter(state, in: layout.footer, buffer: &buffer, context: base)
        if let help = state.help { HelpOverlay(groups: AppReducer.activeKeymap(state).helpGroups, state: help).render(in: layout.body, buffer: &buffer) }
        if let p = state.prompt {
            ConfirmDialog(title: p.dialog.title, message: p.dialog.message, confirmFocused: p.dialog.confirmFocused).render(in: layout.body, buffer: &buffer)
        }
        if let o = state.sshKey?.offer {
            ConfirmDialog(title: o.title, message: o.message, confirmFocused: o.confirmFocused).render(in: layout.body, buffer: &buffer)
        }
    }

    /// " Clubhouse League · <league> · Week 9" left, "signed out · ? help" right.
    static func renderTopBar(_ state: AppState, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var left = " Clubhouse League"
        if let id = state.top.page.leagueID {
            let crumbs = crumbs(state)
            let fromBoard = state.board.leagueID == id ? state.board.league.value?.league.name : nil
            let name = fromBoard ?? state.board.featured.value?.first { $0.id == id }?.name ?? (crumbs.count > 1 ? crumbs[1] : nil)
            if let name { left += " · " + name }
            let inSeason: Set<LeagueState> = [.inSeason, .playoffs, .complete]
            if state.board.leagueID == id, let w = state.board.week, let s = state.board.league.value?.league.state, inSeason.contains(s) {
                left += " · Week \(w)"
            }
        }
        // The person's name gives way first (to at most 16 cells; the signed-out key hint to 36), then the league
        // line ends in "…".
        var name = state.signedInName ?? AppReducer.signedOutLabel(state)
        if left.displayWidth + name.displayWidth + 12 > area.width { name = name.truncated(toWidth: state.signedInName == nil ? 36 : 16) }
        var right = "\(name) · ? help "
        if let bell = NotificationsFeature.bellLabel(state.notifications) { right = bell + " · " + right }
        if let server = state.serverStatus {
            let room = max(8, area.width - left.displayWidth - right.displayWidth - 4)
            right = server.truncated(toWidth: min(room, 40)) + " · " + right
        }
        let warning = state.serverWarning.map { " " + $0 + " " } ?? ""
        let room = max(0, area.width - right.displayWidth - warning.displayWidth - 1)
        buffer.set(string: left.truncated(toWidth: room), at: Point(x: area.x, y: area.y), style: context.style(.title), maxWidth: room)
        if !warning.isEmpty {
            buffer.set(string: warning, at: Point(x: area.right - right.displayWidth - warning.displayWidth, y: area.y),
                       style: context.style(.warning).adding(.bold))
        }
        buffer.set(string: right, at: Point(x: area.right - right.displayWidth, y: area.y), style: context.style(.dim))
    }

    /// Page hints on the left (the obvious next key first); "esc back · tab … · ? help" pinned right.
    static func renderFooter(_ state: AppState, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let keymap = AppReducer.activeKeymap(state), all = keymap.footerHints
        let pinnedLabels: Set<String> = ["back", "help", "board", "sheet", "quit"]
        let pinned = all.filter { pinnedLabels.contains($0.label) }
        var pane = all.filter { !pinnedLabels.contains($0.label) }
        // One generic movement hint after the page's own keys, before the sheet size.
        // Where j and k are typed (a field being edited binds only the arrows) the hint names the arrows.
        let jk = keymap.action(for: .char("j")) != nil
        if jk || keymap.action(for: .down) != nil {
            let moveHint = KeyHint(keys: jk ? "j/k" : "↑/↓", label: "move")
            if let i = pane.firstIndex(where: { $0.label == "sheet size" }) { pane.insert(moveHint, at: i) } else { pane.append(moveHint) }
        }
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

    /// Toasts sit on the sheet's bottom edge (newest), right-aligned, so they never hide content.
    static func renderToasts(_ toasts: [Toast], on sheet: Rect, buffer: inout Buffer) {
        guard sheet.height > 0, !toasts.isEmpty else { return }
        ToastStack(toasts, maxWidth: max(10, sheet.width - 6))
            .render(in: Rect(x: sheet.x + 2, y: sheet.bottom - 1, width: max(0, sheet.width - 4), height: 1), buffer: &buffer)
    }
}
