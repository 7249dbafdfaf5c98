extension StatLine {
    /// A box-score line as fantasy apps print it, position-aware and skipping zeros:
    /// "24/36 341 yd 3 TD", "19 car 128 yd 2 TD · 5 rec 53 yd", "FG 2/3 · PAT 1/2", "3 sck 1 INT · 17 PA".
    public func summary(for position: Position) -> String {
        var parts: [String] = []
        switch position {
        case .k:
            parts.append("FG \(fgMade)/\(fgAtt)")
            parts.append("PAT \(patMade)/\(patAtt)")
        case .def:
            var d: [String] = []
            if defSacks > 0 { d.append("\(defSacks) sck") }
            if defInterceptions > 0 { d.append("\(defInterceptions) INT") }
            if defFumbleRecovery > 0 { d.append("\(defFumbleRecovery) FR") }
            if defTds > 0 { d.append("\(defTds) TD") }
            if defSafeties > 0 { d.append("\(defSafeties) SAF") }
            if !d.isEmpty { parts.append(d.joined(separator: " ")) }
            parts.append("\(pointsAllowed) PA")
        default:
            if attempts > 0 {
                var p = "\(completions)/\(attempts) \(passingYards) yd"
                if passingTds > 0 { p += " \(passingTds) TD" }
                if interceptions > 0 { p += " \(interceptions) INT" }
                parts.append(p)
            }
            if carries > 0 {
                var r = "\(carries) car \(rushingYards) yd"
                if rushingTds > 0 { r += " \(rushingTds) TD" }
                parts.append(r)
            }
            if receptions > 0 || receivingYards != 0 {
                var c = "\(receptions) rec \(receivingYards) yd"
                if receivingTds > 0 { c += " \(receivingTds) TD" }
                parts.append(c)
            }
            if fumblesLost > 0 { parts.append("\(fumblesLost) FL") }
        }
        return parts.isEmpty ? "—" : parts.joined(separator: " · ")
    }
}
