import Foundation
exit(Clubhouse.run(Array(CommandLine.arguments.dropFirst())))
