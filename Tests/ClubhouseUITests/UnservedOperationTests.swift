import ClubhouseDomain
import Foundation
import Terminal
import Testing
@testable import ClubhouseUI

/// An app newer than its league server: the operations the server's `/v1/meta` doesn't list are keys shown disabled
/// with the reason (dimmed in the footer, the reason in help), and pressing one says so instead of calling the server.
@Suite struct UnservedOperationTests {
    /// A server 0.0.9 that serves every operation but `missing`.
    static func olderServer(without missing: [any AnyEndpoint]) -> ServerMeta {
        let gone = Set(missing.map(\.name))
        return ServerMeta(ServerVersion(version: "0.0.9", api: ClubhouseVersion.api, oldestAPI: ClubhouseVersion.api),
                          endpoints: Endpoints.all.map(\.name).filter { !gone.contains($0) })
    }
    static let reason = "Not on this server (0.0.9): update the server to use this."

    static func hint(_ h: Harness, _ label: String) -> KeyHint? { AppReducer.activeKeymap(h.state).footerHints.first { $0.label == label } }

    @Test func tradeKeysTheServerLacksAreDisabledWithTheReasonAndSendNothing() async {
        var (h, fake) = await TradesTests.onTrades()
        h.state.serverMeta = Self.olderServer(without: [Endpoints.Trades.accept, Endpoints.Trades.propose])
        // Dimmed in the footer; reject (served) is not.
        #expect(Self.hint(h, "accept")?.enabled == false)
        #expect(Self.hint(h, "new offer")?.enabled == false)
        #expect(Self.hint(h, "reject")?.enabled == true)
        #expect(Screen(h.state).footer.contains("a accept"), "still listed: \(Screen(h.state).footer)")
        // Pressing it says why and asks nothing of the server.
        h.key(.char("a"))
        #expect(h.toast == Self.reason)
        #expect(TradesTests.page(h)?.question == nil)
        h.key(.char("n"))
        #expect(h.toast == Self.reason)
        #expect(h.state.top[TradeBuilderFeature.self] == nil, "the builder didn't open")
        await h.settle()
        #expect(await fake.tradeCalls.isEmpty)
        // Help says it beside the key.
        h.key(.char("?"))
        let help = Screen(h.state).lines.joined(separator: "\n")
        #expect(help.contains("accept") && help.contains("Not on this server (0.0.9)"), "\(help)")
        // A served operation still works.
        h.key(.escape)
        h.key(.char("r"))
        #expect(Screen(h.state).inSheet("Turn this offer down?"))
    }

    /// An older feature: a server without the trades list keeps the league page's `t` from opening a page that would
    /// only fail; the same app on a server that serves it (or on the embedded database: no meta) opens it.
    @Test func aPageTheServerCantServeIsNotOpened() async {
        var h = await TeamWorld.signedIn(on: .league(Demo.greats))
        #expect(h.state.top.page == .league(Demo.greats), "\(h.state.top.page)")
        h.state.serverMeta = Self.olderServer(without: [Endpoints.Trades.list, Endpoints.Trades.propose, Endpoints.Trades.accept])
        #expect(Self.hint(h, "trades")?.enabled == false)
        h.key(.char("t"))
        #expect(h.toast == Self.reason)
        #expect(h.state.top.page == .league(Demo.greats))
        h.state.serverMeta = .current
        #expect(Self.hint(h, "trades")?.enabled == true)
        h.key(.char("t"))
        #expect(h.state.top.page == .trades(Demo.greats))
    }
}
