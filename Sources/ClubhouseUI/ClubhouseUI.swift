import ClubhouseDomain
import Terminal

/// ClubhouseUI: pages, reducers and views; the board and the sheet.
public enum ClubhouseUI {}
