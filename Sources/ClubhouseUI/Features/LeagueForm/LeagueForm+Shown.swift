import Foundation
import ClubhouseDomain
import Terminal

/// What the form shows for its values: the rows, each value in words, and each field's limit or help.
extension LeagueForm {
    /// The rows the form component shows for these values: the names as text, the settings as values stepped with ←/→,
    /// the submit button last (its help says whether there is anything to save).
    func rows(_ mode: LeagueFormMode, isDirty: Bool) -> [FormFields.Field] {
        fields(mode).map { f in
            switch f {
            case .name, .teamName:
                return FormFields.Field(f.label, id: f.id, value: text(f), placeholder: f == .name ? "type a name" : "Team 1",
                                        section: f.section, help: help(f))
            case .submit:
                return FormFields.Field(button: mode == .create ? "Create league" : "Save settings", id: f.id,
                                        help: isDirty || mode == .create ? "Enter or ctrl-s" : "nothing changed yet")
            default:
                let section = f.section == "Roster"
                    ? "Roster · \(settings.rosterSize) players, " + (settings.draftType == .auction ? "\(settings.draftRounds) bought at auction" : "\(settings.draftRounds) draft rounds")
                    : f.section
                // A bonus's row is named by its bonus ("100–199 rushing yards").
                let label = if case .bonusPoints(let i) = f, let b = settings.bonuses[safe: i] { "  " + Self.shortLabel(b) } else { f.label }
                return FormFields.Field(choice: label, id: f.id, shown: value(f), section: section, help: help(f))
            }
        }
    }

    /// The value as shown ("10", "Half-PPR", "90 s").
    func value(_ field: LeagueFormField) -> String {
        let s = settings
        switch field {
        case .name: return name.text
        case .teamName: return teamName.text
        case .season:
            guard let s = chosenSeason else { return season.map(String.init) ?? "the newest stored" }
            return "\(s.season) · " + (s.isCurrent(at: now) ? "live" : "replay")
        case .visibility: return isPublic ? "public" : "private"
        case .teams: return "\(s.teamCount)"
        case .slot(let slot): return "\(s.rosterSlots[slot] ?? 0)"
        case .irDoubtful: return s.irAllowsDoubtful ? "Doubtful, OUT, IR" : "OUT, IR"
        case .scoring: return s.scoring.preset.rawValue
        case .draftType: return s.draftType == .thirdRoundReversal ? "3rd-round reversal" : s.draftType.rawValue
        case .pickClock: return s.pickClockSeconds.map { "\($0) s" } ?? "none"
        case .auctionBudget: return "$\(s.auctionBudget)"
        case .auctionMinBid: return "$\(s.auctionMinBid)"
        case .auctionIncrement: return "$\(s.auctionIncrement)"
        case .nominationClock: return "\(s.nominationSeconds) s"
        case .bidClock: return "\(s.bidSeconds) s"
        case .bidResetClock: return "\(s.bidResetSeconds) s"
        case .waiverType: return s.waiverType == .faab ? "FAAB" : "rolling"
        case .faabBudget: return "$\(s.faabBudget)"
        case .waiverPeriod: return "\(s.waiverPeriodDays) day\(s.waiverPeriodDays == 1 ? "" : "s")"
        case .playoffTeams: return "\(s.playoffTeams)"
        case .bonuses:
            return s.bonuses.isEmpty ? "none" : s.bonuses == ScoringBonus.yardageAndLongPlays ? "yards + long TD" : "\(s.bonuses.count) custom"
        case .bonusPoints(let i): return s.bonuses[safe: i].map { $0.points == .zero ? "off (+0)" : "+" + $0.points.shown($0.points.hundredths % 100 == 0 ? 0 : 2) } ?? ""
        case .decimals: return s.decimals.map { "\($0)" } ?? "not rounded"
        case .divisions: return s.divisions == 0 ? "none" : "\(s.divisions)"
        case .medianGame: return s.medianGame ? "on" : "off"
        case .tradeReview: return s.tradeReview == .vote ? "league vote" : s.tradeReview.rawValue
        case .tradeReviewHours: return "\(s.tradeReviewHours) h"
        case .tradeDeadline: return "week \(s.tradeDeadlineWeek)"
        case .tradePicks: return s.tradePicks ? "tradeable" : "not traded"
        case .tradeExpiry: return "\(s.tradeExpiryDays) day\(s.tradeExpiryDays == 1 ? "" : "s")"
        case .leagueType: return s.leagueType.rawValue
        case .keeperCount: return "\(s.keeperCount) a team"
        case .keeperAuctionRaise: return "+$\(s.keeperAuctionRaise) a year"
        case .keeperPenalty: return "\(s.keeperRoundPenalty) round\(s.keeperRoundPenalty == 1 ? "" : "s") earlier"
        case .undraftedKeeperRound: return "round \(s.undraftedKeeperRound)"
        case .maxKeeperYears: return s.maxKeeperYears == 0 ? "no limit" : "\(s.maxKeeperYears) season\(s.maxKeeperYears == 1 ? "" : "s")"
        case .keeperDeadline: return "\(s.keeperDeadlineHours) h before the draft"
        case .futurePicks: return Self.futurePicks(s.futurePickSeasons)
        case .rookieRounds: return "\(s.rookieDraftRounds) round\(s.rookieDraftRounds == 1 ? "" : "s")"
        case .taxiSlots: return s.taxiSlots == 0 ? "none" : "\(s.taxiSlots) place\(s.taxiSlots == 1 ? "" : "s")"
        case .taxiYears: return s.taxiMaxYears == 1 ? "first season" : "first \(s.taxiMaxYears) seasons"
        case .submit: return ""
        }
    }

    /// The field's limit or help, one line.
    func help(_ field: LeagueFormField) -> String {
        let s = settings
        switch field {
        case .name: return "1–40 characters · type to edit"
        case .teamName: return "optional · “Team 1” when empty"
        case .season:
            guard let s = chosenSeason else { return seasons.isEmpty && now == .distantPast ? "loading the seasons stored…" : "none stored: clubhouse season fetch YEAR" }
            let others = seasons.count > 1 ? "\(seasons.first!.season)–\(seasons.last!.season) stored" : "the one season stored"
            return s.isCurrent(at: now) ? "\(others) · the season under way: real time, real kickoffs"
                : "\(others) · replayed on the league's own clock, from before the opener"
        case .visibility: return isPublic ? "anyone can find it and ask to join" : "only people with an invite code can join"
        case .teams: return "\(Self.span(LeagueSettings.allowedTeamCounts)) · odd counts give one bye a week"
        case .slot(let slot):
            let r = Self.slotCounts[slot] ?? 0...5
            let base = Self.span(r)
            let what: String = switch slot {
            case .flex: "RB/WR/TE"
            case .bench: "bench"
            case .ir: "injured reserve"
            case .taxi: "taxi squad"
            default: "starters"
            }
            return "\(base) · \(what)" + (slot == .ir ? ", not drafted" : "")
        case .irDoubtful:
            return (s.irAllowsDoubtful ? "Doubtful too, or OUT and IR only" : "OUT and IR only, or Doubtful too") + " · one no longer eligible blocks adds"
        case .scoring: return "a catch scores 0, 0.5 or 1 point"
        case .draftType:
            switch s.draftType {
            case .snake: return "order reverses every round"
            case .linear: return "same order every round"
            case .thirdRoundReversal: return "snake; round 3 repeats round 2"
            case .auction:
                return "$\(s.auctionBudget) each, $\(s.auctionMinBid) minimum bid · \(s.nominationSeconds) s to nominate, \(s.bidSeconds) s to bid, \(s.bidResetSeconds) s after a late bid"
            }
        case .pickClock: return s.pickClockSeconds == nil ? "none: a soft timer, expiry does nothing" : "5 s (lightning) to 300 s, or none · expiry autopicks"
        case .auctionBudget:
            return "each team's, \(Self.span(LeagueSettings.Limits.auctionBudget, "$")), ±$\(Self.auctionBudgetStep) · fills \(s.draftRounds) spots at the minimum bid or more"
        case .auctionMinBid: return "\(Self.span(LeagueSettings.Limits.auctionMinBid, "$")) · the lowest opening bid; each open spot keeps it in reserve"
        case .auctionIncrement: return "\(Self.span(LeagueSettings.Limits.auctionIncrement, "$")) · the least a bid raises the high bid by"
        case .nominationClock: return "\(Self.span(LeagueSettings.Limits.nominationSeconds)) s to put a player up · a missed turn puts one up at the minimum"
        case .bidClock: return "\(Self.span(LeagueSettings.Limits.bidSeconds)) s once a player is up · the highest bid when it ends buys him"
        case .bidResetClock:
            return "1–\(s.bidSeconds) s, at most the bidding clock · a bid with less left resets it to \(s.bidResetSeconds) s"
        case .waiverType: return s.waiverType == .faab ? "blind bids from a season budget" : "by priority; a claim moves you last"
        case .faabBudget: return "$0–$\(Self.faabBudgets.upperBound), ±$\(Self.faabStep) · highest bid wins"
        case .waiverPeriod: return "1–7 days on waivers after a drop"
        case .playoffTeams:
            let w = s.playoffWeeks
            let weeks = w.count == 1 ? "week \(w.lowerBound)" : "weeks \(w.lowerBound)–\(w.upperBound)"
            return "2, 4 or 6 · \(weeks)\(s.playoffTeams == 6 ? " · top two seeds get a bye" : "")"
        case .bonuses:
            return s.bonuses == ScoringBonus.yardageAndLongPlays
                ? "100–199 rush/rec yd +3, 200+ +6, 300+ pass yd +3, TD of 40+ yd +2 · each week"
                : "none, or yardage and long-play bonuses on each week"
        case .bonusPoints(let i):
            guard let b = s.bonuses[safe: i] else { return "" }
            return b.label + (b.kind == .threshold ? ": points for a week in this range · ←/→ 0–12" : ": points for each such touchdown · ←/→ 0–12")
        case .decimals:
            return s.decimals == nil ? "points kept to 0.01, shown to 0.1 · or rounded to 0, 1 or 2 decimals"
                : "each player's week is rounded to it · 0, 1 or 2, or not rounded"
        case .divisions:
            return s.divisions == 0 ? "none, or 2–4 (two teams each at least) · teams dealt by id"
                : "teams dealt by id · each division winner is seeded first, then the rest by record"
        case .medianGame: return "each week every team also plays the week's median score · regular season only"
        case .tradeReview:
            switch s.tradeReview {
            case .noReview: return "an accepted trade executes at once"
            case .commissioner: return "the commissioner may cancel it during the review"
            case .vote: return "a third of the other managers vetoes it · votes are anonymous"
            }
        case .tradeReviewHours: return "then it executes · \(Self.reviewHours.map(String.init).joined(separator: ", ")) h"
        case .tradeDeadline: return "no trade proposed or executed after this NFL week"
        case .tradePicks: return "this season's picks not yet made, before and during the draft"
        case .tradeExpiry: return "1–14 days for an answer, then the offer expires"
        case .leagueType:
            if s.leagueType == .dynasty { return "renewed, every roster carries over whole; the next season drafts rookies" }
            return s.leagueType == .keeper ? "renewed, each team keeps players of its final roster at " + (s.keeperCost == .auction ? "a price out of its auction budget" : "a round's cost")
                : "renewed, members and settings carry over; every player is drafted again"
        case .keeperCount: return "\(Self.span(LeagueSettings.Limits.keeperCount)) of the final roster"
        case .keeperAuctionRaise:
            return "\(Self.span(LeagueSettings.Limits.keeperAuctionRaise, "$")) · a keeper costs his last price plus this a year kept; unbought: $\(s.auctionMinBid) + this"
        case .keeperPenalty: return "0–5 · a keeper costs his drafted round minus this per year kept; round 1 is the floor"
        case .undraftedKeeperRound: return "1–\(s.draftRounds) · what an undrafted (or dropped and re-added) keeper costs"
        case .maxKeeperYears: return "0–20 seasons in a row · 0 for no limit"
        case .keeperDeadline: return "managers declare until then; the commissioner until the draft starts"
        case .futurePicks: return "0–3 · trades may include picks of that many seasons ahead; they land in the renewed season's draft"
        case .rookieRounds: return "\(Self.span(LeagueSettings.Limits.rookieDraftRounds)) · the renewed season's rookie draft: linear, worst team first"
        case .taxiSlots: return "\(Self.span(LeagueSettings.Limits.taxiSlots)) · young players kept off the roster's size, never started"
        case .taxiYears: return "\(Self.span(LeagueSettings.Limits.taxiMaxYears)) · a player's first seasons he may spend on the taxi squad"
        case .submit: return ""
        }
    }

    /// "none", "next season's", "the next 2 seasons'".
    static func futurePicks(_ n: Int) -> String { n == 0 ? "none" : n == 1 ? "next season's" : "the next \(n) seasons'" }

    /// A limit in words: "1–7", or "$1–$10" with `unit` "$".
    static func span(_ r: ClosedRange<Int>, _ unit: String = "") -> String { "\(unit)\(r.lowerBound)–\(unit)\(r.upperBound)" }

    /// A bonus's row name where the label column is narrow: "rush 100–199", "pass 300+", "rec TD 40+".
    static func shortLabel(_ b: ScoringBonus) -> String {
        let stat = b.stat.hasPrefix("rushing") ? "rush" : b.stat.hasPrefix("receiving") ? "rec" : b.stat.hasPrefix("passing") ? "pass" : b.stat
        switch b.kind {
        case .threshold: return "\(stat) \(b.minimum)" + (b.maximum.map { "–\($0)" } ?? "+")
        case .longTouchdown: return "\(stat) TD \(b.minimum)+"
        }
    }
}
