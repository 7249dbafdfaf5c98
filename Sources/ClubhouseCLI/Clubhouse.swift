import ClubhouseDomain
import ClubhouseData
import Foundation

/// The composition root: parses the command line and runs the chosen command.
/// Exit codes: 0 success, 1 failure, 2 bad usage (dist/man/clubhouse.1, EXIT STATUS).
///
/// Both binaries start here. `clubhouse` (the embedded app, what people open dozens of times a day) runs the app and
/// `import-stats` itself and links no networking library; the commands that need one — `serve`, `--server URL`,
/// `host-ssh` and the SSH session commands — are `clubhouse-net`'s, which passes them in as `network` and which
/// `clubhouse` execs from beside itself (`NetworkBinary`) when it has none.
package enum Clubhouse {
    /// Runs a networked command in this process: `args.command` is `serve`, `host-ssh`, `ssh-session`,
    /// `ssh-authorized-keys` or `ssh-keeper`, or nil for the app on a league server (`--server URL`, checked).
    package typealias NetworkCommands = (_ args: ParsedArguments) -> Int32

    /// The commands `network` runs (the rest are this library's).
    static let networkCommands: Set<String> = ["serve", "host-ssh", "ssh-session", "ssh-authorized-keys", "ssh-keeper"]

    static let commands: [String: ParsedArguments.Grammar] = [
        "import-stats": .init(valueOptions: ["database"], flags: []),
        "backup": .init(valueOptions: ["database"], flags: []),
        // season import|list run here on a SQLite file; season fetch, and anything on PostgreSQL, in clubhouse-net.
        "season": .init(valueOptions: ["database", "season", "from"], flags: []),
        "serve": .init(valueOptions: ["listen", "tls-cert", "tls-key", "database", "db-pool", "db-timeout", "read-cache", "max-streams", "ssh-host-secret-file", "trusted-proxy", "metrics-token-file",
                                      "refresh-season", "every", "from", "webhook-allow", "webhook-ca", "webhook-retry-base"], flags: ["allow-plain-http"]),
        "host-ssh": .init(valueOptions: ["port", "listen", "database", "policy", "state-dir", "user", "server", "ssh-host-secret-file", "ca-file"], flags: ["allow-plain-http"]),
        // Internal: run by the sshd that host-ssh configures (ForceCommand, AuthorizedKeysCommand).
        "ssh-session": .init(valueOptions: ["server", "ssh-host-secret-file", "ca-file", "devices-dir", "policy"], flags: ["no-color"]),
        "ssh-authorized-keys": .init(valueOptions: ["server", "ssh-host-secret-file", "ca-file", "policy"], flags: []),
        // Internal: started by host-ssh to own sshd (SSHDSupervisor.swift).
        "ssh-keeper": .init(valueOptions: ["sshd", "config", "listen", "port", "serve-listen", "serve-database", "serve-secret-file", "serve-log"], flags: []),
    ]
    static let root = ParsedArguments.Grammar(valueOptions: ["database", "server", "ca-file"], flags: ["no-color", "allow-plain-http"])

    package static func run(_ arguments: [String], network: NetworkCommands?) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments.parse(arguments, commands: commands, root: root)
        } catch {
            Output.error("clubhouse: \(error.description)\nTry 'clubhouse --help'.")
            return 2
        }
        if args.flags.contains("version") {
            print("clubhouse \(ClubhouseVersion.string)")
            return 0
        }
        switch args.command {
        case nil:
            if args.flags.contains("help") { print(Usage.main); return 0 }
            guard args.positionals.isEmpty else {
                Output.error("clubhouse: unknown command '\(args.positionals[0])'\nTry 'clubhouse --help'.")
                return 2
            }
            if let server = AppCommand.serverOption(args) {
                guard case .url = server else { return 2 }
                return runNetworked(args, arguments, network)
            }
            return AppCommand.run(AppCommand.Options(databasePath: args.options["database"], noColor: args.flags.contains("no-color")))
        case "import-stats":
            if args.flags.contains("help") { print(Usage.importStats); return 0 }
            return ImportStatsCommand.run(args)
        case "backup":
            if args.flags.contains("help") { print(Usage.backup); return 0 }
            return BackupCommand.run(args)
        case "season":
            if args.flags.contains("help") { print(Usage.season); return 0 }
            return SeasonCommand.needsNetwork(args) ? runNetworked(args, arguments, network) : SeasonCommand.run(args)
        case let command?:
            guard networkCommands.contains(command) else { return 2 }
            if args.flags.contains("help"), command != "ssh-keeper" {
                print(command == "serve" ? Usage.serve : command == "host-ssh" ? Usage.hostSSH : Usage.sshSession)
                return 0
            }
            return runNetworked(args, arguments, network)
        }
    }

    /// A networked command: run here when this is `clubhouse-net`, else by exec'ing it (which never returns).
    private static func runNetworked(_ args: ParsedArguments, _ arguments: [String], _ network: NetworkCommands?) -> Int32 {
        if let network { return network(args) }
        let failure = NetworkBinary.exec(arguments)
        Output.error("clubhouse: \(failure)")
        return 1
    }
}

/// Writes to standard error. Messages quote outside text (a data file's values, a server's headers, paths), so every
/// control character but the message's own line breaks is escaped (`TerminalText`): nothing a file says can set the
/// terminal's title or clear it.
package enum Output {
    package static func error(_ message: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(message, keepingNewlines: true) + "\n").utf8))
    }

    /// `command: ` and the sentence for a command's failure: an error the app explains says its `message`, a database's
    /// failure says what happened and where (a full disk, and which folder to free), anything else its description.
    package static func failure(_ command: String, _ error: any Error) {
        let sentence = switch error {
        case let e as any ClubhouseError: e.message
        case let e as DatabaseError: e.domainError.message
        default: "\(error)"
        }
        Output.error("\(command): \(sentence)")
    }
}
