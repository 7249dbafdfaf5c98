import ClubhouseDomain
import ClubhouseServer
import Testing

/// One table of routes: every league operation is an `Endpoint`, everything else a `ServiceRoute`, and the server's
/// router serves each exactly once (the events, health and metrics routes are the server's own, added at start).
@Suite("Server: the route table") struct RouteTableTests {
    static let ownRoutes: Set<ServiceRoute> = [ServiceRoutes.events, ServiceRoutes.health, ServiceRoutes.metrics]

    @Test func everyServiceRouteOutsideTheServersOwnIsRoutedOnce() {
        let routed = LeagueRoutes.all.map { "\($0.method) \($0.template)" }
        for route in ServiceRoutes.all where !Self.ownRoutes.contains(route) {
            #expect(routed.filter { $0 == "\(route.method.rawValue) \(route.path)" }.count == 1, "\(route.name) is routed once")
        }
        #expect(Set(routed).count == routed.count, "no method and path routed twice: \(routed.sorted())")
    }

    @Test func everyEndpointIsRoutedAndNamesAreUnique() {
        let routed = Set(LeagueRoutes.all.map { "\($0.method) \($0.template)" })
        for endpoint in Endpoints.all {
            #expect(routed.contains("\(endpoint.method.rawValue) \(endpoint.template)"), "\(endpoint.name) is routed")
        }
        let names = Endpoints.all.map(\.name) + ServiceRoutes.all.map(\.name)
        #expect(Set(names).count == names.count, "a name is used once across endpoints and service routes")
    }

    @Test func theEventsPathNamesItsLeagueOrNone() {
        #expect(ServiceRoutes.eventsPath(league: nil) == ServiceRoutes.events.path)
        #expect(ServiceRoutes.eventsPath(league: LeagueID(7)) == ServiceRoutes.events.path + "?league=7")
    }
}
