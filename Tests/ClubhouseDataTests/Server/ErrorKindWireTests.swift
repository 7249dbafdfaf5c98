import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote

/// One table carries errors over the wire (`ErrorKind+Wire.swift`): the server answers an error by its kind, the remote
/// client reads the answer back into the same error. Sent through a real server to the real client, every kind arrives
/// as it left; a failure behind the server arrives as unavailable, without its cause.
@Suite("Server: error kinds on the wire") struct ErrorKindWireTests {
    /// One error of every kind, the status and code it is sent with, and what the client makes of it. The switch is
    /// exhaustive: a new kind doesn't compile here until it has its row.
    static func row(_ kind: ErrorKind) -> (sent: any ClubhouseError, status: Int, code: String, arrives: DomainError) {
        switch kind {
        case .unauthenticated: (DomainError.unauthenticated, 401, "unauthenticated", .unauthenticated)
        case .forbidden:
            (DomainError.forbidden("Only the commissioner can start the draft"), 403, "forbidden",
             .forbidden("Only the commissioner can start the draft"))
        case .notFound: (DomainError.notFound("League 12"), 404, "not_found", .notFound("League 12"))
        case .conflict: (DomainError.conflict("Pick 14 was already made"), 409, "conflict", .conflict("Pick 14 was already made"))
        case .validation:
            (LineupRefusal.slotFull(.rb, capacity: 2), 422, "validation",
             .validation(field: "lineup", message: "All 2 RB spots are taken — swap with someone there"))
        case .rateLimited(let s): (DomainError.rateLimited(retryAfterSeconds: s), 429, "rate_limited", .rateLimited(retryAfterSeconds: s))
        case .limitReached(let s):
            (DomainError.limitReached("10 new leagues a day — try again tomorrow", retryAfterSeconds: s), 429, "limit_reached",
             .limitReached("10 new leagues a day — try again tomorrow", retryAfterSeconds: s))
        case .storage:
            (DomainError.storage("The disk is full: couldn't save to /srv/league.sqlite. Nothing was changed."), 503, "unavailable",
             .transport(ServerErrors.databaseUnavailable.message))
        case .unavailable:
            (DomainError.transport("the database host db.internal refused the connection"), 503, "unavailable",
             .transport(ServerErrors.serverFailed.message))
        }
    }

    static let kinds: [ErrorKind] = [.unauthenticated, .forbidden, .notFound, .conflict, .validation(field: "lineup"),
                                     .rateLimited(retryAfterSeconds: 30), .limitReached(retryAfterSeconds: 3600), .storage, .unavailable]

    @Test func everyKindHasOneStatusAndCodeAndIsReadBackAsItself() {
        for kind in Self.kinds {
            let row = Self.row(kind)
            #expect(row.sent.kind == kind)
            #expect((kind.status, kind.code) == (row.status, row.code), "\(kind)")
            let sent = ServerErrors.from(row.sent)
            #expect((sent.status, sent.code, sent.field, sent.retryAfter) == (row.status, row.code, kind.field, kind.retryAfterSeconds), "\(kind)")
            let read = ErrorKind(status: sent.status, code: sent.code, field: sent.field, retryAfter: sent.retryAfter ?? 1)
            // A failure behind the server is the client's "couldn't reach": its own storage is fine.
            #expect(read == (kind == .storage ? .unavailable : kind), "\(kind)")
        }
    }

    @Test func statusesOutsideTheTableAreNoKind() {
        #expect(ErrorKind(status: 404, code: "no_route", field: nil, retryAfter: 1) == nil)
        #expect(ErrorKind(status: 405, code: "method_not_allowed", field: nil, retryAfter: 1) == nil)
        #expect(ErrorKind(status: 500, code: nil, field: nil, retryAfter: 1) == nil)
        #expect(ErrorKind(status: 400, code: "invalid_field", field: "name", retryAfter: 1) == .validation(field: "name"))
    }

    /// A read that refuses with the error of the row its league's number picks.
    static let refuse = Endpoint<At.League, Wire.Empty, Wire.Empty>.read("refuse", "/v1/refusals/{league}") { _, a in
        throw row(kinds[Int(a.league.rawValue) - 1]).sent
    }

    @Test func everyKindCrossesFromTheServerToTheRemoteClientUnchanged() async throws {
        let server = try ServerVersionHeaderTests.server(try ContractWorld(), version: .current, endpoints: [Self.refuse])
        defer { server.stopNow() }
        let api = RemoteLeagueAPI(server: URL(string: server.url)!, idleTimeout: 120, requestTimeout: 240)
        for (i, kind) in Self.kinds.enumerated() {
            let row = Self.row(kind)
            do {
                _ = try await api.call(Self.refuse, At.League(LeagueID(Int64(i + 1))), Wire.Empty())
                Issue.record("\(kind): answered")
            } catch let error as DomainError {
                #expect(error == row.arrives, "\(kind)")
                #expect(error.kind == (kind == .storage ? .unavailable : kind), "\(kind)")
                if kind == .storage { #expect(!error.message.contains("/srv"), "the cause stays in the server's log") }
            }
        }
    }
}
