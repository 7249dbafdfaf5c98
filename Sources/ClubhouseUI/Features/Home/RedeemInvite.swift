import Foundation
import ClubhouseDomain
import Terminal

/// Home's `I`: join a league with an invite code — a two-field form (code, team name) that becomes the gated write
/// `redeemInvite`; once it goes through, the league's page opens.
enum RedeemInvite {
    static func form() -> FormFields {
        FormFields(title: "Join with an invite code", fields: [
            FormFields.Field("Invite code", placeholder: "8 letters and digits", maxLength: 20),
            FormFields.Field("Team name", placeholder: "1–40 characters", maxLength: TextRules.nameLength.upperBound),
        ])
    }

    static let help = "tab next field · enter joins · esc cancels"

    /// The write the form asks for, or the refusal in words (shown under the fields, nothing typed is lost).
    static func write(_ form: FormFields) -> Result<GatedWrite, CommissionerInputs.Refusal> {
        let code = form.text(0), name = form.text(1)
        if code.isEmpty { return .failure(.init(message: "Enter the invite code the commissioner gave you", field: 0)) }
        if name.isEmpty { return .failure(.init(message: "Name your team (1–40 characters)", field: 1)) }
        return .success(.redeemInvite(code: code, teamName: name))
    }
}
