import Testing
@testable import ClubhouseData

@Suite struct CSVTests {
    @Test func parsesQuotesEscapesAndEmbeddedNewlines() throws {
        let t = try CSV.parse("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",\n3,,z\n", fileName: "f.csv")
        #expect(t.header == ["a", "b", "c"])
        #expect(t.records.map(\.fields) == [["1", "x, y", "say \"hi\""], ["2", "two\nlines", ""], ["3", "", "z"]])
        #expect(t.records.map(\.line) == [2, 3, 5])
    }

    @Test func toleratesCRLFBOMAndTrailingBlankLines() throws {
        let t = try CSV.parse("\u{FEFF}a,b\r\n1,2\r\n\"3\",4\r\n\r\n", fileName: "f.csv")
        #expect(t.header == ["a", "b"])
        #expect(t.records.map(\.fields) == [["1", "2"], ["3", "4"]])
        // Without its final line end a file is cut short, even when every field is there.
        #expect(throws: DataFileError(file: "f.csv", line: 2, reason: "the file doesn't end with a line end: it is truncated in this row (an interrupted download?)")) {
            try CSV.parse("a,b\n1,2", fileName: "f.csv")
        }
    }

    @Test func reportsStrictnessViolationsWithTheLine() {
        func failure(_ text: String) -> DataFileError? {
            do { _ = try CSV.parse(text, fileName: "f.csv"); return nil } catch { return error }
        }
        #expect(failure("a,b\n1,2\n3\n")?.description == "f.csv:3: expected 2 fields, found 1")
        #expect(failure("a,b\n1,2,3\n")?.line == 2)
        #expect(failure("a,b\n1,x\"y\n")?.reason == "quote inside an unquoted field")
        #expect(failure("a,b\n1,\"x\"y\n")?.reason == "unexpected character after a closing quote")
        #expect(failure("a,b\n1,2\n3,\"open\n4,5\n") == DataFileError(file: "f.csv", line: 3, reason: "unterminated quoted field"))
        #expect(failure("a,b\n1,2\n\n3,4\n")?.line == 3)
        #expect(failure("a,a\n1,2\n")?.line == 1)
        #expect(failure("")?.reason == "the file is empty")
    }
}
