import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

@Suite struct LocalStoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let credentials = Credentials(token: "tok-123", userID: UserID(7), email: "dana@example.com", displayName: "Dana")

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func stateLivesUnderXDGStateHomeElseHomeAndPerDeviceForSSHKeys() throws {
        #expect(try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": "/x/state/", "HOME": "/home/d"]).path == "/x/state/clubhouse")
        #expect(try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/d"]).path
                == "/home/d/.local/state/clubhouse")
        let ssh = try LocalStateDirectory.resolve(environment: ["HOME": "/home/d"], sshKeyFingerprint: "SHA256:ab+c/d9")
        #expect(ssh.path == "/home/d/.local/state/clubhouse/devices/SHA256.ab-c_d9")
        #expect(try LocalStateDirectory.safeName("../../etc") == "%2E%2E_%2E%2E_etc")
        #expect(throws: LocalStateDirectory.Failure.noHome) { try LocalStateDirectory.resolve(environment: [:]) }
        #expect(throws: LocalStateDirectory.Failure.unusableFingerprint) { try LocalStateDirectory.resolve(environment: ["HOME": "/h"], sshKeyFingerprint: "") }
    }

    @Test func theCredentialsFileIsReadableOnlyByItsOwnerAndReplacedWhole() throws {
        let dir = TempDir()
        let state = try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": dir.path])
        let store = CredentialsStore(directory: state)
        #expect(store.load() == nil)
        let old = umask(0o022); defer { umask(old) }
        try store.save(Self.credentials)
        #expect(try mode(state.credentialsFile) == 0o600)
        #expect(try mode(state.path) == 0o700)
        #expect(CredentialsStore(directory: state).load() == Self.credentials)
        var next = Self.credentials; next.token = "tok-456"
        try store.save(next)
        #expect(try mode(state.credentialsFile) == 0o600)
        #expect(store.load() == next)
        // No temp files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == ["credentials.json"])
        store.clear()
        #expect(store.load() == nil)
        #expect(!"\(Self.credentials)".contains("tok-") && !"\(Self.credentials)".contains("dana"))
    }

    @Test func aPendingActionSurvivesANewProcessAndIsDroppedAfter24Hours() throws {
        let dir = TempDir()
        let state = try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": dir.path])
        let action = PendingAction(.makePick(league: LeagueID(3), expectedPick: 14, player: "00-0033873"), createdAt: Self.now)
        try PendingActionStore(directory: state).save(action)
        #expect(try mode(state.pendingActionFile) == 0o600)

        let later = PendingActionStore(directory: state)   // a new process on the same folder
        #expect(later.load(now: Self.now + 23 * 3600) == action)
        #expect(later.load(now: Self.now + 24 * 3600 + 1) == nil)
        #expect(!FileManager.default.fileExists(atPath: state.pendingActionFile))
        #expect(later.load(now: Self.now) == nil)

        try later.save(action)
        later.clear()
        #expect(PendingActionStore(directory: state).load(now: Self.now) == nil)
    }

    @Test func everyGatedWriteRoundTripsThroughTheFile() throws {
        let dir = TempDir()
        let store = PendingActionStore(path: dir.file("pending.json"))
        let l = LeagueID(4), t = TeamID(9)
        let writes: [GatedWrite] = [
            .createLeague(NewLeague(name: "Sunday Crew", isPublic: false, teamName: "Mine", seasonClock: Self.now)),
            .requestToJoin(league: l, teamName: "Zoë's 🏈"), .redeemInvite(code: "ABCD-1234", teamName: "T"), .leaveLeague(l),
            .moveInLineup(league: l, team: t, move: LineupMove("p1", to: .bench, swapWith: "p2")),
            .addFreeAgent(league: l, team: t, player: "p1", dropping: nil), .dropPlayer(league: l, team: t, player: "p1"),
            .placeClaim(league: l, team: t, player: "p1", dropping: "p2", bid: 12), .cancelClaim(league: l, claim: 5),
            .reorderClaims(league: l, team: t, order: [3, 1]), .makePick(league: l, expectedPick: 3, player: "p1"),
            .editQueue(league: l, edit: .move("p1", to: 2)), .sendChat(league: l, text: "gl hf"),
            .commissioner(.decideJoinRequest(league: l, user: UserID(2), approve: true)),
            .commissioner(.createInvite(league: l, uses: 3, expiresAt: Self.now + 3600)), .commissioner(.revokeInvite(league: l, code: "X")),
            .commissioner(.updateSettings(league: l, settings: LeagueSettings())), .commissioner(.setDraftOrder(league: l, order: [t])),
            .commissioner(.randomizeDraftOrder(l)), .commissioner(.scheduleDraft(league: l, at: nil)), .commissioner(.startDraft(l)),
            .commissioner(.pauseDraft(l)), .commissioner(.resumeDraft(l)), .commissioner(.undoLastPick(l)),
            .commissioner(.pickForTeam(league: l, expectedPick: 4, expectedTeam: t, player: "p1")), .commissioner(.setAutopick(league: l, team: t, on: true)),
            .commissioner(.advanceClock(league: l, to: Self.now + 86400)),
        ]
        for write in writes {
            try store.save(PendingAction(write, createdAt: Self.now))
            #expect(PendingActionStore(path: store.path).load(now: Self.now)?.write == write)
        }
        #expect(GatedWrite.redeemInvite(code: "X", teamName: "T").league == nil)
        #expect(GatedWrite.commissioner(.startDraft(l)).league == l)
    }

    @Test func eachSSHKeyHasItsOwnSessionAndPendingAction() throws {
        let dir = TempDir()
        let env = ["XDG_STATE_HOME": dir.path]
        let a = try LocalStateDirectory.resolve(environment: env, sshKeyFingerprint: "SHA256:aaaa")
        let b = try LocalStateDirectory.resolve(environment: env, sshKeyFingerprint: "SHA256:bbbb")
        let local = try LocalStateDirectory.resolve(environment: env)
        try CredentialsStore(directory: a).save(Self.credentials)
        try PendingActionStore(directory: a).save(PendingAction(.leaveLeague(LeagueID(1)), createdAt: Self.now))
        #expect(CredentialsStore(directory: b).load() == nil)
        #expect(PendingActionStore(directory: b).load(now: Self.now) == nil)
        #expect(CredentialsStore(directory: local).load() == nil)
        #expect(CredentialsStore(directory: a).load() == Self.credentials)

        #expect(try a.deviceID() == "ssh:SHA256:aaaa")
        let id = try local.deviceID()
        #expect(id.hasPrefix("local:") && id.count == 6 + 32)
        #expect(try local.deviceID() == id)   // kept
        #expect(try mode(local.deviceIDFile) == 0o600)
    }

    @Test func aCorruptFileIsMovedAsideNotCrashedOn() throws {
        let dir = TempDir()
        let state = try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": dir.path])
        try state.create()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: state.credentialsFile))
        try Data([0xFF, 0x00, 0x12]).write(to: URL(fileURLWithPath: state.pendingActionFile))

        let credentials = CredentialsStore(directory: state)
        #expect(credentials.load() == nil)
        #expect(credentials.movedAside.count == 1)
        #expect(!FileManager.default.fileExists(atPath: state.credentialsFile))
        #expect(FileManager.default.contents(atPath: credentials.movedAside[0]) == Data("{not json".utf8))

        let pending = PendingActionStore(directory: state)
        #expect(pending.load(now: Self.now) == nil)
        #expect(pending.movedAside.count == 1)
        // Usable again afterwards.
        try credentials.save(Self.credentials)
        #expect(credentials.load() == Self.credentials)
    }
}

@Suite struct LocalDeviceTests {
    @Test func checkingLocalFilesMovesDamagedOnesAsideBeforeAnythingLoadsThem() throws {
        let dir = TempDir()
        let device = try LocalDevice(environment: ["XDG_STATE_HOME": dir.path])
        try device.directory.create()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: device.directory.credentialsFile))
        try Data([0xFF]).write(to: URL(fileURLWithPath: device.directory.pendingActionFile))
        let moved = device.checkLocalFiles()
        #expect(moved.count == 2)
        #expect(moved.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(!FileManager.default.fileExists(atPath: device.directory.credentialsFile))
        #expect(device.movedAside == moved)
    }

    @Test func aDeviceBundlesItsSessionAndPendingActionInOneFolder() throws {
        let dir = TempDir()
        let device = try LocalDevice(environment: ["XDG_STATE_HOME": dir.path], sshKeyFingerprint: "SHA256:k1")
        #expect(device.directory.path == dir.path + "/clubhouse/devices/SHA256.k1")
        #expect(device.session.deviceID == "ssh:SHA256:k1")
        #expect(device.session.credentials.path == device.directory.credentialsFile)
        #expect(device.pendingActions.path == device.directory.pendingActionFile)
        #expect(device.movedAside.isEmpty)
        // Inside `clubhouse ssh-session` XDG_STATE_HOME is already the key's folder: no second subfolder.
        let ssh = try LocalDevice(environment: ["XDG_STATE_HOME": dir.path + "/k2"], sshKeyFingerprint: "SHA256:k2", separateDevices: false)
        #expect(ssh.directory.path == dir.path + "/k2/clubhouse")
        #expect(ssh.session.deviceID == "ssh:SHA256:k2")
        let local = try LocalDevice(environment: ["XDG_STATE_HOME": dir.path])
        #expect(local.session.deviceID.hasPrefix("local:"))
    }
}
