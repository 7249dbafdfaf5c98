import ClubhouseDomain
import Testing

/// The one short-name formatter: the draft board, the lineup's refusals, the fan-out bench's needle and the
/// end-to-end draft tests all write names through it.
@Suite struct PlayerNameTests {
    @Test func shortNameIsTheFirstInitialAndTheRestOfTheName() {
        #expect(Player.shortName("Christian McCaffrey") == "C. McCaffrey")
        #expect(Player.shortName("Odell Beckham Jr.") == "O. Beckham Jr.")
        #expect(Player.shortName("Amon-Ra St. Brown") == "A. St. Brown")
    }

    @Test func aOneWordOrEmptyNameStaysAsItIs() {
        #expect(Player.shortName("Cher") == "Cher")
        #expect(Player.shortName("") == "")
    }

    @Test func runsOfSpacesDoNotMakeEmptyParts() {
        #expect(Player.shortName("  Derrick   Henry ") == "D. Henry")
    }
}
