/// Schema v12: the league chat (the draft room's chat table, grown into the league's one channel). A message may answer
/// another (`reply_to`, an id in the same league; no foreign key, so a renewed league's copied lines stand alone),
/// names the accounts its @mentions found (`mentions`: their ids, comma-separated, in order), and once the
/// commissioner removes it keeps only its time (`removed_at`; the text is blanked in the same write). Reactions are one
/// row per message, account and emoji (toggled by inserting and deleting it). The index by author and time answers the
/// per-account sending limit.
package enum Migration012 {
    package static let sql = """
        ALTER TABLE chat_messages ADD COLUMN reply_to INTEGER;
        ALTER TABLE chat_messages ADD COLUMN mentions TEXT NOT NULL DEFAULT '';
        ALTER TABLE chat_messages ADD COLUMN removed_at REAL;
        CREATE INDEX chat_messages_by_author ON chat_messages(user_id, at);
        CREATE TABLE chat_reactions (
            message_id INTEGER NOT NULL REFERENCES chat_messages(id) ON DELETE CASCADE,
            user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            emoji      TEXT NOT NULL,
            at         REAL NOT NULL,
            PRIMARY KEY (message_id, user_id, emoji)
        ) WITHOUT ROWID;
        """

    package static let migration = Migration(version: 12, name: "league chat") { c in try c.execute(sql) }
}
