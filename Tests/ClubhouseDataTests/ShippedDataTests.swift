import ClubhouseData
import Foundation
import Testing

/// Where the shipped season is found: beside an installed binary first, from the binary's own path.
@Suite struct ShippedDataTests {
    @Test func anInstalledBinaryLooksInItsPrefixShare() {
        let url = ShippedData.installedDirectory("nfl-2019", executable: URL(fileURLWithPath: "/opt/club/bin/clubhouse"))
        #expect(url.path == "/opt/club/share/clubhouse/nfl-2019")
    }

    @Test func theInstalledPlaceIsSearchedFirstAndTheBuildFolderStillFindsTheSeason() throws {
        let searched = ShippedData.searched("nfl-2019")
        #expect(searched.first?.hasSuffix("/share/clubhouse/nfl-2019") == true, "\(searched)")
        let found = try #require(ShippedData.directory("nfl-2019"))
        #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent("weekly_stats.csv").path))
    }
}
