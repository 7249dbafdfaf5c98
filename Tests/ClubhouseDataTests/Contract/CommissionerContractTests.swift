import ClubhouseDomain
import Foundation
import Testing

/// The commissioner's pre-draft actions through the contract: settings, draft order, draft date.
@Suite("Contract: commissioner before the draft", .bothTransports) struct CommissionerContractTests {
    @Test func aNewTeamCountAddsAndRemovesBotTeamsAndKeepsManagedOnes() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        let api = world.api(league.commissioner)
        var settings = try await api.league(league.id).league.settings
        settings.teamCount = 6
        settings.pickClockSeconds = 30
        let updated = try await api.updateSettings(league.id, settings: settings)
        #expect(updated.settings.teamCount == 6)
        var detail = try await api.league(league.id)
        #expect(detail.teams.count == 6)
        let board = try await api.draftBoard(league.id)
        #expect(board.teams.count == 6 && board.draft.pickClockSeconds == 30 && Set(board.teams.map(\.id)) == Set(detail.teams.map(\.id)))

        settings.teamCount = 4
        _ = try await api.updateSettings(league.id, settings: settings)
        detail = try await api.league(league.id)
        #expect(detail.teams.count == 4)
        #expect(detail.teams.filter { $0.managerName != nil }.map(\.name).sorted() == ["Commish Crew", "Dana FC"])
        #expect(try await api.draftBoard(league.id).draft.order.count == 4)
    }

    @Test func settingsAreValidatedAndNeverDropAManagedTeam() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 6, members: ["Dana", "Eli", "Fay", "Gus"])
        let api = world.api(league.commissioner)
        var settings = try await api.league(league.id).league.settings
        settings.teamCount = 4
        #expect(await failure { try await api.updateSettings(league.id, settings: settings) }
                == .validation(field: "teamCount", message: "5 teams have managers — the league can't have fewer teams"))
        settings.teamCount = 17
        #expect(await failure { try await api.updateSettings(league.id, settings: settings) }
                == .validation(field: "teamCount", message: "A league has 3–16 teams (not 17)"))
        settings.teamCount = 6
        settings.pickClockSeconds = 45
        #expect(await failure { try await api.updateSettings(league.id, settings: settings) }?.code == "validation")
    }

    @Test func onlyTheCommissionerChangesSettingsAndOnlyBeforeTheDraft() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        var settings = try await world.api().league(league.id).league.settings
        #expect(await failure { try await world.api(league.members[0]).updateSettings(league.id, settings: settings) }
                == .forbidden("Only the commissioner can change the league settings"))
        #expect(await failure { try await world.api().updateSettings(league.id, settings: settings) } == .unauthenticated)
        _ = try await world.api(league.commissioner).startDraft(league.id)
        settings.waiverPeriodDays += 1
        #expect(await failure { try await world.api(league.commissioner).updateSettings(league.id, settings: settings) }
                == .conflict("Settings lock once the draft of Test League starts"))
        // The trade settings stay the commissioner's during the season.
        settings.waiverPeriodDays -= 1
        settings.tradeReview = .commissioner
        settings.tradeDeadlineWeek = 9
        let changed = try await world.api(league.commissioner).updateSettings(league.id, settings: settings)
        #expect(changed.settings.tradeReview == .commissioner && changed.settings.tradeDeadlineWeek == 9)
    }

    @Test func theCommissionerSetsOrRandomizesTheDraftOrder() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        let api = world.api(league.commissioner)
        let teams = try await api.league(league.id).teams.map(\.id)
        let order = Array(teams.reversed())
        #expect(try await api.setDraftOrder(league.id, order: order).order == order)
        #expect(try await world.api().draftBoard(league.id).teams.map(\.id) == order)
        // Waiver priority follows: the team picking last in round 1 claims first.
        #expect(try await world.api().roster(league.id, team: order.last!).waiverPriority == 1)

        #expect(await failure { try await api.setDraftOrder(league.id, order: [teams[0], teams[0], teams[1], teams[2]]) }
                == .validation(field: "order", message: "The draft order lists a team twice"))
        #expect(await failure { try await api.setDraftOrder(league.id, order: Array(teams.prefix(3))) }
                == .validation(field: "order", message: "The draft order must list every team of the league exactly once"))
        #expect(await failure { try await world.api(league.members[0]).setDraftOrder(league.id, order: order) }
                == .forbidden("Only the commissioner can set the draft order"))

        let random = try await api.randomizeDraftOrder(league.id)
        #expect(Set(random.order) == Set(teams) && random.order.count == 4)
        _ = try await api.startDraft(league.id)
        #expect(await failure { try await api.setDraftOrder(league.id, order: order) }
                == .conflict("The draft of Test League has already started — its order is set"))
    }

    @Test func theCommissionerSchedulesTheDraftInTheFuture() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague()
        let api = world.api(league.commissioner)
        // The future of the league's season clock, which is not the wall clock.
        let clock = try await api.league(league.id).league.clock
        #expect(clock < world.clock.now())
        let date = clock.addingTimeInterval(3 * 86_400)
        #expect(try await api.scheduleDraft(league.id, at: date).draftScheduledAt == date)
        #expect(try await world.api().draftBoard(league.id).draft.scheduledAt == date)
        #expect(try await world.api().draftBoard(league.id).draft.status == .scheduled, "a date never starts the draft by itself")
        #expect(await failure { try await api.scheduleDraft(league.id, at: clock.addingTimeInterval(-60)) }
                == .validation(field: "draftDate", message: "The draft date must be in the future"))
        #expect(try await api.scheduleDraft(league.id, at: nil).draftScheduledAt == nil)
        #expect(await failure { try await world.api(try world.signUp("Zed")).scheduleDraft(league.id, at: date) }
                == .forbidden("Only the commissioner can schedule the draft"))
    }

    @Test func newRosterSlotsAndBudgetReachTheDraftAndTheTeams() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        let api = world.api(league.commissioner)
        var settings = try await api.league(league.id).league.settings
        settings.rosterSlots[.bench] = 3
        settings.waiverType = .faab
        settings.faabBudget = 250
        settings.draftType = .linear
        _ = try await api.updateSettings(league.id, settings: settings)
        let draft = try await api.draftBoard(league.id).draft
        #expect(draft.rounds == 12 && draft.type == .linear)
        let team = try await world.team(of: league.members[0], in: league.id)
        #expect(try await api.roster(league.id, team: team).faabRemaining == 250)
    }
}
