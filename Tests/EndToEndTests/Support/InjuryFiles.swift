import Foundation

/// Crafted 2019 files in nflverse's injury layouts (written by the tests; nothing is read from outside the repository).
enum InjuryFiles {
    static let injuriesHeader = "season,game_type,team,week,gsis_id,position,full_name,first_name,last_name,report_primary_injury,"
        + "report_secondary_injury,report_status,practice_primary_injury,practice_secondary_injury,practice_status,date_modified"

    /// Week 9: McCaffrey out, Kelce questionable, Evans doubtful.
    static let injuries = [injuriesHeader,
        "2019,REG,CAR,9,00-0033280,RB,Christian McCaffrey,Christian,McCaffrey,Hamstring,,Out,Hamstring,,Did Not Participate In Practice,2019-11-01 16:00:00",
        "2019,REG,KC,9,00-0030506,TE,Travis Kelce,Travis,Kelce,Knee,,Questionable,Knee,,Limited Participation in Practice,2019-11-01 16:00:00",
        "2019,REG,TB,9,00-0031408,WR,Mike Evans,Mike,Evans,Hip,,Doubtful,Hip,,Did Not Participate In Practice,2019-11-01 16:00:00",
    ].joined(separator: "\n") + "\n"

    static let rosterHeader = "season,team,position,depth_chart_position,jersey_number,status,full_name,first_name,last_name,birth_date,"
        + "height,weight,college,gsis_id,espn_id,sportradar_id,yahoo_id,rotowire_id,pff_id,pfr_id,fantasy_data_id,sleeper_id,years_exp,"
        + "headshot_url,ngs_position,week,game_type,status_description_abbr,football_name,esb_id,gsis_it_id,smart_id,entry_year,rookie_year,"
        + "draft_club,draft_number"

    /// Tyreek Hill on the reserve list in week 2 (IR); Aaron Jones active in week 9.
    static let rosters = [rosterHeader,
        "2019,KC,WR,WR,10,RES,Tyreek Hill,Tyreek,Hill,,,,,00-0033040,,,,,,,,,,,WR,2,REG,R01,Tyreek,,,,,,,",
        "2019,GB,RB,RB,33,ACT,Aaron Jones,Aaron,Jones,,,,,00-0033293,,,,,,,,,,,RB,9,REG,A01,Aaron,,,,,,,",
    ].joined(separator: "\n") + "\n"
}
