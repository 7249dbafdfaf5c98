/// Schema v2: when the pick on the clock opened, so bots' think time counts from the same instant in every process.
enum Migration002 {
    static let migration = Migration(version: 2, name: "draft pick opened at", sql: """
        ALTER TABLE drafts ADD COLUMN pick_opened_at REAL;
        """)
}
