import ClubhouseDomain
import Foundation

/// The composition root: parses the command line and runs the chosen command.
/// Exit codes: 0 success, 1 failure, 2 bad usage (SPEC §5).
enum Clubhouse {
    static let commands: [String: ParsedArguments.Grammar] = [
        "import-stats": .init(valueOptions: ["database"], flags: []),
        "serve": .init(valueOptions: ["listen", "database", "ssh-host-secret-file"], flags: []),
        "host-ssh": .init(valueOptions: ["port", "listen", "database", "policy", "state-dir", "user", "server", "ssh-host-secret-file"], flags: []),
        // Internal: run by the sshd that host-ssh configures (ForceCommand, AuthorizedKeysCommand).
        "ssh-session": .init(valueOptions: ["server", "ssh-host-secret-file", "devices-dir", "policy"], flags: ["no-color"]),
        "ssh-authorized-keys": .init(valueOptions: ["server", "ssh-host-secret-file", "policy"], flags: []),
        // Internal: started by host-ssh to own sshd (SSHDSupervisor.swift).
        "ssh-keeper": .init(valueOptions: ["sshd", "config", "listen", "port", "serve-listen", "serve-database", "serve-secret-file", "serve-log"], flags: []),
    ]
    static let root = ParsedArguments.Grammar(valueOptions: ["database", "server"], flags: ["no-color"])

    static func run(_ arguments: [String]) -> Int32 {
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
            return AppCommand.run(args)
        case "import-stats":
            if args.flags.contains("help") { print(Usage.importStats); return 0 }
            return ImportStatsCommand.run(args)
        case "serve":
            if args.flags.contains("help") { print(Usage.serve); return 0 }
            return ServeCommand.run(args)
        case "host-ssh":
            if args.flags.contains("help") { print(Usage.hostSSH); return 0 }
            return HostSSHCommand.run(args)
        case "ssh-session":
            if args.flags.contains("help") { print(Usage.sshSession); return 0 }
            return SSHSessionCommand.run(args)
        case "ssh-authorized-keys":
            if args.flags.contains("help") { print(Usage.sshSession); return 0 }
            return SSHAuthorizedKeysCommand.run(args)
        case "ssh-keeper":
            return SSHDKeeper.run(args)
        default:
            return 2
        }
    }
}

/// Writes to standard error.
enum Output {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
