import { SQLITE_STUDY_SQL } from "./study-schema";

/**
 * The game log's SQL. One append-only table of logs (one per room: its games, rounds and actions), `events`, is the only thing ever written; triggers refuse
 * UPDATE and DELETE so that a bug cannot rewrite history. Every research table is a view over it, so a
 * researcher can open the file in `sqlite3` and `SELECT * FROM clues` without our code.
 */

export const SCHEMA_VERSION = 5;

/**
 * Kinds written once per room, game or round, that the `logs`, `games` and `rounds` views (and the export's
 * list of logs) look up. Each has a partial index, so a commit of the frequent kinds (actions, clues, votes,
 * judge calls) touches no index page but (log_id, seq)'s: schema 1's index on (kind, log_id) took ~45% of
 * the WAL bytes of every commit (server/perf/store-write-cost.ts, docs/DATA.md).
 */
export const INDEXED_KINDS = ["log-open", "log-close", "game-start", "game-over", "round-dealt", "round-end"] as const;

/** What each schema version changes in a file written by the one before it (in one transaction with SCHEMA_SQL). */
export const MIGRATIONS: Record<number, string> = {
  // 1 → 2: the (kind, log_id) index is replaced by the partial indexes of INDEXED_KINDS, which SCHEMA_SQL creates.
  2: "DROP INDEX IF EXISTS events_by_kind;",
  // 2 → 3: the human studies' tables (study-schema.ts), which SCHEMA_SQL creates.
  3: "",
  // 3 → 4: the studies' participant details and reviews (study-schema.ts), which SCHEMA_SQL creates.
  4: "",
  // 4 → 5: bot_decisions gains a last column, knowledge; SQLite cannot alter a view, so SCHEMA_SQL re-creates it.
  5: "DROP VIEW IF EXISTS bot_decisions;",
};

export const SCHEMA_SQL = `${SQLITE_STUDY_SQL}
CREATE TABLE IF NOT EXISTS events (
  id       INTEGER PRIMARY KEY,
  log_id   TEXT    NOT NULL,
  seq      INTEGER NOT NULL,
  at       INTEGER NOT NULL,
  kind     TEXT    NOT NULL,
  round    INTEGER,
  payload  TEXT    NOT NULL CHECK (json_valid(payload)),
  UNIQUE (log_id, seq)
);
${INDEXED_KINDS.map((kind) => `CREATE INDEX IF NOT EXISTS "events_${kind}" ON events (log_id) WHERE kind = '${kind}';`).join("\n")}

CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

CREATE VIEW IF NOT EXISTS logs AS
SELECT o.log_id,
       o.payload ->> '$.roomCode' AS room_code,
       o.payload ->> '$.seed'     AS seed,
       o.at                       AS opened_at,
       c.at                       AS closed_at,
       c.payload ->> '$.reason'   AS close_reason,
       o.payload -> '$.evaluators' AS evaluators
FROM events o
LEFT JOIN events c ON c.log_id = o.log_id AND c.kind = 'log-close'
WHERE o.kind = 'log-open';

CREATE VIEW IF NOT EXISTS games AS
SELECT s.log_id, s.payload ->> '$.gameNumber' AS game_number, s.at AS started_at,
       e.at AS ended_at, e.payload ->> '$.aborted' AS aborted, e.payload -> '$.winnerSeats' AS winner_seats,
       s.payload -> '$.seats' AS seats, s.payload -> '$.settings' AS settings
FROM events s
LEFT JOIN events e ON e.log_id = s.log_id AND e.kind = 'game-over'
  AND e.payload ->> '$.gameNumber' = s.payload ->> '$.gameNumber'
WHERE s.kind = 'game-start';

CREATE VIEW IF NOT EXISTS rounds AS
SELECT d.log_id, d.payload ->> '$.gameNumber' AS game_number, d.round, d.at AS dealt_at,
       d.payload ->> '$.category' AS category, d.payload -> '$.words' AS words,
       d.payload ->> '$.secret' AS secret, d.payload -> '$.decoys' AS decoys,
       d.payload ->> '$.chameleonSeat' AS chameleon_seat, d.payload ->> '$.dealerSeat' AS dealer_seat,
       d.payload -> '$.seats' AS seats,
       r.at AS ended_at, r.payload ->> '$.outcome' AS outcome, r.payload -> '$.points' AS points
FROM events d
LEFT JOIN events r ON r.log_id = d.log_id AND r.kind = 'round-end' AND r.round = d.round
  AND r.payload ->> '$.gameNumber' = d.payload ->> '$.gameNumber'
WHERE d.kind = 'round-dealt';

CREATE VIEW IF NOT EXISTS seats AS
SELECT d.log_id, d.payload ->> '$.gameNumber' AS game_number, d.round,
       s.value ->> '$.seat' AS seat, s.value ->> '$.playerId' AS player_id,
       s.value ->> '$.controller' AS controller, s.value ->> '$.model' AS model,
       (s.value ->> '$.seat') = (d.payload ->> '$.chameleonSeat') AS is_chameleon
FROM events d, json_each(d.payload, '$.seats') s
WHERE d.kind = 'round-dealt';

CREATE VIEW IF NOT EXISTS clues AS
SELECT log_id, payload ->> '$.gameNumber' AS game_number, round, seq, at,
       payload ->> '$.turn' AS turn, payload ->> '$.seat' AS seat, payload ->> '$.text' AS text,
       payload ->> '$.source' AS source, payload ->> '$.model' AS model,
       payload ->> '$.byChameleon' AS by_chameleon
FROM events WHERE kind = 'clue';

CREATE VIEW IF NOT EXISTS votes AS
SELECT log_id, payload ->> '$.gameNumber' AS game_number, round, seq, at,
       payload ->> '$.voterSeat' AS voter_seat, payload ->> '$.targetSeat' AS target_seat,
       payload ->> '$.source' AS source
FROM events WHERE kind = 'vote';

CREATE VIEW IF NOT EXISTS accusations AS
SELECT log_id, payload ->> '$.gameNumber' AS game_number, round, at,
       payload ->> '$.accusedSeat' AS accused_seat, payload -> '$.tally' AS tally,
       payload ->> '$.tieBrokenBy' AS tie_broken_by
FROM events WHERE kind = 'accusation';

CREATE VIEW IF NOT EXISTS guesses AS
SELECT log_id, payload ->> '$.gameNumber' AS game_number, round, at,
       payload ->> '$.seat' AS seat, payload ->> '$.word' AS word,
       payload ->> '$.correct' AS correct, payload ->> '$.source' AS source
FROM events WHERE kind = 'guess';

CREATE VIEW IF NOT EXISTS points AS
SELECT e.log_id, e.payload ->> '$.gameNumber' AS game_number, e.round, e.at,
       p.value ->> '$.seat' AS seat, p.value ->> '$.delta' AS delta, p.value ->> '$.total' AS total
FROM events e, json_each(e.payload, '$.points') p
WHERE e.kind = 'round-end';

CREATE VIEW IF NOT EXISTS bot_decisions AS
SELECT log_id, payload ->> '$.gameNumber' AS game_number, round, seq, at,
       payload ->> '$.seat' AS seat, payload ->> '$.playerId' AS player_id, payload ->> '$.decision' AS decision,
       payload ->> '$.model' AS model, payload ->> '$.fallback' AS fallback, payload ->> '$.source' AS source,
       payload ->> '$.note' AS note, payload ->> '$.output' AS output, payload ->> '$.knowledge' AS knowledge
FROM events WHERE kind = 'bot-decision';

CREATE VIEW IF NOT EXISTS evaluator_calls AS
SELECT log_id, seq, at,
       payload ->> '$.evaluator' AS evaluator, payload ->> '$.role' AS role,
       payload -> '$.request' AS request, payload -> '$.answer' AS answer, payload ->> '$.latencyMs' AS latency_ms
FROM events WHERE kind = 'evaluator-call';
`;
