/// The app's version, printed by `--version`.
public enum ClubhouseVersion {
    public static let string = "0.1.0"
}
