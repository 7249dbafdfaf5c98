/// ClubhouseDomain: the league rules as pure Swift — models, rules, use cases and ports.
/// No I/O, no UI, no C modules; clocks and random sources are injected.
public enum ClubhouseDomain {
    public static let version = "0.1.0"
}
