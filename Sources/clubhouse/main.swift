import ClubhouseDomain
print("clubhouse \(ClubhouseDomain.version)")
