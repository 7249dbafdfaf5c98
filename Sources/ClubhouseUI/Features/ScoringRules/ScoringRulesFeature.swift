import Foundation
import ClubhouseDomain
import Terminal

/// The league's scoring rules: points per stat, kicker distances, defense points-allowed tiers.
/// `e` opens the league settings.
public enum ScoringRulesFeature: LeagueDetailPage {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case detail(LeagueID) }

    public static func title(_ state: State) -> String { "Scoring" }
    public static func page(_ state: State) -> Page { .scoringRules(state.id) }
    public static func detailEffect(_ id: LeagueID) -> TaskID { TaskID(EffectID.detail(id)) }
    public static func rowCount(_ detail: LeagueDetail) -> Int { rows(detail.league.settings).count }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.char("e")], .opened(.leagueSettings(state.id)), label: "league settings", group: "Scoring", footer: true)]
               + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    static let labels: [(String, String, String)] = [
        ("Passing", "passing_yards", "per passing yard"), ("Passing", "passing_tds", "passing TD"), ("Passing", "interceptions", "interception thrown"),
        ("Passing", "passing_2pt_conversions", "2-pt pass"),
        ("Rushing", "rushing_yards", "per rushing yard"), ("Rushing", "rushing_tds", "rushing TD"), ("Rushing", "rushing_2pt_conversions", "2-pt rush"),
        ("Receiving", "receptions", "reception"), ("Receiving", "receiving_yards", "per receiving yard"), ("Receiving", "receiving_tds", "receiving TD"),
        ("Receiving", "receiving_2pt_conversions", "2-pt catch"),
        ("Misc", "fumbles_lost", "fumble lost"), ("Misc", "special_teams_tds", "return TD"),
        ("Kicking", "pat_made", "PAT made"), ("Kicking", "pat_missed", "PAT missed"), ("Kicking", "fg_missed", "FG missed"),
        ("Defense", "def_sacks", "sack"), ("Defense", "def_interceptions", "interception"), ("Defense", "def_fumble_recovery", "fumble recovery"),
        ("Defense", "def_tds", "defensive TD"), ("Defense", "def_safeties", "safety"), ("Defense", "def_blocked_kicks", "blocked kick"),
    ]
    static let buckets: [(String, String)] = [("fg_made_0_19", "FG 0–19 yd"), ("fg_made_20_29", "FG 20–29 yd"), ("fg_made_30_39", "FG 30–39 yd"),
                                              ("fg_made_40_49", "FG 40–49 yd"), ("fg_made_50_59", "FG 50–59 yd"), ("fg_made_60_", "FG 60+ yd")]

    /// (group, rule, points) rows in reading order.
    static func rows(_ rules: ScoringRules) -> [[String]] {
        var out: [[String]] = []
        for (group, key, label) in labels {
            guard let p = rules.perStat[key] else { continue }
            out.append([group, label, p.description])
            if group == "Kicking", key == "pat_made" {
                for (k, l) in buckets { if let b = rules.fieldGoalBuckets[k] { out.append(["Kicking", l, b.description]) } }
            }
        }
        for t in rules.pointsAllowedTiers {
            let range = t.maximum.map { $0 == t.minimum ? "\(t.minimum)" : "\(t.minimum)–\($0)" } ?? "\(t.minimum)+"
            out.append(["Defense", "\(range) points allowed", t.points.description])
        }
        return out
    }

    /// The scoring rows, then the league's bonuses and its formats: decimals, the median game, divisions.
    static func rows(_ settings: LeagueSettings) -> [[String]] {
        var out = rows(settings.scoring)
        for b in settings.bonuses { out.append(["Bonus", b.label + (b.kind == .longTouchdown ? ", each" : ""), b.points.description]) }
        out.append(["Format", "decimals: each player's week rounded to", settings.decimals.map { "\($0)" } ?? "0.01"])
        out.append(["Format", "median game (regular season)", settings.medianGame ? "on" : "off"])
        out.append(["Format", "divisions (winners seeded first)", settings.divisions == 0 ? "none" : "\(settings.divisions)"])
        return out
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let d = LoadView.render(state.detail.load, what: "scoring rules", empty: "No scoring rules.",
                                      in: area, buffer: &buffer, context: context) else { return }
        let rules = d.league.settings.scoring
        var base = rules
        base.bonuses = []; base.decimals = nil
        TextRow.put("\(rules.preset.rawValue) scoring" + (base == .preset(rules.preset) ? "" : " with league changes"), in: area, row: 0,
                    style: context.style(.title), buffer: &buffer)
        let r = rows(d.league.settings)
        let roles: [[StyleRole?]] = r.map { row in [.dim, nil, row[0] == "Format" ? nil : row[2].hasPrefix("-") ? .negative : .positive] }
        DataTable(columns: [DataColumn("", .length(10)), DataColumn("Rule", .fill(1)), DataColumn("Points", .length(7), .right)],
                  rows: r, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
            .render(in: Rect(x: area.x + 1, y: area.y + 1, width: min(60, area.width - 2), height: max(0, area.height - 1)), buffer: &buffer)
    }
}
