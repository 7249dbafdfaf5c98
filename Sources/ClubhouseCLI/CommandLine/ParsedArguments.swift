/// GNU-style command-line parsing: `--name value`, `--name=value`, `--flag`, `--` ends options.
/// Unknown options and missing values are usage errors (exit code 2).
package struct ParsedArguments {
    package var command: String?
    package var options: [String: String] = [:]
    /// Every value each option was given, in order (`options` keeps the last): for repeatable ones (`--webhook-allow`).
    package var repeated: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var positionals: [String] = []

    package struct UsageError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Options that take a value and flags that do not, per command; both always allow --help.
    package struct Grammar {
        var valueOptions: Set<String>
        var flags: Set<String>
    }

    package static func parse(_ args: [String], commands: [String: Grammar], root: Grammar) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var grammar = root
        var rest = args[...]
        var onlyPositionals = false
        while let arg = rest.popFirst() {
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                if result.command == nil, result.positionals.isEmpty, !onlyPositionals, let g = commands[arg] {
                    result.command = arg
                    grammar = g
                } else {
                    result.positionals.append(arg)
                }
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            guard arg.hasPrefix("--") else {
                if arg == "-h" { result.flags.insert("help"); continue }
                if arg == "-V" { result.flags.insert("version"); continue }
                throw UsageError(description: "unknown option '\(arg)'")
            }
            let body = arg.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq]); inlineValue = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
            }
            if name == "help" || name == "version" || grammar.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(description: "option '--\(name)' takes no value") }
                result.flags.insert(name)
            } else if grammar.valueOptions.contains(name) {
                if let v = inlineValue ?? rest.popFirst() {
                    result.options[name] = v
                    result.repeated[name, default: []].append(v)
                } else {
                    throw UsageError(description: "option '--\(name)' needs a value")
                }
            } else {
                throw UsageError(description: "unknown option '--\(name)'")
            }
        }
        return result
    }
}
