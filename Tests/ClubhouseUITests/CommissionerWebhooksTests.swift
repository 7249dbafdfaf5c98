import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The Commissioner page's Webhooks tab (5): the league's hooks with their state and last post, the selected hook's
/// delivery log, adding one through a checked form (its secret shown once), removing one after asking.
@Suite struct CommissionerWebhooksTests {
    static let posted = Date(timeIntervalSince1970: 1_572_800_000)   // Sun Nov 3 2019 16:53 UTC
    static let discord = WebhookView(
        id: 1, url: "https://discord.com/api/webhooks/11/abc", kinds: [.trades, .results], format: .discord, state: .active,
        createdAt: posted, pausedAt: nil,
        deliveries: [WebhookDelivery(at: posted.addingTimeInterval(60), event: 42, attempt: 2, status: 204, error: nil),
                     WebhookDelivery(at: posted, event: 42, attempt: 1, status: 503, error: nil)])
    static let paused = WebhookView(id: 2, url: "https://example.org/hook", kinds: ActivityKind.allCases, format: .json, state: .paused,
                                    createdAt: posted, pausedAt: posted, deliveries: [])

    /// The commissioner on Sunday Nerds' Webhooks tab, the fake answering `hooks` for the list.
    static func onTab(_ hooks: [WebhookView] = [discord, paused], size: Size = Size(width: 100, height: 30)) async -> Harness {
        var h = await CommissionerTests.onPage(size: size)
        await h.fake.answer(Endpoints.Webhooks.webhooks) { _, _, _ in hooks }
        await h.fake.answer(Endpoints.Webhooks.addWebhook) { _, _, _ in WebhookCreated(id: 9, secret: "whsec-0123456789") }
        h.setDetent(.full)
        h.key(.char("5"))
        await h.settle()
        return h
    }

    static func page(_ h: Harness) -> CommissionerFeature.State? { CommissionerTests.page(h) }

    @Test func theTabListsTheHooksAndTheSelectedOnesDeliveryLog() async {
        var h = await Self.onTab()
        let s = Screen(h.state)
        #expect(s.inSheet("5 Webhooks"))
        let first = s.lines.first { $0.contains("discord.com/api/webhooks/11/abc") } ?? ""
        #expect(first.contains("discord") && first.contains("trades, results") && first.contains("active") && first.contains("204 OK"), "\(s.text)")
        let second = s.lines.first { $0.contains("example.org/hook") } ?? ""
        #expect(second.contains("json") && second.contains(" all ") && second.contains("paused"), "\(s.text)")
        #expect(s.inSheet("── Delivery log of #1, newest first ──"))
        let retry = s.lines.first { $0.contains("retry 1") } ?? "", first1 = s.lines.first { $0.contains("first") && $0.contains("#42") } ?? ""
        #expect(retry.contains("#42") && retry.contains("204 OK"), "\(s.text)")
        #expect(first1.contains("503 refused"), "\(s.text)")
        #expect(s.footer.contains("n add webhook") && s.footer.contains("x remove webhook"))
        h.key(.char("j"))
        #expect(Screen(h.state).inSheet("── Delivery log of #2, newest first · paused Sun Nov 3 16:53 after a day of failed posts ──"))
        #expect(Screen(h.state).inSheet("Nothing delivered before it was paused."))
    }

    @Test func noHooksSaysWhatOneIsAndHowToAddIt() async {
        let h = await Self.onTab([])
        #expect(Screen(h.state).inSheet("No webhooks yet — n adds one"), "\(Screen(h.state).text)")
    }

    @Test func anAddedHookIsCheckedInWordsThenItsSecretShowsOnce() async {
        var h = await Self.onTab([])
        h.key(.char("n"))
        #expect(Self.page(h)?.form?.title == "New webhook (Discord, Slack, or any JSON receiver)")
        h.keys("http://discord.com/api/webhooks/9/x"); h.key(.enter)
        #expect(Self.page(h)?.form?.error == "Webhook URLs are https only (this one is http://)")
        #expect(Self.page(h)?.form?.errorField == 0)
        h.key(.ctrl("u")); h.keys("https://discord.com/api/webhooks/9/x")
        h.key(.tab); h.key(.tab); h.keys("trades, bogus"); h.key(.enter)
        #expect(Self.page(h)?.form?.error?.hasPrefix("bogus isn't a kind — kinds are moves, waivers, trades") == true, "\(String(describing: Self.page(h)?.form?.error))")
        #expect(Self.page(h)?.form?.text(0) == "https://discord.com/api/webhooks/9/x", "nothing typed is lost")
        for _ in 0..<", bogus".count { h.key(.backspace) }
        h.key(.enter)
        await h.settle()
        let sent = await h.fake.calls(to: Endpoints.Webhooks.addWebhook).compactMap { $0.body(Wire.NewWebhook.self) }
        #expect(sent == [Wire.NewWebhook(url: "https://discord.com/api/webhooks/9/x", kinds: [.trades], format: .discord)],
                "the format is read from a Discord URL; only the kinds typed")
        #expect(Self.page(h)?.form == nil)
        #expect(Self.page(h)?.newHook == WebhookCreated(id: 9, secret: "whsec-0123456789"))
        #expect(Screen(h.state).inSheet("Webhook #9 added — its secret:  whsec-0123456789"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).inSheet("Copy it now: it isn't shown again."))
    }

    /// The server checks what the app can't (the host's addresses): its refusal opens the form again, everything typed
    /// still there, the words at the field they are about.
    @Test func aHookTheServerRefusesOpensTheFormAgainWithWhatWasTyped() async {
        var h = await Self.onTab([])
        await h.fake.answer(Endpoints.Webhooks.addWebhook) { _, _, _ in
            throw DomainError.validation(field: "url", message: "The webhook's host discord.com can't be found")
        }
        h.key(.char("n"))
        h.keys("https://discord.com/api/webhooks/9/x"); h.key(.tab); h.key(.tab); h.keys("trades"); h.key(.enter)
        #expect(Self.page(h)?.form == nil, "the form is sent")
        await h.settle()
        let form = Self.page(h)?.form
        #expect(form?.error == "The webhook's host discord.com can't be found")
        #expect(form?.errorField == 0 && form?.focus == 0)
        #expect(form?.text(0) == "https://discord.com/api/webhooks/9/x" && form?.text(2) == "trades", "nothing typed is lost")
        #expect(Screen(h.state).inSheet("✗ The webhook's host discord.com can't be found"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).inSheet("https://discord.com/api/webhooks/9/x"), "the URL shows whole")
    }

    @Test func removingAHookAsksFirst() async {
        var h = await Self.onTab()
        h.key(.char("x"))
        #expect(Self.page(h)?.confirm == .removeWebhook(Self.discord))
        #expect(Screen(h.state).inSheet("Remove webhook #1 (discord.com/api/webhooks/11/abc)?"))
        h.key(.char("y"))
        await h.settle()
        let removed = await h.fake.calls(to: Endpoints.Webhooks.deleteWebhook).map(\.address)
        #expect(removed == [At.Webhook(Demo.nerds, hook: 1).raw])
    }

    @Test func theFormsChecksInWords() {
        func form(_ url: String, _ format: String = "", _ kinds: String = "") -> FormFields {
            var f = CommissionerInputs.webhookForm()
            for (i, t) in [url, format, kinds].enumerated() { f.fields[i].value = TextFieldState(text: t, maxLength: 500) }
            return f
        }
        func refusal(_ f: FormFields) -> String? { if case .failure(let r) = CommissionerInputs.webhook(f) { r.message } else { nil } }
        #expect(refusal(form("")) == "A webhook needs a URL (https://…)")
        #expect(refusal(form("https://example.org/h")) == "Format is discord, slack or json", "no format, and the URL doesn't say one")
        #expect(refusal(form("https://example.org/h", "xml")) == "Format is discord, slack or json (not \"xml\")")
        if case .success(let v) = CommissionerInputs.webhook(form("https://hooks.slack.com/services/T/B/x")) {
            #expect(v.format == .slack && v.kinds == ActivityKind.allCases, "empty kinds are all of them")
        } else { Issue.record("a Slack URL with nothing else is a whole hook") }
        if case .success(let v) = CommissionerInputs.webhook(form("https://example.org/h", "JSON", "results results closeGames")) {
            #expect(v.format == .json && v.kinds == [.results, .closeGames])
        } else { Issue.record("kinds are read case-blind, once each") }
    }

    @Test func rendersAt60x16WithEveryTabOnScreen() async {
        let h = await Self.onTab(size: Size(width: 60, height: 16))
        let s = Screen(h.state)
        #expect(s.inSheet("5 Hooks"), "\(s.text)")
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        #expect(s.lines.contains { $0.contains("discord.com/api/w") }, "\(s.text)")
    }
}
