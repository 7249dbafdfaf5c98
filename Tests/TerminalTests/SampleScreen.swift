@testable import Terminal

/// A league-free stand-in for the app's main screen: title bar, board table, sheet list, footer.
struct SampleScreen {
    var sheet = SheetState(root: "Home")
    var list = ListState(selected: 1)
    var board = ListState(selected: 0)

    static let standings = [["Gridiron Greats", "7-1", "1021.4"], ["Bits vs Bytes", "5-3", "980.0"],
                            ["東京ドラゴンズ 🏈", "4-4", "950.2"], ["Null Pointers", "2-6", "801.9"]]
    static let matchups = ["Gridiron Greats 112.4 – 98.1 Bits vs Bytes", "東京ドラゴンズ 🏈 88.0 – 91.5 Null Pointers",
                           "Lambda Legends 77.2 – 101.0 Monad Mashers", "Heap Heroes 64.5 – 99.9 Stack Smashers"]
    static let footer = Keymap<Int>([
        KeyBinding([.char("j"), .down], 0, label: "move", footer: true, footerKeys: "j/k"),
        KeyBinding([.enter], 1, label: "open", footer: true),
        KeyBinding([.escape], 2, label: "back", footer: true),
        KeyBinding([.tab], 3, label: "board/sheet", footer: true),
        KeyBinding([.char("+"), .char("-")], 4, label: "sheet size", footer: true, footerKeys: "+/-"),
        KeyBinding([.char("/")], 5, label: "filter", footer: true),
    ])

    func render(into buffer: inout Buffer, now: Duration) {
        let screen = buffer.area
        guard screen.size.fits(TooSmallScreen.defaultMinimum) else {
            buffer.render(TooSmallScreen(), in: screen)
            return
        }
        let l = BoardSheetLayout(screen: screen, sheet: sheet, now: now)
        buffer.set(string: " Clubhouse League · Gridiron Greats · Week 9", at: Point(x: 0, y: 0), style: .bold)
        let right = "alice · ? help "
        buffer.set(string: right, at: Point(x: screen.right - right.displayWidth, y: 0), style: .dim)
        buffer.render(BoardSheetLayout.boardFrame(title: "Standings", focused: sheet.focus == .board), in: l.board)
        buffer.render(TableView(columns: [TableColumn("Team", width: .fill(1)), TableColumn("W-L", width: .length(4), alignment: .right),
                                          TableColumn("PF", width: .length(7), alignment: .right)],
                                rows: Self.standings, state: board,
                                highlightStyle: Style(foreground: .black, background: .indexed(110))),
                      in: l.boardContent)
        buffer.render(SheetFrame(titles: sheet.stack, trailing: "\(sheet.detent)", focused: sheet.focus == .sheet,
                                 atTop: l.sheetAtTop), in: l.sheet)
        buffer.render(ListView(items: Self.matchups, state: list,
                               highlightStyle: Style(foreground: .white, background: .indexed(24), attributes: .bold)),
                      in: l.sheetContent)
        buffer.render(KeyHintsBar(Self.footer.footerHints), in: l.footer.inset(horizontal: 1))
    }

    func lines(_ size: Size, now: Duration = .seconds(10), color: ColorSupport = .palette256) -> [String] {
        let backend = HeadlessBackend(size: size, colorSupport: color)
        var b = Buffer(size: size)
        render(into: &b, now: now)
        backend.draw(b)
        return backend.lines()
    }
}
