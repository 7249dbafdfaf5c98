import ClubhouseData
import Foundation
import Testing

/// `make install` / `make uninstall` into a temporary DESTDIR, the installed copy run from another folder,
/// and the man page and shell completions checked against what `--help` prints, so they cannot drift.
/// (`make test` also runs `systemd-analyze verify` on the service units: `make check-units`.)
@Suite(.serialized) struct InstallTests {
    static let prefix = "/opt/clubhouse-test"

    /// The two units make one league server per machine: host-ssh's sessions are clients of clubhouse-serve's server,
    /// at the address it listens on, with the secret it is started with (and start it: Requires=). The serve unit makes
    /// that secret once — 0600, 256 bits in hex — and keeps it across restarts; the server's own check accepts it.
    @Test func theServiceUnitsShareOneServerAndItsSecret() throws {
        let serve = try String(contentsOfFile: Repo.root + "/dist/systemd/clubhouse-serve.service.in", encoding: .utf8)
        let host = try String(contentsOfFile: Repo.root + "/dist/systemd/clubhouse-host-ssh.service.in", encoding: .utf8)
        func values(_ unit: String, _ key: String) -> [String] {
            unit.split(separator: "\n").filter { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
        func option(_ line: String, _ name: String) -> String? {
            let words = line.split(separator: " ").map(String.init)
            return words.firstIndex(of: name).flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        }
        let serveStart = try #require(values(serve, "ExecStart").first)
        let hostStart = try #require(values(host, "ExecStart").first)
        let secret = try #require(option(serveStart, "--ssh-host-secret-file"))
        #expect(option(hostStart, "--ssh-host-secret-file") == secret)
        #expect(option(hostStart, "--server") == "http://" + (option(serveStart, "--listen") ?? "?"))
        #expect(option(hostStart, "--database") == nil, "host-ssh starts no league server of its own")
        #expect(values(host, "Requires") == ["clubhouse-serve.service"])
        #expect(values(host, "After").first?.contains("clubhouse-serve.service") == true)
        // The season refresh (a timer's oneshot) writes the server's database, as the server's user.
        let refresh = try String(contentsOfFile: Repo.root + "/dist/systemd/clubhouse-season-refresh.service.in", encoding: .utf8)
        let refreshStart = try #require(values(refresh, "ExecStart").first)
        #expect(refreshStart.hasPrefix("@BINDIR@/clubhouse season fetch ${CLUBHOUSE_SEASON} "))
        #expect(option(refreshStart, "--database") == option(serveStart, "--database"))
        #expect(values(refresh, "User") == values(serve, "User") && values(refresh, "StateDirectory") == values(serve, "StateDirectory"))
        let timer = try String(contentsOfFile: Repo.root + "/dist/systemd/clubhouse-season-refresh.timer.in", encoding: .utf8)
        #expect(values(timer, "OnUnitActiveSec") == ["10min"])

        // The serve unit's ExecStartPre, run on a temporary folder in place of /var/lib/clubhouse.
        let pre = try #require(values(serve, "ExecStartPre").first)
        #expect(pre.hasPrefix("/bin/sh -c '") && pre.hasSuffix("'"))
        let script = String(pre.dropFirst("/bin/sh -c '".count).dropLast())
        let work = try TemporaryHome()
        let local = script.replacingOccurrences(of: (secret as NSString).deletingLastPathComponent, with: work.url.path)
        let made = work.url.path + "/" + (secret as NSString).lastPathComponent
        #expect(try Repo.run("/bin/sh", ["-c", local]).status == 0)
        let first = try String(contentsOfFile: made, encoding: .utf8)
        #expect(first.count == 64 && first.allSatisfy(\.isHexDigit), "\(first)")
        let mode = (try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        #expect(try SSHHostSecret.read(made) == first, "clubhouse serve --ssh-host-secret-file takes it")
        #expect(try Repo.run("/bin/sh", ["-c", local]).status == 0)
        #expect(try String(contentsOfFile: made, encoding: .utf8) == first, "kept across restarts: sessions signed in stay valid")
    }

    @Test func installedCopyRunsFromAnotherFolderAndUninstallRemovesIt() throws {
        let work = try TemporaryHome()
        let destdir = work.url.appendingPathComponent("stage").path
        let root = destdir + Self.prefix
        let made = try Repo.make(["install", "DESTDIR=\(destdir)", "PREFIX=\(Self.prefix)", "BIN=\(Binary.path)"])
        #expect(made.status == 0, "make install failed:\n\(made.out)\(made.err)")

        // Everything lands under DESTDIR$PREFIX, and nothing anywhere else.
        let installed = try Repo.files(under: destdir)
        #expect(!installed.isEmpty)
        #expect(installed.allSatisfy { $0.hasPrefix(root + "/") }, "outside \(root): \(installed.filter { !$0.hasPrefix(root + "/") })")
        let expected = ["bin/clubhouse", "share/man/man1/clubhouse.1", "share/bash-completion/completions/clubhouse",
                        "share/zsh/site-functions/_clubhouse", "share/clubhouse/systemd/clubhouse-serve.service",
                        "share/clubhouse/systemd/clubhouse-host-ssh.service", "share/clubhouse/systemd/clubhouse-backup.service",
                        "share/clubhouse/systemd/clubhouse-backup.timer", "share/clubhouse/systemd/clubhouse-season-refresh.service",
                        "share/clubhouse/systemd/clubhouse-season-refresh.timer"]
            + (SeasonImport.shippedFiles + ["README.md"]).map { "share/clubhouse/nflverse/" + $0 }
        for file in expected { #expect(installed.contains(root + "/" + file), "not installed: \(file)") }
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/clubhouse"))
        #expect(try String(contentsOfFile: root + "/share/man/man1/clubhouse.1", encoding: .utf8)
                == String(contentsOfFile: Repo.root + "/dist/man/clubhouse.1", encoding: .utf8))

        // The units run the binary where it will be after installing: PREFIX, not DESTDIR.
        for unit in ["clubhouse-serve", "clubhouse-host-ssh"] {
            let text = try String(contentsOfFile: root + "/share/clubhouse/systemd/\(unit).service", encoding: .utf8)
            #expect(text.contains("ExecStart=\(Self.prefix)/bin/clubhouse "), "\(unit): \(text)")
            #expect(!text.contains("@BINDIR@") && !text.contains("@DATADIR@") && !text.contains(destdir))
        }
        let backup = try String(contentsOfFile: root + "/share/clubhouse/systemd/clubhouse-backup.service", encoding: .utf8)
        #expect(backup.contains("exec \(Self.prefix)/bin/clubhouse backup --database /var/lib/clubhouse/league.sqlite "), "\(backup)")

        // The installed copy, run from another folder: version, import-stats (which seeds the season from the
        // installed data), and the app's first frame in a real terminal.
        let elsewhere = work.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let binary = root + "/bin/clubhouse"
        let version = try Repo.run(binary, ["--version"], in: elsewhere.path, environment: work.environment)
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("clubhouse "))

        // A one-row correction in nflverse's weekly layout: McCaffrey's week 1 with 11 catches instead of 10.
        let shippedWeek = try String(decoding: Self.inflate(Repo.root + "/Sources/ClubhouseData/Resources/nflverse/stats_player_week_2019.csv.gz"), as: UTF8.self)
            .components(separatedBy: "\n")
        let header = shippedWeek[0].components(separatedBy: ",")
        var row = try #require(shippedWeek.first { $0.hasPrefix("00-0033280,") && $0.contains(",2019,1,REG,") }).components(separatedBy: ",")
        row[try #require(header.firstIndex(of: "receptions"))] = "11"
        let csv = elsewhere.appendingPathComponent("stats_player_week_2019.csv").path
        try (shippedWeek[0] + "\n" + row.joined(separator: ",") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try Repo.run(binary, ["import-stats", "stats_player_week_2019.csv", "--database", "league.sqlite"], in: elsewhere.path,
                                    environment: work.environment)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("stats_player_week_2019.csv  1 rows, 1 imported"), "\(imported.out)")
        #expect(imported.out.contains(" 1 weekly lines"), "\(imported.out)")

        let tmux = try Tmux(command: "bash --norc --noprofile", environment: work.environment)
        try tmux.type("cd \(Tmux.shellQuote(elsewhere.path)) && \(Tmux.shellQuote(binary)); echo \"exit=$?\"")
        try tmux.send("Enter")
        let first = try tmux.waitFor("Public leagues (", timeout: 120)
        #expect(first.matched, "the installed app never showed Home:\n\(first.screen)")
        #expect(first.screen.contains("Clubhouse League"))
        try tmux.send("C-c")
        let quit = try tmux.waitFor("exit=0", timeout: 30)
        #expect(quit.matched, "the installed app did not quit on ctrl-c:\n\(quit.screen)")

        // It reads the season from its own PREFIX/share/clubhouse, not from the build folder: with a file gone
        // there, seeding a new database fails and names the installed path.
        try FileManager.default.removeItem(atPath: root + "/share/clubhouse/nflverse/games.csv.gz")
        let broken = try Repo.run(binary, ["import-stats", "stats_player_week_2019.csv", "--database", "other.sqlite"], in: elsewhere.path,
                                  environment: work.environment)
        #expect(broken.status == 1)
        #expect(broken.err.contains(root + "/share/clubhouse/nflverse/games.csv.gz"), "\(broken.err)")
        try FileManager.default.copyItem(atPath: Repo.root + "/Sources/ClubhouseData/Resources/nflverse/games.csv.gz",
                                         toPath: root + "/share/clubhouse/nflverse/games.csv.gz")

        // make uninstall removes every file it installed, and its own folders.
        let removed = try Repo.make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=\(Self.prefix)"])
        #expect(removed.status == 0, "make uninstall failed:\n\(removed.out)\(removed.err)")
        #expect(try Repo.files(under: destdir) == [], "left behind")
        #expect(!FileManager.default.fileExists(atPath: root + "/share/clubhouse"))
    }

    /// A gzip file's bytes, inflated (through the app's own reader).
    static func inflate(_ path: String) throws -> [UInt8] {
        let source = GzipSource(try #require(FileSource(path: path)))
        var out: [UInt8] = []
        while try source.read(into: &out, limit: 1 << 16) > 0 {}
        return out
    }

    @Test func manPageRendersWithoutWarnings() throws {
        let page = Repo.root + "/dist/man/clubhouse.1"
        let man = try Repo.run("/usr/bin/env", ["man", "--warnings", "-l", page], environment: ["MANWIDTH": "80"])
        #expect(man.status == 0, "\(man.err)")
        #expect(man.err.isEmpty, "man -l warns:\n\(man.err)")
        #expect(man.out.contains("SYNOPSIS") && man.out.contains("EXIT STATUS") && man.out.contains("EXAMPLES"))
        let groff = try Repo.run("/usr/bin/env", ["groff", "-ww", "-man", "-z", page])
        #expect(groff.status == 0 && groff.err.isEmpty, "groff warns:\n\(groff.err)")
    }

    @Test func everyCommandAndOptionHelpListsIsInTheManPage() throws {
        let man = try Repo.run("/usr/bin/env", ["man", "-l", Repo.root + "/dist/man/clubhouse.1"], environment: ["MANWIDTH": "1000"])
        #expect(man.status == 0)
        // 1000 columns: no line breaks inside an option. A groff that prints \- as a Unicode minus or hyphen
        // still counts.
        let page = man.out.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
        for (command, help) in try Help.all() {
            if let command { #expect(page.contains("clubhouse \(command)") || page.contains("\n   \(command)"), "man page lacks the command \(command)") }
            for option in Help.options(help) {
                #expect(page.contains(option), "the man page lacks \(option), which 'clubhouse \(command.map { $0 + " " } ?? "")--help' lists")
            }
        }
        for variable in ["NO_COLOR", "CLUBHOUSE_SERVER", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] {
            #expect(page.contains(variable))
        }
    }

    @Test func bashCompletionOffersEveryCommandAndOption() throws {
        let script = Repo.root + "/dist/completion/clubhouse.bash"
        let all = try Help.all()
        let commands = all.compactMap(\.command).filter { !Help.internalCommands.contains($0) }
        let offeredCommands = try Completion.bash(script, words: ["clubhouse", ""])
        #expect(Set(commands).isSubset(of: offeredCommands), "bash offers \(offeredCommands.sorted()), --help lists \(commands)")
        let zsh = try String(contentsOfFile: Repo.root + "/dist/completion/_clubhouse", encoding: .utf8)
        for (command, help) in all where !Help.internalCommands.contains(command ?? "") {
            let offered = try Completion.bash(script, words: ["clubhouse"] + (command.map { [$0] } ?? []) + ["--"])
            for option in Help.options(help) where option.hasPrefix("--") {
                #expect(offered.contains(option), "bash completion of 'clubhouse \(command ?? "")' lacks \(option): \(offered.sorted())")
                #expect(zsh.contains("'\(option)") || zsh.contains("\(option)}"), "zsh completion lacks \(option)")
            }
            if let command { #expect(zsh.contains("'\(command):"), "zsh completion lacks \(command)") }
        }
        #expect(try Completion.bash(script, words: ["clubhouse", "host-ssh", "--policy", ""]) == ["open", "linked"])
    }
}

/// What `--help` prints: the main text and each command's (the commands it lists, and the internal ones).
enum Help {
    static let internalCommands: Set<String> = ["ssh-session"]

    static func all() throws -> [(command: String?, text: String)] {
        let main = try Binary.run(["--help"])
        #expect(main.status == 0)
        var result: [(String?, String)] = [(nil, main.out)]
        for command in commands(main.out) + internalCommands.sorted() {
            let r = try Binary.run([command, "--help"])
            #expect(r.status == 0, "clubhouse \(command) --help: \(r.err)")
            result.append((command, r.out))
        }
        return result
    }

    /// The names under "Commands:" (indented lines up to the next blank line).
    static func commands(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Commands:") }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .compactMap { $0.hasPrefix("  ") ? $0.split(separator: " ").first.map(String.init) : nil }
    }

    /// Every option the text names: `--long-name` anywhere, and `-x` where an option line starts with it
    /// (`  -h, --help`; not the `ssh -p PORT` of an example).
    static func options(_ help: String) -> Set<String> {
        var found = Set<String>()
        for match in help.matches(of: /(?:^|[^\w-])(--[a-z][a-z0-9-]*)/) { found.insert(String(match.1)) }
        for line in help.split(separator: "\n") {
            if let match = line.firstMatch(of: /^\s+(-[a-zA-Z]),/) { found.insert(String(match.1)) }
        }
        return found
    }
}

/// Runs the bash completion function the way bash-completion calls it, and returns what it offers.
enum Completion {
    static func bash(_ script: String, words: [String]) throws -> Set<String> {
        let quoted = words.map(Tmux.shellQuote).joined(separator: " ")
        let program = """
            source /usr/share/bash-completion/bash_completion || exit 3
            source \(Tmux.shellQuote(script)) || exit 4
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _clubhouse clubhouse "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try Repo.run("/bin/bash", ["--norc", "--noprofile", "-c", program])
        #expect(r.status == 0, "bash completion failed (\(r.status)): \(r.err)")
        return Set(r.out.split(separator: "\n").map(String.init))
    }
}

/// The checkout and running things in it.
enum Repo {
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static func make(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try run("/usr/bin/env", ["make", "--no-print-directory", "-C", root] + args, environment: ["MAKEFLAGS": "", "MAKELEVEL": ""])
    }

    /// Every regular file and symlink under `path`, absolute.
    static func files(under path: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        for case let relative as String in walker {
            let full = path + "/" + relative
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue { files.append(full) }
        }
        return files.sorted()
    }

    static func run(_ executable: String, _ args: [String], in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        p.environment = env
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString).out")
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outFile); try? FileManager.default.removeItem(at: errFile) }
        p.standardOutput = try FileHandle(forWritingTo: outFile)
        p.standardError = try FileHandle(forWritingTo: errFile)
        p.standardInput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
                (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }
}
