import Foundation

// The range of every league setting (docs/operating.md, “Every number has a range”). `validate()` checks a settings write against them and names the field
// to fix; `clampedToLimits()` brings settings read back from storage (an older version's row, a hand edit) into them
// before any arithmetic is done, so no stored number can overflow a sum, build a billion-week schedule or loop forever.
// Each section checks every count's own range before adding counts together.

extension LeagueSettings {
    /// The limits of each setting, in one place.
    public enum Limits {
        public static let teamCount = 3...16
        /// Places in one starting slot (QB, RB, WR, TE, FLEX, K, DEF).
        public static let startingSlot = 0...10
        public static let benchSlots = 0...20
        public static let irSlots = 0...10
        /// Drafted places in all (every slot but IR) = draft rounds.
        public static let draftedSlots = 1...30
        /// A position's maximum (a position without one has no limit).
        public static let positionMaximum = 0...30
        /// Points per unit of a stat, of a field-goal bucket and of a points-allowed tier: −100 to 100.
        public static let points = Points(hundredths: -10_000)...Points(hundredths: 10_000)
        /// Opponent points a points-allowed tier may start or end at, and how many tiers there may be.
        public static let pointsAllowed = 0...999
        public static let pointsAllowedTierCount = 1...20
        public static let faabBudget = 0...10_000
        public static let waiverPeriodDays = 0...14
        /// The NFL weeks a league's regular season and playoffs may use.
        public static let weeks = 1...18
        /// Hours an accepted trade is in review (0: none, even in a reviewing mode) — up to a week.
        public static let tradeReviewHours = 0...168
        /// Days a proposal waits for its answer.
        public static let tradeExpiryDays = 1...14
        /// An auction budget in dollars, the minimum bid and the increment.
        public static let auctionBudget = 1...10_000
        public static let auctionMinBid = 1...100
        public static let auctionIncrement = 1...100
        /// The auction's clocks in seconds: to nominate, to bid, and what a late bid resets the bidding clock to.
        public static let nominationSeconds = 5...300
        public static let bidSeconds = 5...120
        public static let bidResetSeconds = 1...120
        /// Keepers per team, rounds a year kept costs, the undrafted round, dollars a year kept adds to an auction
        /// keeper's price, seasons a player may be kept (0: no limit), and the hours before the draft keepers are due
        /// (up to two weeks).
        public static let keeperCount = 1...10
        public static let keeperRoundPenalty = 0...5
        public static let undraftedKeeperRound = 1...30
        public static let keeperAuctionRaise = 0...100
        public static let maxKeeperYears = 0...20
        public static let keeperDeadlineHours = 0...336
        /// Seasons ahead whose picks may be traded: a keeper or dynasty league trades next seasons' picks as the platforms do.
        public static let futurePickSeasons = 0...3
        /// A renewed dynasty league's rookie draft rounds, its taxi squad's places, and the seasons a player may be on it.
        public static let rookieDraftRounds = 1...10
        public static let taxiSlots = 0...10
        public static let taxiMaxYears = 1...4

        /// The range of one slot's count.
        public static func slotCount(_ slot: Slot) -> ClosedRange<Int> {
            switch slot {
            case .bench: benchSlots
            case .ir: irSlots
            default: startingSlot
            }
        }
    }

    /// A setting that is one whole number within its range: where it lives, the field a refusal names, and how the
    /// refusal reads (given the range as people write it — "3–16", "$1–$10,000" — and the value refused). `validate()`
    /// checks each and `clampedToLimits()` brings each into its range, from this one table.
    struct NumberSetting: Sendable {
        let field: String
        let keyPath: WritableKeyPath<LeagueSettings, Int> & Sendable
        let range: ClosedRange<Int>
        let dollars: Bool
        let refusal: @Sendable (_ range: String, _ value: String) -> String

        init(_ field: String, _ keyPath: WritableKeyPath<LeagueSettings, Int> & Sendable, _ range: ClosedRange<Int>, dollars: Bool = false,
             _ refusal: @escaping @Sendable (_ range: String, _ value: String) -> String) {
            self.field = field; self.keyPath = keyPath; self.range = range; self.dollars = dollars; self.refusal = refusal
        }

        func check(_ settings: LeagueSettings) throws(DomainError) {
            let value = settings[keyPath: keyPath]
            guard !range.contains(value) else { return }
            let text = { (n: Int) in dollars ? Self.dollars(n) : "\(n)" }
            throw .validation(field: field, message: refusal("\(text(range.lowerBound))–\(text(range.upperBound))", text(value)))
        }

        /// "$10,000", "-$5".
        static func dollars(_ n: Int) -> String {
            var digits = String(n.magnitude), grouped = ""
            while digits.count > 3 { grouped = "," + digits.suffix(3) + grouped; digits.removeLast(3) }
            return (n < 0 ? "-$" : "$") + digits + grouped
        }
    }

    /// Every setting that is one number in a range, in the order `validate()` checks them.
    static let numberSettings: [NumberSetting] = [
        NumberSetting("teamCount", \.teamCount, Limits.teamCount) { r, v in "A league has \(r) teams (not \(v))" },
        NumberSetting("auctionBudget", \.auctionBudget, Limits.auctionBudget, dollars: true) { r, v in "The auction budget is \(r) (not \(v))" },
        NumberSetting("auctionMinBid", \.auctionMinBid, Limits.auctionMinBid, dollars: true) { r, v in "The minimum bid is \(r) (not \(v))" },
        NumberSetting("auctionIncrement", \.auctionIncrement, Limits.auctionIncrement, dollars: true) { r, v in "A bid raises the high bid by \(r) (not \(v))" },
        NumberSetting("nominationSeconds", \.nominationSeconds, Limits.nominationSeconds) { r, v in "The nomination clock is \(r) seconds (not \(v))" },
        NumberSetting("bidSeconds", \.bidSeconds, Limits.bidSeconds) { r, v in "The bidding clock is \(r) seconds (not \(v))" },
        NumberSetting("faabBudget", \.faabBudget, Limits.faabBudget, dollars: true) { r, v in "The FAAB budget is \(r) (not \(v))" },
        NumberSetting("waiverPeriodDays", \.waiverPeriodDays, Limits.waiverPeriodDays) { r, v in "A dropped player stays on waivers \(r) days (not \(v))" },
        NumberSetting("tradeReviewHours", \.tradeReviewHours, Limits.tradeReviewHours) { r, v in "A trade's review lasts \(r) hours (not \(v))" },
        NumberSetting("tradeDeadlineWeek", \.tradeDeadlineWeek, Limits.weeks) { r, v in "The trade deadline is a week within \(r) (not \(v))" },
        NumberSetting("tradeExpiryDays", \.tradeExpiryDays, Limits.tradeExpiryDays) { r, v in "A trade offer waits \(r) days for an answer (not \(v))" },
        NumberSetting("keeperCount", \.keeperCount, Limits.keeperCount) { r, v in "A team keeps \(r) players (not \(v))" },
        NumberSetting("keeperRoundPenalty", \.keeperRoundPenalty, Limits.keeperRoundPenalty) { r, v in
            "A keeper costs \(r) rounds earlier for each year kept (not \(v))"
        },
        NumberSetting("undraftedKeeperRound", \.undraftedKeeperRound, Limits.undraftedKeeperRound) { r, v in
            "An undrafted keeper costs a round within \(r) (not \(v))"
        },
        NumberSetting("keeperAuctionRaise", \.keeperAuctionRaise, Limits.keeperAuctionRaise, dollars: true) { r, v in
            "A keeper's price rises \(r) for each year kept (not \(v))"
        },
        NumberSetting("maxKeeperYears", \.maxKeeperYears, Limits.maxKeeperYears) { r, v in "A player may be kept \(r) years, 0 for no limit (not \(v))" },
        NumberSetting("keeperDeadlineHours", \.keeperDeadlineHours, Limits.keeperDeadlineHours) { r, v in
            "Keepers are due \(r) hours before the draft (not \(v))"
        },
        NumberSetting("futurePickSeasons", \.futurePickSeasons, Limits.futurePickSeasons) { r, v in
            "Picks of the next \(r) seasons may be traded (not \(v))"
        },
        NumberSetting("rookieDraftRounds", \.rookieDraftRounds, Limits.rookieDraftRounds) { r, v in "A rookie draft has \(r) rounds (not \(v))" },
        NumberSetting("taxiSlots", \.taxiSlots, Limits.taxiSlots) { r, v in "A taxi squad has \(r) places (not \(v))" },
        NumberSetting("taxiMaxYears", \.taxiMaxYears, Limits.taxiMaxYears) { r, v in
            "A player may be on a taxi squad in his first \(r) seasons (not \(v))"
        },
    ]

    /// Playoff rounds to a champion: 1 for 2 teams, 2 for 4, 3 for 6 (seeds 1–2 sit out round 1).
    public static func playoffRounds(teams: Int) -> Int {
        var rounds = 0, size = 1
        while size < teams, rounds < 8 { size *= 2; rounds += 1 }
        return rounds
    }

    /// Checks every setting against its limits; a refusal names the field and says what to fix.
    public func validate() throws(DomainError) {
        try validateTeams()
        try validateRoster()
        try validateScoring()
        try validateDraft()
        try validateWaivers()
        try validateSeason()
        try validateTrades()
        try validateKeepers()
        try validateFormats()
    }

    // MARK: Teams

    private func validateTeams() throws(DomainError) {
        try Self.check(["teamCount"], self)
    }

    /// Checks the number settings named, in the table's order.
    private static func check(_ fields: Set<String>, _ settings: LeagueSettings) throws(DomainError) {
        for setting in numberSettings where fields.contains(setting.field) { try setting.check(settings) }
    }

    // MARK: Roster: each count in its range first, then the sums

    private func validateRoster() throws(DomainError) {
        // The taxi squad is no roster slot: its places are `taxiSlots`.
        if let taxi = rosterSlots[.taxi], taxi != 0 {
            throw .validation(field: "roster", message: "The taxi squad's places are taxiSlots, not a roster slot (not TX \(taxi))")
        }
        for slot in Slot.rosterSlots {
            let n = rosterSlots[slot] ?? 0, range = Limits.slotCount(slot)
            guard range.contains(n) else {
                throw .validation(field: "roster", message: "\(Self.slotName(slot)) takes \(range.lowerBound)–\(range.upperBound) players (not \(n))")
            }
        }
        // Every count is at most 20 here, so the sums can't overflow.
        guard (rosterSlots[.qb] ?? 0) + (rosterSlots[.rb] ?? 0) > 0, Limits.draftedSlots.contains(draftRounds) else {
            throw .validation(field: "roster", message: "A roster needs 1–30 drafted slots, none negative")
        }
        for position in Position.allCases {
            guard let maximum = positionMaxima[position] else { continue }
            guard Limits.positionMaximum.contains(maximum) else {
                throw .validation(field: "positionMaxima", message: "At most 0–30 \(position.rawValue) per roster (not \(maximum))")
            }
            let own = rosterSlots[position.dedicatedSlot] ?? 0
            guard maximum >= own else {
                throw .validation(field: "positionMaxima",
                                  message: "The \(position.rawValue) limit (\(maximum)) is below the \(own) \(position.rawValue) slot\(own == 1 ? "" : "s") — they could never be filled")
            }
        }
        if Position.allCases.allSatisfy({ positionMaxima[$0] != nil }) {
            let room = Position.allCases.reduce(0) { $0 + (positionMaxima[$1] ?? 0) }
            guard room >= draftRounds else {
                throw .validation(field: "roster",
                                  message: "A roster of \(draftRounds) drafted players can't be filled within the position limits (\(room) in all)")
            }
        }
    }

    // MARK: Scoring: known stat columns, finite and bounded points

    private func validateScoring() throws(DomainError) {
        let columns = Set(StatLine.columns.map(\.name)).subtracting(["points_allowed"])
        for (column, points) in scoring.perStat.sorted(by: { $0.key < $1.key }) {
            guard columns.contains(column) else {
                throw .validation(field: "scoring.\(column)", message: "Unknown stat column \"\(column.prefix(40))\"")
            }
            try Self.checkPoints(points, field: "scoring.\(column)")
        }
        for (column, points) in scoring.fieldGoalBuckets.sorted(by: { $0.key < $1.key }) {
            guard columns.contains(column), column.hasPrefix("fg_made_") else {
                throw .validation(field: "scoring.\(column.prefix(40))", message: "Unknown field-goal bucket \"\(column.prefix(40))\"")
            }
            try Self.checkPoints(points, field: "scoring.\(column)")
        }
        let field = "scoring.points_allowed"
        guard Limits.pointsAllowedTierCount.contains(scoring.pointsAllowedTiers.count) else {
            throw .validation(field: field, message: "Defenses score by 1–20 points-allowed tiers (not \(scoring.pointsAllowedTiers.count))")
        }
        for tier in scoring.pointsAllowedTiers {
            let upper = tier.maximum ?? Limits.pointsAllowed.upperBound
            guard Limits.pointsAllowed.contains(tier.minimum), Limits.pointsAllowed.contains(upper), tier.minimum <= upper else {
                throw .validation(field: field, message: "A points-allowed tier runs from 0 to 999 points, low to high")
            }
            try Self.checkPoints(tier.points, field: field)
        }
    }

    private static func checkPoints(_ points: Points, field: String) throws(DomainError) {
        guard Limits.points.contains(points) else {
            throw .validation(field: field, message: "A scoring value is −100 to 100 points (not \(points))")
        }
    }

    // MARK: Draft

    private func validateDraft() throws(DomainError) {
        guard Self.allowedPickClocks.contains(pickClockSeconds) else {
            throw .validation(field: "pickClock", message: "The pick clock is 5, 30, 60, 90, 120 or 300 seconds, or none")
        }
        try validateAuction()
    }

    private func validateAuction() throws(DomainError) {
        try Self.check(["auctionBudget", "auctionMinBid", "auctionIncrement", "nominationSeconds", "bidSeconds"], self)
        guard Limits.bidResetSeconds.contains(bidResetSeconds), bidResetSeconds <= bidSeconds else {
            throw .validation(field: "bidResetSeconds",
                              message: "A late bid resets the clock to 1 second up to the bidding clock (\(bidSeconds) s), not \(bidResetSeconds)")
        }
        // Every count and amount is in range here, so the product can't overflow.
        if draftType == .auction, auctionBudget < auctionMinBid * max(1, draftRounds) {
            throw .validation(field: "auctionBudget",
                              message: "A budget of $\(auctionBudget) can't fill \(draftRounds) roster spots at the $\(auctionMinBid) minimum bid")
        }
    }

    // MARK: Waivers

    private func validateWaivers() throws(DomainError) {
        try Self.check(["faabBudget", "waiverPeriodDays"], self)
    }

    // MARK: Season: weeks 1–18, the playoffs right after the regular season, their final by week 18

    private func validateSeason() throws(DomainError) {
        guard Self.allowedPlayoffTeams.contains(playoffTeams), playoffTeams <= teamCount else {
            throw .validation(field: "playoffTeams", message: "Playoffs take 2, 4 or 6 teams, no more than the league has")
        }
        guard Limits.weeks.contains(regularSeasonWeeks.lowerBound), Limits.weeks.contains(regularSeasonWeeks.upperBound) else {
            throw .validation(field: "regularSeasonWeeks",
                              message: "The regular season runs within weeks 1–18 (not \(regularSeasonWeeks.lowerBound)–\(regularSeasonWeeks.upperBound))")
        }
        // Playoffs that follow the regular season by default are refused as the regular season's length (what was sent).
        let sent = chosenPlayoffWeeks != nil
        guard Limits.weeks.contains(playoffWeeks.lowerBound), Limits.weeks.contains(playoffWeeks.upperBound) else {
            guard sent else {
                throw .validation(field: "regularSeasonWeeks",
                                  message: "A regular season ending in week \(regularSeasonWeeks.upperBound) leaves no week for the playoffs (they end by week 18)")
            }
            throw .validation(field: "playoffWeeks",
                              message: "The playoffs run within weeks 1–18 (not \(playoffWeeks.lowerBound)–\(playoffWeeks.upperBound))")
        }
        guard playoffWeeks.lowerBound == regularSeasonWeeks.upperBound + 1 else {
            throw .validation(field: "playoffWeeks",
                              message: "The playoffs start the week after the regular season ends (week \(regularSeasonWeeks.upperBound + 1), not \(playoffWeeks.lowerBound))")
        }
        let finalWeek = playoffWeeks.lowerBound + Self.playoffRounds(teams: playoffTeams) - 1
        guard Limits.weeks.contains(finalWeek) else {
            throw .validation(field: sent ? "playoffWeeks" : "regularSeasonWeeks",
                              message: "\(playoffTeams) playoff teams need \(Self.playoffRounds(teams: playoffTeams)) weeks — the final would be week \(finalWeek), after week 18")
        }
    }

    // MARK: Keepers: each number in its range (whatever the league type, so a stored value is always sound), then what
    // only a keeper league needs

    private func validateKeepers() throws(DomainError) {
        try Self.check(["keeperCount", "keeperRoundPenalty", "undraftedKeeperRound", "keeperAuctionRaise", "maxKeeperYears", "keeperDeadlineHours",
                        "futurePickSeasons", "rookieDraftRounds", "taxiSlots", "taxiMaxYears"], self)
        if taxiSlots > 0, leagueType == .redraft {
            throw .validation(field: "taxiSlots",
                              message: "A taxi squad needs a league that lives on — a keeper or dynasty league (a redraft league starts each season anew)")
        }
        if futurePickSeasons > 0, leagueType == .redraft {
            throw .validation(field: "futurePickSeasons",
                              message: "Future picks need a league that lives on — a keeper or dynasty league (a redraft league starts each season anew)")
        }
        if futurePickSeasons > 0, draftType == .auction {
            throw .validation(field: "futurePickSeasons", message: "An auction has no picks to trade — future picks need a snake, linear or third-round-reversal draft")
        }
        guard leagueType == .keeper else { return }
        switch keeperCost {
        case .round where draftType == .auction:
            throw .validation(field: "keeperCost",
                              message: "A keeper costs a draft round, and an auction has none — price keepers at auction (keeperCost \"auction\") "
                                + "or pick a snake, linear or third-round-reversal draft")
        case .auction where draftType != .auction:
            throw .validation(field: "keeperCost",
                              message: "An auction-priced keeper needs an auction draft — pick the auction draft, or keepers at a round's cost (keeperCost \"round\")")
        default: break
        }
        guard keeperCount < draftRounds else {
            let spots = draftType == .auction ? "the \(draftRounds) spots each team buys at auction" : "the draft's \(draftRounds) rounds"
            throw .validation(field: "keeperCount", message: "A team keeps fewer players than \(spots) (not \(keeperCount))")
        }
        guard keeperCost == .auction || undraftedKeeperRound <= draftRounds else {
            throw .validation(field: "undraftedKeeperRound",
                              message: "An undrafted keeper costs a round of the draft, 1–\(draftRounds) (not \(undraftedKeeperRound))")
        }
    }

    // MARK: Trades

    private func validateTrades() throws(DomainError) {
        try Self.check(["tradeReviewHours", "tradeDeadlineWeek", "tradeExpiryDays"], self)
    }

    static func slotName(_ slot: Slot) -> String {
        switch slot {
        case .bench: "The bench"
        case .ir: "IR"
        default: "The \(slot.rawValue) slot"
        }
    }

    // MARK: - Stored settings

    /// The settings with every number brought into its limit (counts, maxima, points, budget, period, weeks, playoff teams):
    /// what the rules compute with when a stored row holds something no settings write would have accepted. Valid
    /// settings come back unchanged. The result may still be invalid as a whole (playoffs that don't follow the regular
    /// season, say) — `validate()` says so — but no arithmetic on it can trap or run away.
    public func clampedToLimits() -> LeagueSettings {
        var s = self
        s.rosterSlots[.taxi] = nil
        for slot in Slot.rosterSlots {
            if let n = rosterSlots[slot] { s.rosterSlots[slot] = n.clamped(to: Limits.slotCount(slot)) }
        }
        for (position, n) in positionMaxima { s.positionMaxima[position] = n.clamped(to: Limits.positionMaximum) }
        s.scoring.perStat = scoring.perStat.mapValues { $0.clamped(to: Limits.points) }
        s.scoring.fieldGoalBuckets = scoring.fieldGoalBuckets.mapValues { $0.clamped(to: Limits.points) }
        s.scoring.pointsAllowedTiers = scoring.pointsAllowedTiers.prefix(Limits.pointsAllowedTierCount.upperBound).map { t in
            let low = t.minimum.clamped(to: Limits.pointsAllowed)
            return PointsAllowedTier(low, t.maximum.map { max(low, $0.clamped(to: Limits.pointsAllowed)) }, t.points.clamped(to: Limits.points))
        }
        if !Self.allowedPickClocks.contains(pickClockSeconds) { s.pickClockSeconds = LeagueSettings().pickClockSeconds }
        for setting in Self.numberSettings { s[keyPath: setting.keyPath] = s[keyPath: setting.keyPath].clamped(to: setting.range) }
        s.bidResetSeconds = bidResetSeconds.clamped(to: 1...s.bidSeconds)
        s.regularSeasonWeeks = Self.clamped(regularSeasonWeeks)
        s.playoffWeeks = Self.clamped(playoffWeeks)
        if !Self.allowedPlayoffTeams.contains(playoffTeams) {
            s.playoffTeams = Self.allowedPlayoffTeams.last { $0 <= playoffTeams } ?? Self.allowedPlayoffTeams[0]
        }
        return s.clampedFormats()
    }

    private static func clamped(_ weeks: ClosedRange<Int>) -> ClosedRange<Int> {
        let low = weeks.lowerBound.clamped(to: Limits.weeks)
        return low...max(low, weeks.upperBound.clamped(to: Limits.weeks))
    }
}

extension Int {
    /// `self + other`, stopping at `Int.min`/`Int.max` instead of trapping.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
    /// `-self`, with `-Int.min` as `Int.max`.
    var negatedSaturated: Int { self == .min ? .max : -self }
}

extension Comparable {
    /// The value moved into `range` (its nearest end when outside it).
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
