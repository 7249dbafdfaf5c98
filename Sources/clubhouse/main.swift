import ClubhouseDomain
print("clubhouse \(ClubhouseVersion.string)")
