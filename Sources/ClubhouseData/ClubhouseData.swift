import ClubhouseDomain

/// ClubhouseData: implementations of the Domain's ports (SQLite stores, CSV import, local state).
public enum ClubhouseData {}
