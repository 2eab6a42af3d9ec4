/**
 * The human studies' tables (server/studies, docs/STUDIES.md), in the game log's database on both backends.
 * Unlike the game's events they are not one append-only stream: quotas are claimed by rows under
 * transactions. Answers, the data that must never be lost or rewritten, are append-only like the events;
 * an assignment records who was given which item (and in what order its options were shown) and is only
 * ever marked answered or released.
 *
 * Two constraints hold the study's rules in the database itself, whatever process writes: a participant has
 * at most one assignment per instance (nobody sees an instance twice, in any task), and at most one answer
 * per item.
 */

function studyTables(dialect: "sqlite" | "postgres"): string {
  const json = dialect === "sqlite" ? "TEXT" : "JSON";
  const answerId = dialect === "sqlite" ? "INTEGER PRIMARY KEY" : "BIGSERIAL PRIMARY KEY";
  return `
CREATE TABLE IF NOT EXISTS studies (
  study_id   TEXT    PRIMARY KEY,
  key_hash   TEXT    NOT NULL,
  created_at BIGINT  NOT NULL,
  open       INTEGER NOT NULL DEFAULT 1,
  config     ${json}  NOT NULL
);

CREATE TABLE IF NOT EXISTS study_items (
  study_id     TEXT    NOT NULL,
  item_id      TEXT    NOT NULL,
  seq          INTEGER NOT NULL,
  task         TEXT    NOT NULL,
  instance_key TEXT    NOT NULL,
  quota        INTEGER NOT NULL,
  gold         INTEGER NOT NULL,
  created_at   BIGINT  NOT NULL,
  payload      ${json}  NOT NULL,
  PRIMARY KEY (study_id, item_id)
);

CREATE TABLE IF NOT EXISTS study_participants (
  study_id       TEXT   NOT NULL,
  participant_id TEXT   NOT NULL,
  token_hash     TEXT   NOT NULL,
  joined_at      BIGINT NOT NULL,
  PRIMARY KEY (study_id, participant_id)
);

CREATE TABLE IF NOT EXISTS study_assignments (
  study_id       TEXT    NOT NULL,
  participant_id TEXT    NOT NULL,
  item_id        TEXT    NOT NULL,
  instance_key   TEXT    NOT NULL,
  position       INTEGER NOT NULL,
  assigned_at    BIGINT  NOT NULL,
  expires_at     BIGINT  NOT NULL,
  shown          ${json}  NOT NULL,
  answered_at    BIGINT,
  released_at    BIGINT,
  PRIMARY KEY (study_id, participant_id, item_id),
  UNIQUE (study_id, participant_id, instance_key)
);
CREATE INDEX IF NOT EXISTS study_assignments_by_item ON study_assignments (study_id, item_id);

CREATE TABLE IF NOT EXISTS study_answers (
  answer_id      ${answerId},
  study_id       TEXT   NOT NULL,
  participant_id TEXT   NOT NULL,
  item_id        TEXT   NOT NULL,
  answered_at    BIGINT NOT NULL,
  answer         ${json} NOT NULL,
  correct        INTEGER,
  UNIQUE (study_id, participant_id, item_id)
);
CREATE INDEX IF NOT EXISTS study_answers_by_item ON study_answers (study_id, item_id);

-- Who a participant is to a crowd platform (never sent to another participant), a hash of the address they
-- joined from (what one address may hold is bounded), and when and why they were told they had finished.
CREATE TABLE IF NOT EXISTS study_participant_details (
  study_id       TEXT   NOT NULL,
  participant_id TEXT   NOT NULL,
  platform_id    TEXT,
  address_hash   TEXT   NOT NULL,
  finished_at    BIGINT,
  finish_reason  TEXT,
  PRIMARY KEY (study_id, participant_id),
  UNIQUE (study_id, platform_id)
);
CREATE INDEX IF NOT EXISTS study_participant_details_by_address ON study_participant_details (study_id, address_hash);

-- The researcher's (or the offensive-word filter's) decision on a generation answer before it is judged by
-- others: one decision per answer, never changed.
CREATE TABLE IF NOT EXISTS study_reviews (
  study_id   TEXT   NOT NULL,
  answer_id  BIGINT NOT NULL,
  decision   TEXT   NOT NULL,
  reason     TEXT   NOT NULL,
  decided_at BIGINT NOT NULL,
  PRIMARY KEY (study_id, answer_id)
);
`;
}

export const SQLITE_STUDY_SQL = `${studyTables("sqlite")}
CREATE TRIGGER IF NOT EXISTS study_answers_append_only_update BEFORE UPDATE ON study_answers
BEGIN SELECT RAISE(ABORT, 'study answers are append-only'); END;
CREATE TRIGGER IF NOT EXISTS study_answers_append_only_delete BEFORE DELETE ON study_answers
BEGIN SELECT RAISE(ABORT, 'study answers are append-only'); END;
`;

export const PG_STUDY_SQL = `${studyTables("postgres")}
CREATE OR REPLACE FUNCTION study_answers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'study answers are append-only'; END $$;
DROP TRIGGER IF EXISTS study_answers_append_only ON study_answers;
CREATE TRIGGER study_answers_append_only BEFORE UPDATE OR DELETE ON study_answers FOR EACH ROW EXECUTE FUNCTION study_answers_append_only();
DROP TRIGGER IF EXISTS study_answers_no_truncate ON study_answers;
CREATE TRIGGER study_answers_no_truncate BEFORE TRUNCATE ON study_answers FOR EACH STATEMENT EXECUTE FUNCTION study_answers_append_only();
`;
