import Foundation
import ClubhouseDomain
import Terminal

/// The league's settings, read-only; `E` opens the form to change them (the commissioner, before the draft; saving
/// goes through sign-in when signed out), `c` the scoring rules.
public enum LeagueSettingsFeature: LeagueDetailPage {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case detail(LeagueID) }

    public static func title(_ state: State) -> String { "League settings" }
    public static func page(_ state: State) -> Page { .leagueSettings(state.id) }
    public static func detailEffect(_ id: LeagueID) -> TaskID { TaskID(EffectID.detail(id)) }
    public static func rowCount(_ detail: LeagueDetail) -> Int { rows(detail).count }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.char("c")], .opened(.scoringRules(state.id)), label: "scoring rules", group: "League settings", footer: true)]
               + ListKeys.bindings(Action.list) + [
            KeyBinding([.char("E")], .opened(.leagueForm(.edit(state.id))), label: tradesOnly(state) ? "edit trade settings" : "edit settings", group: "League settings", footer: true,
                       enabledWhen: editBlocked(state) == nil, disabledReason: editBlocked(state)),
            PageKeys.retry(.retry),
        ])
    }

    /// Why `E` can't be used, or nil: settings lock once the draft starts — unless the stored ones need the commissioner,
    /// who repairs them here — and only the commissioner changes them (signed out, `E` is offered: saving asks for sign-in).
    /// After the draft only the trade settings may change (the form shows those alone).
    static func tradesOnly(_ state: State) -> Bool {
        guard let d = state.detail.value else { return false }
        return d.league.state != .predraft && d.league.needsCommissioner?.part != .settings
    }

    static func editBlocked(_ state: State) -> String? {
        guard let d = state.detail.value else { return "the league is still loading" }
        if d.league.state == .complete { return "The season is over: its settings stay as they were" }
        if d.capabilities.signedIn, !d.capabilities.isCommissioner { return "Only the commissioner can change settings" }
        return nil
    }

    static func rows(_ d: LeagueDetail) -> [[String]] {
        let s = d.league.settings
        let slots = Slot.allCases.compactMap { slot in s.rosterSlots[slot].flatMap { $0 > 0 ? "\(slot.rawValue) \($0)" : nil } }.joined(separator: " · ")
        let maxima = Position.allCases.compactMap { p in s.positionMaxima[p].map { "\(p.rawValue) \($0)" } }.joined(separator: " · ")
        return [
            ["Visibility", d.league.isPublic ? "public" : "private"],
            ["Teams", "\(s.teamCount)"],
            ["Roster", "\(slots)  (\(s.rosterSize) players)"],
            ["Position limits", maxima],
        ] + ((s.rosterSlots[.ir] ?? 0) > 0 ? [
            ["IR", "players who are \(InjuredReserveRules.eligibleWords(allowingDoubtful: s.irAllowsDoubtful)); one no longer so blocks adds"],
        ] : []) + [
            ["Scoring", s.scoring.preset.rawValue],
            ["Draft", s.draftType == .auction ? "auction, \(s.draftRounds) spots a team" : "\(s.draftType.rawValue), \(s.draftRounds) rounds"],
        ] + (s.draftType == .auction ? [
            ["Auction", "$\(s.auctionBudget) budgets · $\(s.auctionMinBid) minimum bid · raise by $\(s.auctionIncrement)"],
            ["Auction clocks", "\(s.nominationSeconds) s to nominate · \(s.bidSeconds) s to bid · a late bid resets to \(s.bidResetSeconds) s"],
        ] : [
            ["Pick clock", s.pickClockSeconds.map { "\($0) s" } ?? "none (soft timer)"],
        ]) + [
            ["Waivers", s.waiverType == .faab ? "FAAB, $\(s.faabBudget) budget" : "rolling priority"],
            ["Waiver period", "\(s.waiverPeriodDays) days"],
            ["Regular season", "weeks \(s.regularSeasonWeeks.lowerBound)–\(s.regularSeasonWeeks.upperBound)"],
            ["Playoffs", "\(s.playoffTeams) teams, weeks \(s.playoffWeeks.lowerBound)–\(s.playoffWeeks.upperBound)"],
            ["Trades", (s.tradeReview == .noReview ? "no review" : "\(s.tradeReview == .vote ? "league vote" : "commissioner review"), \(s.tradeReviewHours) h")
                + " · deadline week \(s.tradeDeadlineWeek) · picks \(s.tradePicks ? "tradeable" : "not traded") · offers wait \(s.tradeExpiryDays) days"],
        ] + nextSeason(s) + [
            ["Commissioner", d.commissionerName ?? "—"],
        ]
    }

    /// What a renewal carries: a redraft league's members and settings, or a keeper league's keepers with their cost —
    /// a round, or in an auction league a price out of the budget.
    static func nextSeason(_ s: LeagueSettings) -> [[String]] {
        if s.leagueType == .dynasty {
            let taxi = s.taxiSlots == 0 ? "no taxi squad" : "taxi squad of \(s.taxiSlots) (first \(s.taxiMaxYears == 1 ? "season" : "\(s.taxiMaxYears) seasons"))"
            return [["Next season", "dynasty · every roster carries over · a \(s.rookieDraftRounds)-round rookie draft, worst team first · \(taxi)"]]
                + (s.futurePickSeasons == 0 ? [] : [["Future picks", "\(LeagueForm.futurePicks(s.futurePickSeasons)) picks trade"]])
        }
        guard s.leagueType == .keeper else { return [["Next season", "\(s.leagueType.rawValue) · members and settings carry over"]] }
        let years = s.maxKeeperYears == 0 ? "no limit on seasons kept" : "kept \(s.maxKeeperYears) season\(s.maxKeeperYears == 1 ? "" : "s") in a row at most"
        let cost = s.keeperCost == .auction
            ? "last price + $\(s.keeperAuctionRaise) a year kept (unbought: $\(s.auctionMinBid) + $\(s.keeperAuctionRaise)), out of the budget"
            : "drafted round − \(s.keeperRoundPenalty) a year kept (undrafted: round \(s.undraftedKeeperRound))"
        return [["Next season", "keeper · \(s.keeperCount) player\(s.keeperCount == 1 ? "" : "s") a team · due \(s.keeperDeadlineHours) h before the draft"],
                ["Keeper cost", "\(cost) · \(years)"]]
            + (s.futurePickSeasons == 0 ? [] : [["Future picks", "\(LeagueForm.futurePicks(s.futurePickSeasons)) picks trade"]])
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let d = LoadView.render(state.detail.load, what: "league settings", empty: "No settings.",
                                      in: area, buffer: &buffer, context: context) else { return }
        DataTable(columns: [DataColumn("Setting", .length(16)), DataColumn("Value", .fill(1))], rows: rows(d),
                  roles: rows(d).map { _ in [.dim, nil] }, selected: state.list.selected, offset: state.list.offset, context: context)
            .render(in: area.inset(horizontal: 1), buffer: &buffer)
    }
}
