import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// "Names and emails" through the contract (embedded and HTTP): every name people type goes through one rule
/// (`TextRules`), and an address that looks the same is one account however it is spelled (`EmailAddress`).
@Suite(.bothTransports) struct NamesAndEmailsContractTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", flag = "\u{1F1FA}\u{1F1F8}"
    let world: ContractWorld
    let stateDirs = TempDir()

    init() throws { world = try ContractWorld() }

    /// The contract as a fresh app on its own state folder uses it (signed out).
    func app() throws -> any SessionTransport {
        let dir = stateDirs.file(UUID().uuidString)
        return try world.sessionAPI(try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": dir]))
    }

    @Test func oneAddressIsOneAccountHoweverItIsSpelled() async throws {
        let jose = try await app().createAccount(email: "jos\u{E9}@example.com", password: "correct horse", displayName: "José")
        for lookAlike in ["jose\u{301}@example.com", "JOS\u{C9}@Example.com", "\u{FF4A}os\u{E9}@example.com", " jos\u{E9}@example.com\n"] {
            let other = try app()
            #expect(await failure { try await other.createAccount(email: lookAlike, password: "another horse", displayName: "Copy") }
                    == .conflict("An account with that email already exists"), "\(lookAlike.debugDescription)")
            #expect(try await other.signIn(email: lookAlike, password: "correct horse").user.id == jose.user.id, "\(lookAlike.debugDescription)")
        }
        let other = try app()
        #expect(await failure { try await other.createAccount(email: "jos\u{E9}\u{200B}@example.com", password: "another horse", displayName: "Copy") }
                == .validation(field: "email", message: "An email address can't contain invisible characters (U+200B at character 5)"))
        #expect(await failure { try await other.createAccount(email: "j\u{43E}s\u{E9}@example.com", password: "another horse", displayName: "Copy") }
                == .validation(field: "email", message: "An email address can't mix alphabets in one part: “j\u{43E}s\u{E9}” has Latin and Cyrillic letters — type it in one alphabet"))
        // Signing in, a zero-width space changes nothing: it is the same address.
        #expect(try await other.signIn(email: "jos\u{E9}\u{200B}@example.com", password: "correct horse").user.id == jose.user.id)
        #expect(try world.scalar("SELECT count(*) FROM users WHERE display_name IN ('José', 'Copy')", as: Int.self) == 1)
        #expect(try world.scalar("SELECT email FROM users WHERE id = ?", [jose.user.id.rawValue], as: String.self)?.unicodeScalars.count == 16,
                "stored once, in NFC")
    }

    @Test func changingAnEmailFollowsTheSameRule() async throws {
        _ = try await app().createAccount(email: "ann@example.com", password: "correct horse", displayName: "Ann")
        let bob = try app()
        _ = try await bob.createAccount(email: "bob@example.com", password: "correct horse", displayName: "Bob")
        #expect(await failure { try await bob.updateProfile(displayName: nil, email: "\u{FF21}NN@example.com") }
                == .conflict("An account with that email already exists"))
        #expect(await failure { try await bob.updateProfile(displayName: nil, email: "\u{430}nn@example.com") }?.code == "validation")
        #expect(try await bob.updateProfile(displayName: nil, email: "Bob.New@Example.com").email == "bob.new@example.com")
    }

    @Test func everyNameIsCheckedByTheSameRule() async throws {
        let zed = world.api(try world.signUp("Zed"))
        let escape = "Red \u{1B}[31mTeam"
        // Creating a league: its name, and the creator's team name (stored as typed before).
        #expect(await failure { try await zed.createLeague(NewLeague(name: escape, seasonClock: DemoSeeder.preseason)) }
                == .validation(field: "name", message: "A league name can't contain control characters (U+001B at character 5)"))
        #expect(await failure { try await zed.createLeague(NewLeague(name: "Fine", teamName: escape, seasonClock: DemoSeeder.preseason)) }
                == .validation(field: "teamName", message: "A team name can't contain control characters (U+001B at character 5)"))
        #expect(await failure { try await zed.createLeague(NewLeague(name: "Fine", teamName: "Bell\u{7}", seasonClock: DemoSeeder.preseason)) }?.code
                == "validation")
        // Asking to join, and redeeming an invite.
        let open = try await world.league("Sunday Funday")
        #expect(await failure { try await zed.requestToJoin(open.id, teamName: "CSI\u{9B}31m") }?.code == "validation")
        #expect(await failure { try await zed.requestToJoin(open.id, teamName: "Del\u{7F}ete") }?.code == "validation")
        #expect(await failure { try await zed.requestToJoin(open.id, teamName: "\u{202E}live") }
                == .validation(field: "teamName", message: "A team name can't contain direction controls (U+202E at character 1)"))
        let league = try await world.newLeague(teams: 4)
        let invite = try await world.api(league.commissioner).createInvite(league.id, uses: 2, expiresAt: nil)
        #expect(await failure { try await zed.redeemInvite(code: invite.code, teamName: "Zero\u{200B}Width") }
                == .validation(field: "teamName", message: "A team name can't contain invisible characters (U+200B at character 5)"))
        // Emoji sequences, flags and combining marks are names, stored in NFC.
        let typed = "Jose\u{301}  \(Self.family) \(Self.flag)"
        let team = try await zed.redeemInvite(code: invite.code, teamName: typed)
        let stored = try #require(try await world.api().league(league.id).teams.first { $0.id == team }?.name)
        #expect(stored.unicodeScalars.elementsEqual("Jos\u{E9} \(Self.family) \(Self.flag)".unicodeScalars))
        // Chat lines.
        #expect(await failure { try await zed.sendChat(league.id, text: "g\u{200B}g") }
                == .validation(field: "message", message: "A chat message can't contain invisible characters (U+200B at character 2)"))
        #expect(try await zed.sendChat(league.id, text: "gg \(Self.family)").body == "gg \(Self.family)")
        // Display names.
        let person = try app()
        #expect(await failure { try await person.createAccount(email: "eve@example.com", password: "correct horse", displayName: "Eve\u{1B}[2J") }
                == .validation(field: "displayName", message: "A display name can't contain control characters (U+001B at character 4)"))
        _ = try await person.createAccount(email: "eve@example.com", password: "correct horse", displayName: "Eve")
        #expect(await failure { try await person.updateProfile(displayName: "\u{2066}Eve", email: nil) }?.code == "validation")
    }
}
