import Foundation
import Testing
import ClubhouseDomain

/// The settings of issue 47 — `medianGame`, `divisions`, `bonuses`, `decimals` — read, written and checked like the others.
@Suite struct FormatSettingsTests {
    func decode(_ json: String) throws -> LeagueSettings { try JSONDecoder().decode(LeagueSettings.self, from: Data(json.utf8)) }

    @Test func missingKeysTakeTheDefaultsThatKeepTodaysScoresAndStandings() throws {
        let s = try decode("{}")
        #expect(s.medianGame == false && s.divisions == 0 && s.bonuses.isEmpty && s.decimals == nil)
        #expect(try decode(#"{"pickClockSeconds": 90}"#) == LeagueSettings())
        let encoded = String(decoding: try JSONEncoder().encode(s), as: UTF8.self)
        #expect(encoded.contains(#""medianGame":false"#) && encoded.contains(#""divisions":0"#) && encoded.contains(#""bonuses":[]"#))
        #expect(!encoded.contains("decimals"), "no decimals chosen: exact hundredths")
    }

    @Test func theFormatsRoundTripAtTheTopLevelAndCountInEquality() throws {
        var s = LeagueSettings()
        s.medianGame = true; s.divisions = 2; s.bonuses = ScoringBonus.yardageAndLongPlays; s.decimals = 1
        try s.validate()
        let data = try JSONEncoder().encode(s)
        let back = try JSONDecoder().decode(LeagueSettings.self, from: data)
        #expect(back == s && back.hashValue == s.hashValue)
        #expect(back.scoring.bonuses == ScoringBonus.yardageAndLongPlays && back.scoring.decimals == 1)
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect((object["bonuses"] as? [Any])?.count == 8 && object["decimals"] as? Int == 1)
        #expect((object["scoring"] as? [String: Any])?["bonuses"] == nil, "bonuses live beside scoring, not inside it")
        for change in [{ (x: inout LeagueSettings) in x.medianGame = false }, { $0.divisions = 0 }, { $0.decimals = 2 }, { $0.bonuses = [] }] {
            var other = s
            change(&other)
            #expect(other != s)
        }
    }

    @Test func eachLimitIsRefusedWithASentence() {
        func refusal(_ change: (inout LeagueSettings) -> Void) -> DomainError? {
            var s = LeagueSettings()
            change(&s)
            do { try s.validate(); return nil } catch { return error }
        }
        #expect(refusal { $0.divisions = 1 } == .validation(field: "divisions", message: "A league has no divisions (0) or 2–4 of them (not 1)"))
        #expect(refusal { $0.divisions = 5 } != nil)
        #expect(refusal { $0.teamCount = 5; $0.divisions = 3 }
                == .validation(field: "divisions", message: "3 divisions need at least 6 teams — two in each (the league has 5)"))
        #expect(refusal { $0.playoffTeams = 2; $0.divisions = 3 }
                == .validation(field: "divisions", message: "Every division winner is seeded: 3 divisions need at least 3 playoff teams (not 2)"))
        #expect(refusal { $0.decimals = 3 } == .validation(field: "decimals", message: "Points are kept to 0, 1 or 2 decimals (not 3)"))
        #expect(refusal { $0.bonuses = [.threshold("rushing_yards", 100, 199, 3), .threshold("rushing_yards", 150, nil, 6)] }
                == .validation(field: "bonuses[1]",
                               message: "The bonus for 150+ rushing yards overlaps the one for 100–199 rushing yards — one week earns one of them"))
        #expect(refusal { $0.bonuses = [.threshold("rushing_yardz", 100, nil, 3)] }
                == .validation(field: "bonuses[0]", message: "Unknown stat column \"rushing_yardz\" for a bonus"))
        #expect(refusal { $0.bonuses = [.threshold("rushing_yards", 0, nil, 3)] } != nil)
        #expect(refusal { $0.bonuses = [.threshold("rushing_yards", 100, 50, 3)] } != nil)
        #expect(refusal { $0.bonuses = [.threshold("rushing_yards", 100, nil, 101)] }
                == .validation(field: "bonuses[0]", message: "A bonus is −100 to 100 points (not 101.00)"))
        #expect(refusal { $0.bonuses = [.longTouchdown("fg_made", yards: 40, 2)] } != nil)
        #expect(refusal { $0.bonuses = [.longTouchdown("rushing_tds", yards: 100, 2)] } != nil)
        #expect(refusal { $0.bonuses = Array(repeating: .longTouchdown("rushing_tds", yards: 40, 1), count: 21) }
                == .validation(field: "bonuses", message: "A league has at most 20 bonuses (not 21)"))
        #expect(refusal { $0.bonuses = ScoringBonus.yardageAndLongPlays; $0.divisions = 2; $0.medianGame = true; $0.decimals = 0 } == nil)
    }

    @Test func storedFormatsOutOfRangeAreBroughtIntoThem() {
        var s = LeagueSettings()
        s.divisions = 9; s.decimals = 7
        let clamped = s.clampedToLimits()
        #expect(clamped.divisions == 0 && clamped.decimals == 2)
        #expect(LeagueSettings().clampedToLimits() == LeagueSettings())
    }
}
