import ClubhouseData
import Foundation
import Testing

/// Where the shipped season is found: beside an installed binary first, from the binary's own path.
@Suite struct ShippedDataTests {
    @Test func anInstalledBinaryLooksInItsPrefixShare() {
        let url = ShippedData.installedDirectory("nflverse", executable: URL(fileURLWithPath: "/opt/club/bin/clubhouse"))
        #expect(url.path == "/opt/club/share/clubhouse/nflverse")
    }

    @Test func theInstalledPlaceIsSearchedFirstAndTheBuildFolderStillFindsTheSeason() throws {
        let searched = ShippedData.searched("nflverse")
        #expect(searched.first?.hasSuffix("/share/clubhouse/nflverse") == true, "\(searched)")
        let found = try #require(ShippedData.directory("nflverse"))
        #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent("play_by_play_2019.csv.gz").path))
    }
}
