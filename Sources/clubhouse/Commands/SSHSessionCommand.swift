import ClubhouseData
import Foundation

/// `clubhouse ssh-session --database PATH --devices-dir DIR --policy open|linked` (internal): what
/// sshd's ForceCommand runs for each connection made to `clubhouse host-ssh`. Identifies the device by
/// the key in `SSH_USER_AUTH`, gives it its own state folder, then runs the normal app.
enum SSHSessionCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        guard let policy = SSHDConfiguration.Policy(rawValue: args.options["policy"] ?? "open") else {
            Output.error("clubhouse ssh-session: --policy must be open or linked")
            return 2
        }
        // A command given on the ssh line (`ssh host ls`) is not run: everyone gets the app.
        let key: SSHPublicKey
        do { key = try SSHUserAuth.load(environment: env).deviceKey() } catch {
            Output.error("clubhouse: \(error.description)")
            return 2
        }
        let fingerprint = key.fingerprint

        if policy == .linked {
            do {
                let db = try OpenDatabase.open(explicitPath: args.options["database"], seed: .world, quiet: true)
                guard try SSHLinkedKeys.isLinked(fingerprint, in: db) else {
                    Output.error("clubhouse: this key (\(fingerprint)) is not linked to an account on this host")
                    return 2
                }
            } catch {
                Output.error("clubhouse: \(error)")
                return 1
            }
        }

        // Per-device state: every SSH user shares this system account, so settings, the local
        // session and pending actions live per key fingerprint.
        let devices = args.options["devices-dir"] ?? StateDirectory.clubhouse(environment: env).appending("/devices")
        let deviceDir: String
        do {
            deviceDir = try LocalStateDirectory.deviceFolder(in: devices, fingerprint: fingerprint)
        } catch {
            Output.error("clubhouse: this key's fingerprint (\(fingerprint)) cannot name a device folder")
            return 1
        }
        do {
            for sub in ["", "/config", "/state"] {
                try FileManager.default.createDirectory(atPath: deviceDir + sub, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
        } catch {
            Output.error("clubhouse: cannot create the device folder \(deviceDir): \(error.localizedDescription)")
            return 1
        }
        setenv("XDG_CONFIG_HOME", deviceDir + "/config", 1)
        setenv("XDG_STATE_HOME", deviceDir + "/state", 1)
        setenv("CLUBHOUSE_DEVICE_DIR", deviceDir, 1)
        setenv("CLUBHOUSE_SSH_FINGERPRINT", fingerprint, 1)

        return AppCommand.run(AppCommand.Options(
            databasePath: args.options["database"],
            noColor: args.flags.contains("no-color"),
            device: .init(fingerprint: fingerprint, publicKey: key.openSSHLine, stateDirectory: deviceDir, policy: policy)))
    }
}

/// `clubhouse ssh-authorized-keys [--database PATH] [--policy open|linked] TYPE BASE64` (internal): sshd's
/// AuthorizedKeysCommand. Prints the offered key back (so sshd accepts it) when the policy allows it.
enum SSHAuthorizedKeysCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard args.positionals.count == 2 else {
            Output.error("clubhouse ssh-authorized-keys: expected TYPE and BASE64 (sshd's %t %k)")
            return 2
        }
        guard let policy = SSHDConfiguration.Policy(rawValue: args.options["policy"] ?? "open") else {
            Output.error("clubhouse ssh-authorized-keys: --policy must be open or linked")
            return 2
        }
        let key: SSHPublicKey
        do { key = try SSHPublicKey(type: args.positionals[0], base64: args.positionals[1]) } catch {
            Output.error("clubhouse ssh-authorized-keys: \(error.description)")
            return 1
        }
        switch policy {
        case .open:
            print(key.openSSHLine)
        case .linked:
            do {
                let location = try DatabaseLocation.resolve(explicitPath: args.options["database"], environment: ProcessInfo.processInfo.environment)
                // No database yet: nothing is linked (and a key check never creates one).
                guard FileManager.default.fileExists(atPath: location.path) else { return 0 }
                let db = try Database(path: location.path)
                if try SSHLinkedKeys.isLinked(key.fingerprint, in: db) { print(key.openSSHLine) }
            } catch {
                Output.error("clubhouse ssh-authorized-keys: \(error)")
                return 1
            }
        }
        return 0
    }
}
