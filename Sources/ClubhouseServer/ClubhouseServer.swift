import ClubhouseDomain

/// ClubhouseServer: the HTTP adapter over `LeagueAPI` (arrives with the server issue).
public enum ClubhouseServer {}
