import Foundation
import ClubhouseDomain
import Terminal

/// Creating a league, or changing a league's settings before its draft.
public enum LeagueFormMode: Hashable, Sendable {
    case create
    case edit(LeagueID)
}

/// One row of the league form.
public enum LeagueFormField: Hashable, Sendable {
    case name
    /// The creator's own team (create only; "Team 1" when left empty).
    case teamName
    /// The NFL season the league plays (create only): the seasons the database holds, the newest by default.
    case season
    case visibility, teams
    case slot(Slot)
    /// Which injury statuses IR takes: OUT and IR, or Doubtful too (`irAllowsDoubtful`; shown with IR places only).
    case irDoubtful
    case scoring, draftType, pickClock
    /// An auction's rows (draft type auction, in place of the pick clock): each team's budget, the minimum (opening)
    /// bid, the least raise, the nomination clock, the bidding clock and what a late bid resets it to.
    case auctionBudget, auctionMinBid, auctionIncrement, nominationClock, bidClock, bidResetClock
    case waiverType, faabBudget, waiverPeriod
    case playoffTeams
    /// Issue 47's formats: week bonuses (none or the example set), the decimals points are kept to, divisions, the median game.
    case bonuses, decimals, divisions, medianGame
    /// The points of the league's bonus at this index (one row each under Bonuses, while there are any).
    case bonusPoints(Int)
    /// Trades: review (none, commissioner, vote), its hours, the deadline week, picks tradeable, how long an offer waits.
    case tradeReview, tradeReviewHours, tradeDeadline, tradePicks, tradeExpiry
    /// What a renewal carries (redraft, keeper), and a keeper league's rules: players kept; what a keeper costs follows the
    /// draft — a round (rounds a year kept costs, the undrafted round), or with an auction draft a price (the dollars a
    /// year kept adds); the seasons-in-a-row limit, the hours before the draft keepers are due; the seasons ahead whose
    /// picks trade (a draft in turns only).
    case leagueType, keeperCount, keeperPenalty, undraftedKeeperRound, keeperAuctionRaise, maxKeeperYears, keeperDeadline, futurePicks
    case rookieRounds, taxiSlots, taxiYears
    /// "Create league" / "Save settings".
    case submit

    /// Rows that hold text (typing there edits them).
    var isText: Bool { self == .name || self == .teamName }

    /// Names the row in the form component across rebuilds.
    var id: String {
        if case .slot(let s) = self { return "slot.\(s.rawValue)" }
        if case .bonusPoints(let i) = self { return "bonus.\(i)" }
        return "\(self)"
    }

    /// The section it is listed under.
    var section: String {
        switch self {
        case .name, .teamName, .season, .visibility, .teams: "League"
        case .slot, .irDoubtful: "Roster"
        case .scoring, .bonuses, .bonusPoints, .decimals: "Scoring"
        case .draftType, .pickClock, .auctionBudget, .auctionMinBid, .auctionIncrement, .nominationClock, .bidClock, .bidResetClock: "Draft"
        case .waiverType, .faabBudget, .waiverPeriod: "Waivers"
        case .playoffTeams, .divisions, .medianGame: "Playoffs"
        case .tradeReview, .tradeReviewHours, .tradeDeadline, .tradePicks, .tradeExpiry: "Trades"
        case .leagueType, .keeperCount, .keeperPenalty, .undraftedKeeperRound, .keeperAuctionRaise, .maxKeeperYears, .keeperDeadline, .futurePicks,
             .rookieRounds, .taxiSlots, .taxiYears:
            "Next season"
        case .submit: ""
        }
    }

    var label: String {
        switch self {
        case .name: "Name"
        case .teamName: "Your team"
        case .season: "Season"
        case .visibility: "Visibility"
        case .teams: "Teams"
        case .slot(let s): s == .bench ? "Bench" : s.rawValue
        case .irDoubtful: "IR takes"
        case .scoring: "Preset"
        case .draftType: "Type"
        case .pickClock: "Pick clock"
        case .auctionBudget: "Budget"
        case .auctionMinBid: "Minimum bid"
        case .auctionIncrement: "Bid increment"
        case .nominationClock: "Nomination"
        case .bidClock: "Bidding clock"
        case .bidResetClock: "Late-bid reset"
        case .waiverType: "Type"
        case .faabBudget: "FAAB budget"
        case .waiverPeriod: "Waiver period"
        case .playoffTeams: "Teams"
        case .bonuses: "Bonuses"
        case .bonusPoints: "  bonus"
        case .decimals: "Decimals"
        case .divisions: "Divisions"
        case .medianGame: "Median game"
        case .tradeReview: "Review"
        case .tradeReviewHours: "Review period"
        case .tradeDeadline: "Deadline"
        case .tradePicks: "Draft picks"
        case .tradeExpiry: "Offers wait"
        case .leagueType: "League type"
        case .keeperCount: "Keepers"
        case .keeperPenalty: "Cost per year"
        case .undraftedKeeperRound: "Undrafted cost"
        case .keeperAuctionRaise: "Raise per year"
        case .maxKeeperYears: "Kept at most"
        case .keeperDeadline: "Keepers due"
        case .futurePicks: "Future picks"
        case .rookieRounds: "Rookie rounds"
        case .taxiSlots: "Taxi squad"
        case .taxiYears: "Taxi years"
        case .submit: ""
        }
    }

    /// The field a server-side `DomainError.validation(field:)` names.
    static func named(_ serverField: String) -> LeagueFormField? {
        switch serverField {
        case "name": .name
        case "teamName": .teamName
        case "season": .season
        case "teamCount": .teams
        case "pickClock": .pickClock
        case "auctionBudget": .auctionBudget
        case "auctionMinBid": .auctionMinBid
        case "auctionIncrement": .auctionIncrement
        case "nominationSeconds": .nominationClock
        case "bidSeconds": .bidClock
        case "bidResetSeconds": .bidResetClock
        case "playoffTeams": .playoffTeams
        case "divisions": .divisions
        case "decimals": .decimals
        case let f where f.hasPrefix("bonuses"): .bonuses
        case "roster", "positionMaxima": .slot(.qb)
        case "irAllowsDoubtful": .irDoubtful
        case "faabBudget": .faabBudget
        case "waiverPeriodDays": .waiverPeriod
        case "tradeReviewHours": .tradeReviewHours
        case "tradeDeadlineWeek": .tradeDeadline
        case "tradeExpiryDays": .tradeExpiry
        case "leagueType", "keeperCost": .leagueType
        case "keeperCount": .keeperCount
        case "keeperRoundPenalty": .keeperPenalty
        case "undraftedKeeperRound": .undraftedKeeperRound
        case "keeperAuctionRaise": .keeperAuctionRaise
        case "maxKeeperYears": .maxKeeperYears
        case "keeperDeadlineHours": .keeperDeadline
        case "futurePickSeasons": .futurePicks
        case "rookieDraftRounds": .rookieRounds
        case "taxiSlots": .taxiSlots
        case "taxiMaxYears": .taxiYears
        case "regularSeasonWeeks", "playoffWeeks": .playoffTeams
        case let f where f.hasPrefix("scoring"): .scoring
        default: nil
        }
    }
}

/// The values the form edits: a league's name and visibility (create only) and its `LeagueSettings`.
public struct LeagueForm: Hashable, Sendable {
    public var name = TextFieldState(maxLength: LeagueForm.nameLength.upperBound)
    public var teamName = TextFieldState(maxLength: LeagueForm.nameLength.upperBound)
    public var isPublic = true
    public var settings = LeagueSettings()
    /// The seasons a league can play (a schedule stored), oldest first; empty until loaded.
    public var seasons: [SeasonInfo] = []
    /// The season chosen; nil: the newest stored (the server's default).
    public var season: Int?
    /// Real time when the seasons were loaded: a season still under way is played live.
    public var now = Date.distantPast

    public init() {}
    public init(settings: LeagueSettings) { self.settings = settings }

    public static let nameLength = TextRules.nameLength
    public static let slotCounts: [Slot: ClosedRange<Int>] = [.qb: 0...3, .rb: 0...5, .wr: 0...5, .te: 0...3, .flex: 0...4, .k: 0...2, .def: 0...2,
                                                             .bench: 0...15, .ir: 0...4]
    public static let faabBudgets = 0...1_000
    public static let faabStep = 10
    public static let waiverPeriods = 1...7
    /// Takes the seasons the database holds: the playable ones, the newest chosen unless one was.
    public mutating func setSeasons(_ all: [SeasonInfo], now: Date) {
        seasons = all.filter(\.isPlayable)
        self.now = now
        if season.map({ s in !seasons.contains { $0.season == s } }) ?? true { season = seasons.last?.season }
    }

    /// The chosen season's facts, when loaded.
    public var chosenSeason: SeasonInfo? { seasons.first { $0.season == season } }

    /// Once the draft has started only the trade settings may change (the server refuses the rest).
    public var tradesOnly = false

    /// The fields in order; the FAAB budget only with FAAB waivers, name and visibility only when creating, the
    /// review period only with a review; after the draft, the trade settings alone.
    public func fields(_ mode: LeagueFormMode) -> [LeagueFormField] {
        var trades: [LeagueFormField] = [.tradeReview]
        if settings.tradeReview != .noReview { trades.append(.tradeReviewHours) }
        trades += [.tradeDeadline, .tradePicks, .tradeExpiry]
        // The keeper rules decide the next season: they may change until the league is renewed.
        if settings.leagueType == .keeper {
            let cost: [LeagueFormField] = settings.keeperCost == .auction ? [.keeperAuctionRaise] : [.keeperPenalty, .undraftedKeeperRound]
            trades += [.leagueType, .keeperCount] + cost + [.maxKeeperYears, .keeperDeadline]
            if settings.draftType != .auction { trades.append(.futurePicks) }
        } else if settings.leagueType == .dynasty {
            // Every roster carries over: the next season drafts rookies, and young players may sit on a taxi squad.
            trades += [.leagueType, .rookieRounds] + (settings.draftType != .auction ? [.futurePicks] : [])
            trades += settings.taxiSlots > 0 ? [.taxiSlots, .taxiYears] : [.taxiSlots]
        } else {
            trades.append(.leagueType)
        }
        if tradesOnly && mode != .create { return trades + [.submit] }
        var f: [LeagueFormField] = mode == .create ? [.name, .teamName, .season, .visibility, .teams] : [.teams]
        f += Slot.rosterSlots.map(LeagueFormField.slot)
        if (settings.rosterSlots[.ir] ?? 0) > 0 { f.append(.irDoubtful) }
        f += [.scoring, .bonuses] + settings.bonuses.indices.map(LeagueFormField.bonusPoints) + [.decimals, .draftType]
        // An auction's clocks and money in place of the snake's pick clock.
        f += settings.draftType == .auction ? [.auctionBudget, .auctionMinBid, .auctionIncrement, .nominationClock, .bidClock, .bidResetClock] : [.pickClock]
        f.append(.waiverType)
        if settings.waiverType == .faab { f.append(.faabBudget) }
        f += [.waiverPeriod, .playoffTeams, .divisions, .medianGame] + trades + [.submit]
        return f
    }

    static let reviewHours = [0, 12, 24, 48, 72, 168]
    /// A bonus's points, stepped with ←/→.
    static let bonusPoints: [Points] = (0...12).map { Points(hundredths: $0 * 100) }
    static let keeperDeadlines = [0, 12, 24, 48, 72, 168, 336]
    /// The auction budget's step (its limits are the domain's, `LeagueSettings.Limits.auctionBudget`).
    public static let auctionBudgetStep = 10
    /// The clocks' steps, in seconds (within the domain's limits; a stored value off these steps is kept among them).
    static let nominationClocks = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300]
    static let bidClocks = [5, 10, 15, 20, 30, 45, 60, 90, 120]
    static let bidResetClocks = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120]

    /// `all` with `value` among them (a stored value off the steps), in order.
    static func steps(_ all: [Int], keeping value: Int) -> [Int] { all.contains(value) ? all : (all + [value]).sorted() }

    /// True for fields ←/→ change.
    static func isChoice(_ f: LeagueFormField) -> Bool { !f.isText && f != .submit }

    /// The text of a text row.
    public func text(_ f: LeagueFormField) -> TextFieldState { f == .teamName ? teamName : name }
    /// Edits the text of a text row.
    public mutating func editText(_ f: LeagueFormField, _ body: (inout TextFieldState) -> Void) {
        if f == .teamName { body(&teamName) } else { body(&name) }
    }

    /// Steps `field` by `delta` (−1/+1), stopping at its limits. Returns false when already at the limit.
    @discardableResult
    public mutating func step(_ field: LeagueFormField, by delta: Int) -> Bool {
        let before = self
        switch field {
        case .name, .teamName, .submit: return false
        case .season:
            guard !seasons.isEmpty else { return false }
            season = Self.stepped(season ?? seasons.last!.season, in: seasons.map(\.season), by: delta)
        case .visibility: isPublic.toggle()
        case .teams:
            settings.teamCount = clamp(settings.teamCount + delta, LeagueSettings.allowedTeamCounts)
            if settings.playoffTeams > settings.teamCount {
                setPlayoffTeams(LeagueSettings.allowedPlayoffTeams.last { $0 <= settings.teamCount } ?? 2)
            }
        case .slot(let s):
            settings.rosterSlots[s] = clamp((settings.rosterSlots[s] ?? 0) + delta, Self.slotCounts[s] ?? 0...5)
        case .scoring:
            let all = ScoringPreset.allCases
            let i = clamp((all.firstIndex(of: settings.scoring.preset) ?? 1) + delta, 0...(all.count - 1))
            if all[i] != settings.scoring.preset { settings.scoring = Self.preset(all[i], keepingFormatsOf: settings.scoring) }
        case .bonuses:
            // None, or the example set (a custom list sent by another client is kept until stepped away from).
            let choices: [[ScoringBonus]] = [[], ScoringBonus.yardageAndLongPlays]
            settings.bonuses = Self.stepped(settings.bonuses, in: choices.contains(settings.bonuses) ? choices : [[], settings.bonuses, ScoringBonus.yardageAndLongPlays],
                                            by: delta)
        case .bonusPoints(let i):
            // Whole points, 0 to 12 (0 leaves the bonus listed, worth nothing); a stored value off the steps is kept.
            guard settings.bonuses.indices.contains(i) else { return false }
            let now = settings.bonuses[i].points
            let steps = Self.bonusPoints.contains(now) ? Self.bonusPoints : (Self.bonusPoints + [now]).sorted()
            settings.bonuses[i].points = Self.stepped(now, in: steps, by: delta)
        case .decimals: settings.decimals = Self.stepped(settings.decimals, in: Self.decimalChoices, by: delta)
        case .divisions:
            let allowed = [0, 2, 3, 4].filter { $0 * 2 <= settings.teamCount && $0 <= settings.playoffTeams }
            settings.divisions = Self.stepped(settings.divisions, in: allowed.contains(settings.divisions) ? allowed : allowed + [settings.divisions], by: delta)
        case .medianGame: settings.medianGame.toggle()
        case .irDoubtful: settings.irAllowsDoubtful.toggle()
        case .draftType:
            settings.draftType = Self.stepped(settings.draftType, in: DraftType.allCases, by: delta)
            keeperCostFollowsTheDraft()
        case .pickClock: settings.pickClockSeconds = Self.stepped(settings.pickClockSeconds, in: LeagueSettings.allowedPickClocks, by: delta)
        case .auctionBudget:
            // Steps of $10 on the tens ($200 → $210, $205 → $210 or $200), within the limits.
            let b = settings.auctionBudget, step = Self.auctionBudgetStep
            let next = delta > 0 ? (b / step + 1) * step : ((b + step - 1) / step - 1) * step
            settings.auctionBudget = clamp(next, LeagueSettings.Limits.auctionBudget)
        case .auctionMinBid: settings.auctionMinBid = clamp(settings.auctionMinBid + delta, LeagueSettings.Limits.auctionMinBid)
        case .auctionIncrement: settings.auctionIncrement = clamp(settings.auctionIncrement + delta, LeagueSettings.Limits.auctionIncrement)
        case .nominationClock:
            settings.nominationSeconds = Self.stepped(settings.nominationSeconds, in: Self.steps(Self.nominationClocks, keeping: settings.nominationSeconds), by: delta)
        case .bidClock:
            settings.bidSeconds = Self.stepped(settings.bidSeconds, in: Self.steps(Self.bidClocks, keeping: settings.bidSeconds), by: delta)
            // A late bid's reset is at most the bidding clock: it follows the clock down (and back up to 10 s).
            settings.bidResetSeconds = min(max(settings.bidResetSeconds, min(10, settings.bidSeconds)), settings.bidSeconds)
        case .bidResetClock:
            let allowed = Self.steps(Self.bidResetClocks, keeping: settings.bidResetSeconds).filter { $0 <= settings.bidSeconds }
            settings.bidResetSeconds = Self.stepped(settings.bidResetSeconds, in: allowed.isEmpty ? [settings.bidSeconds] : allowed, by: delta)
        case .waiverType: settings.waiverType = Self.stepped(settings.waiverType, in: WaiverType.allCases, by: delta)
        case .faabBudget: settings.faabBudget = clamp(settings.faabBudget + delta * Self.faabStep, Self.faabBudgets)
        case .waiverPeriod: settings.waiverPeriodDays = clamp(settings.waiverPeriodDays + delta, Self.waiverPeriods)
        case .playoffTeams:
            let allowed = LeagueSettings.allowedPlayoffTeams.filter { $0 <= settings.teamCount }
            setPlayoffTeams(Self.stepped(settings.playoffTeams, in: allowed.isEmpty ? [2] : allowed, by: delta))
        case .tradeReview: settings.tradeReview = Self.stepped(settings.tradeReview, in: TradeReview.allCases, by: delta)
        case .tradeReviewHours:
            let hours = Self.reviewHours.contains(settings.tradeReviewHours) ? Self.reviewHours : (Self.reviewHours + [settings.tradeReviewHours]).sorted()
            settings.tradeReviewHours = Self.stepped(settings.tradeReviewHours, in: hours, by: delta)
        case .tradeDeadline: settings.tradeDeadlineWeek = clamp(settings.tradeDeadlineWeek + delta, LeagueSettings.Limits.weeks)
        case .tradePicks: settings.tradePicks.toggle()
        case .tradeExpiry: settings.tradeExpiryDays = clamp(settings.tradeExpiryDays + delta, LeagueSettings.Limits.tradeExpiryDays)
        case .leagueType:
            settings.leagueType = Self.stepped(settings.leagueType, in: [.redraft, .keeper, .dynasty], by: delta)
            keeperCostFollowsTheDraft()
        case .keeperCount: settings.keeperCount = clamp(settings.keeperCount + delta, LeagueSettings.Limits.keeperCount)
        case .keeperAuctionRaise: settings.keeperAuctionRaise = clamp(settings.keeperAuctionRaise + delta, LeagueSettings.Limits.keeperAuctionRaise)
        case .keeperPenalty: settings.keeperRoundPenalty = clamp(settings.keeperRoundPenalty + delta, LeagueSettings.Limits.keeperRoundPenalty)
        case .undraftedKeeperRound:
            settings.undraftedKeeperRound = clamp(settings.undraftedKeeperRound + delta, 1...max(1, settings.draftRounds))
        case .maxKeeperYears: settings.maxKeeperYears = clamp(settings.maxKeeperYears + delta, LeagueSettings.Limits.maxKeeperYears)
        case .keeperDeadline:
            settings.keeperDeadlineHours = Self.stepped(settings.keeperDeadlineHours, in: Self.steps(Self.keeperDeadlines, keeping: settings.keeperDeadlineHours), by: delta)
        case .futurePicks: settings.futurePickSeasons = clamp(settings.futurePickSeasons + delta, LeagueSettings.Limits.futurePickSeasons)
        case .rookieRounds: settings.rookieDraftRounds = clamp(settings.rookieDraftRounds + delta, LeagueSettings.Limits.rookieDraftRounds)
        case .taxiSlots: settings.taxiSlots = clamp(settings.taxiSlots + delta, LeagueSettings.Limits.taxiSlots)
        case .taxiYears: settings.taxiMaxYears = clamp(settings.taxiMaxYears + delta, LeagueSettings.Limits.taxiMaxYears)
        }
        return self != before
    }

    /// Where the repair of stored settings that need the commissioner starts: what this form can't edit (the season's
    /// weeks, position limits, scoring values) goes back to the defaults when it is what's wrong, so saving the form
    /// can fix any stored settings; what it can edit stays for the commissioner to change.
    public static func repairable(_ stored: LeagueSettings) -> LeagueSettings {
        var s = stored
        for _ in 0..<4 {
            do throws(DomainError) { try s.validate(); break } catch {
                guard case .validation(let field, _) = error else { break }
                switch field {
                case "regularSeasonWeeks", "playoffWeeks":
                    s.regularSeasonWeeks = LeagueSettings().regularSeasonWeeks
                    let first = s.regularSeasonWeeks.upperBound + 1
                    s.playoffWeeks = first...(first + max(1, s.playoffTeams / 2) - 1)
                case "positionMaxima": s.positionMaxima = LeagueSettings().positionMaxima
                case let f where f.hasPrefix("scoring"): s.scoring = Self.preset(s.scoring.preset, keepingFormatsOf: s.scoring)
                case let f where f.hasPrefix("bonuses"): s.bonuses = []
                case "divisions": s.divisions = 0
                case "decimals": s.decimals = nil
                default: return s
                }
            }
        }
        return s
    }

    /// A keeper league's keepers cost what its draft sells: a price at an auction, a round in a draft in turns (the
    /// server refuses any other pair).
    private mutating func keeperCostFollowsTheDraft() {
        // Future picks need a league that lives on and a draft in turns (the server refuses them otherwise).
        if settings.leagueType == .redraft || settings.draftType == .auction, settings.futurePickSeasons > 0 { settings.futurePickSeasons = 0 }
        if settings.leagueType == .redraft { settings.taxiSlots = 0 }
        guard settings.leagueType == .keeper else { return }
        settings.keeperCost = settings.draftType == .auction ? .auction : .round
    }

    /// None set (exact hundredths, shown to one decimal), then 0, 1 or 2 decimals.
    static let decimalChoices: [Int?] = [nil, 0, 1, 2]

    /// A preset's values with the league's bonuses and decimals kept (they are settings of their own).
    static func preset(_ preset: ScoringPreset, keepingFormatsOf rules: ScoringRules) -> ScoringRules {
        var r = ScoringRules.preset(preset)
        r.bonuses = rules.bonuses; r.decimals = rules.decimals
        return r
    }

    /// Playoff teams and the weeks they take: 2 teams one week, 4 two, 6 three (the top two seeds get a bye), after the regular season.
    mutating func setPlayoffTeams(_ n: Int) {
        guard n != settings.playoffTeams else { return }
        settings.playoffTeams = n
        let first = settings.regularSeasonWeeks.upperBound + 1
        settings.playoffWeeks = first...(first + n / 2 - 1)
    }

    static func stepped<T: Equatable>(_ value: T, in all: [T], by delta: Int) -> T {
        let i = all.firstIndex(of: value) ?? 0
        return all[max(0, min(all.count - 1, i + delta))]
    }

    private func clamp(_ v: Int, _ r: ClosedRange<Int>) -> Int { max(r.lowerBound, min(r.upperBound, v)) }

    /// The name as sent: trimmed.
    public var trimmedName: String { name.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    /// The team name as sent: trimmed, nil when empty ("Team 1").
    public var trimmedTeamName: String? {
        let t = teamName.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }

    /// The first problem the form can see by itself, as the field and a sentence (the server checks again).
    public func problem(_ mode: LeagueFormMode) -> (field: LeagueFormField, message: String)? {
        if mode == .create {
            if trimmedName.isEmpty { return (.name, "Give the league a name (1–40 characters)") }
            // The domain's one rule for names, so the form says what the server would.
            do { _ = try TextRules.name(name.text, field: "name", what: "A league name") } catch { return (.name, error.message) }
            if let team = trimmedTeamName {
                do { _ = try TextRules.name(team, field: "teamName", what: "A team name") } catch { return (.teamName, error.message) }
            }
        }
        do { try settings.validate() } catch let DomainError.validation(field, message) {
            return (LeagueFormField.named(field) ?? .submit, message)
        } catch { return (.submit, "\(error)") }
        return nil
    }

    /// The write a submit sends.
    public func write(_ mode: LeagueFormMode) -> GatedWrite {
        switch mode {
        case .create:
            .createLeague(NewLeague(name: trimmedName, settings: settings, isPublic: isPublic, teamName: trimmedTeamName, season: season))
        case .edit(let id):
            .commissioner(.updateSettings(league: id, settings: settings))
        }
    }
}
