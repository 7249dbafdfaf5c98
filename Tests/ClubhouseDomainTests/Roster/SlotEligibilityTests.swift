import Testing
import ClubhouseDomain

@Suite("Roster: slot eligibility")
struct SlotEligibilityTests {
    @Test func flexTakesRunningBacksReceiversAndTightEndsOnly() {
        #expect(Position.allCases.filter { Slot.flex.accepts($0) } == [.rb, .wr, .te])
    }

    @Test func benchTakesAnyone() {
        #expect(Position.allCases.allSatisfy { Slot.bench.accepts($0, status: .healthy) })
    }

    @Test func dedicatedSlotsTakeOnlyTheirPosition() {
        let pairs: [(Slot, Position)] = [(.qb, .qb), (.rb, .rb), (.wr, .wr), (.te, .te), (.k, .k), (.def, .def)]
        for (slot, position) in pairs {
            #expect(Position.allCases.filter { slot.accepts($0) } == [position])
        }
    }

    @Test(arguments: InjuryStatus.allCases)
    func injuredReserveTakesOnlyOutOrIRStatus(status: InjuryStatus) {
        let allowed = status == .out || status == .injuredReserve
        #expect(Position.allCases.allSatisfy { Slot.ir.accepts($0, status: status) == allowed })
        // A league whose IR takes Doubtful players too (`irAllowsDoubtful`).
        #expect(Position.allCases.allSatisfy { Slot.ir.accepts($0, status: status, allowingDoubtful: true) == (allowed || status == .doubtful) })
    }
}
