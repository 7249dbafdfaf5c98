/// Who may sit on IR, and what a team with a player there who no longer may can't do (ClubhouseDomain/README.md,
/// “Roster”): the one place the lineup's IR rule, free-agent adds, waiver claims and the waiver run ask.
///
/// IR takes a player whose status for the week is OUT or IR, and Doubtful too in a league with `irAllowsDoubtful`.
/// A player in an IR slot whose status for the current week no longer qualifies blocks his team's adds and waiver
/// claims until he leaves IR — moved back to the bench or dropped (the rule ESPN and Sleeper use).
public enum InjuredReserveRules {
    /// Whether IR takes a player whose status this week is `status`.
    public static func accepts(_ status: InjuryStatus, allowingDoubtful: Bool) -> Bool {
        switch status {
        case .out, .injuredReserve: true
        case .doubtful: allowingDoubtful
        case .healthy, .questionable: false
        }
    }

    /// Whether the league's IR takes a player whose status this week is `status`.
    public static func accepts(_ status: InjuryStatus, settings: LeagueSettings) -> Bool {
        accepts(status, allowingDoubtful: settings.irAllowsDoubtful)
    }

    /// The statuses IR takes, as sentences say them: "OUT or on IR", "Doubtful, OUT or on IR".
    public static func eligibleWords(allowingDoubtful: Bool) -> String {
        allowingDoubtful ? "Doubtful, OUT or on IR" : "OUT or on IR"
    }

    /// The players in `entries`' IR slots (leaving out `drop`, who goes with the move) whose status this week no
    /// longer lets them sit there, in roster order.
    public static func ineligible(_ entries: [RosterEntry], dropping drop: PlayerID? = nil, allowingDoubtful: Bool,
                                  status: (PlayerID) -> InjuryStatus) -> [PlayerID] {
        entries.filter { $0.slot == .ir && $0.playerID != drop && !accepts(status($0.playerID), allowingDoubtful: allowingDoubtful) }
            .map(\.playerID)
    }

    /// Why a team whose IR holds `names` (no longer eligible) can't add anyone: "Move Saquon Barkley off IR first — he
    /// is no longer OUT or on IR"; two: "Move A and B off IR first — they are no longer …".
    public static func blockMessage(names: [String], allowingDoubtful: Bool) -> String {
        let who = names.count <= 1 ? names.first ?? "your IR player" : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "Move \(who) off IR first — \(names.count > 1 ? "they are" : "he is") no longer \(eligibleWords(allowingDoubtful: allowingDoubtful))"
    }

    /// Why `roster`'s team can't add a player now (a free agent, a waiver claim placed or run), dropping `drop`, or nil
    /// when its IR is in order. `status` is each player's status for the current week; `name` says a player's name.
    public static func addBlock(_ roster: Roster, dropping drop: PlayerID? = nil, settings: LeagueSettings,
                                status: (PlayerID) -> InjuryStatus, name: (PlayerID) -> String) -> String? {
        let blocking = ineligible(roster.entries, dropping: drop, allowingDoubtful: settings.irAllowsDoubtful, status: status)
        guard !blocking.isEmpty else { return nil }
        return blockMessage(names: blocking.map(name), allowingDoubtful: settings.irAllowsDoubtful)
    }
}

extension TeamRoster {
    /// This roster's IR players whose status for its week (each row's) no longer lets them sit there — what the app
    /// marks, and why the team's adds are refused (`InjuredReserveRules`).
    public func ineligibleOnIR(_ settings: LeagueSettings) -> [RosterRow] {
        rows.filter { $0.slot == .ir && !InjuredReserveRules.accepts($0.player.injury, settings: settings) }
    }

    /// The sentence the server refuses this team's adds and claims with, or nil when its IR is in order.
    public func injuredReserveBlock(_ settings: LeagueSettings) -> String? {
        let blocking = ineligibleOnIR(settings)
        return blocking.isEmpty ? nil : InjuredReserveRules.blockMessage(names: blocking.map(\.player.name), allowingDoubtful: settings.irAllowsDoubtful)
    }
}
