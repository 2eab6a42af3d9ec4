/**
 * The game log's SQL. One append-only table, `events`, is the only thing ever written; triggers refuse
 * UPDATE and DELETE so that a bug cannot rewrite history. Every research table is a view over it, so a
 * researcher can open the file in `sqlite3` and `SELECT * FROM clues` without our code.
 */

export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  id       INTEGER PRIMARY KEY,
  game_id  TEXT    NOT NULL,
  seq      INTEGER NOT NULL,
  at       INTEGER NOT NULL,
  kind     TEXT    NOT NULL,
  round    INTEGER,
  payload  TEXT    NOT NULL CHECK (json_valid(payload)),
  UNIQUE (game_id, seq)
);
CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, game_id);

CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

CREATE VIEW IF NOT EXISTS games AS
SELECT s.game_id,
       s.payload ->> '$.roomCode' AS room_code,
       s.payload ->> '$.seed'     AS seed,
       s.at                       AS started_at,
       e.at                       AS ended_at,
       CASE WHEN e.game_id IS NULL THEN 'open'
            WHEN e.payload ->> '$.finished' THEN 'finished'
            ELSE 'closed' END     AS status,
       e.payload ->> '$.reason'   AS end_reason,
       e.payload -> '$.winnerSeats' AS winner_seats,
       s.payload -> '$.evaluators'  AS evaluators,
       s.payload -> '$.settings'    AS settings
FROM events s
LEFT JOIN events e ON e.game_id = s.game_id AND e.kind = 'game-end'
WHERE s.kind = 'game-start';

CREATE VIEW IF NOT EXISTS seats AS
SELECT game_id, seq, at,
       payload ->> '$.seat' AS seat, payload ->> '$.playerId' AS player_id, payload ->> '$.name' AS name,
       payload ->> '$.controller' AS controller, payload ->> '$.model' AS model
FROM events WHERE kind = 'seat';

CREATE VIEW IF NOT EXISTS rounds AS
SELECT d.game_id, d.round, d.at AS dealt_at,
       d.payload ->> '$.category' AS category, d.payload -> '$.words' AS words,
       d.payload ->> '$.secret' AS secret, d.payload -> '$.decoys' AS decoys,
       d.payload ->> '$.chameleonSeat' AS chameleon_seat, d.payload ->> '$.dealerSeat' AS dealer_seat,
       r.at AS ended_at, r.payload ->> '$.outcome' AS outcome, r.payload -> '$.points' AS points
FROM events d
LEFT JOIN events r ON r.game_id = d.game_id AND r.kind = 'round-end' AND r.round = d.round
WHERE d.kind = 'round-dealt';

CREATE VIEW IF NOT EXISTS clues AS
SELECT game_id, round, seq, at,
       payload ->> '$.turn' AS turn, payload ->> '$.seat' AS seat, payload ->> '$.text' AS text,
       payload ->> '$.source' AS source, payload ->> '$.model' AS model,
       payload ->> '$.byChameleon' AS by_chameleon
FROM events WHERE kind = 'clue';

CREATE VIEW IF NOT EXISTS votes AS
SELECT game_id, round, seq, at,
       payload ->> '$.voterSeat' AS voter_seat, payload ->> '$.targetSeat' AS target_seat,
       payload ->> '$.source' AS source
FROM events WHERE kind = 'vote';

CREATE VIEW IF NOT EXISTS accusations AS
SELECT game_id, round, at, payload ->> '$.accusedSeat' AS accused_seat, payload -> '$.tally' AS tally,
       payload ->> '$.tieBreak' AS tie_break
FROM events WHERE kind = 'accusation';

CREATE VIEW IF NOT EXISTS guesses AS
SELECT game_id, round, at, payload ->> '$.seat' AS seat, payload ->> '$.word' AS word,
       payload ->> '$.correct' AS correct, payload ->> '$.source' AS source
FROM events WHERE kind = 'guess';

CREATE VIEW IF NOT EXISTS points AS
SELECT e.game_id, e.round, e.at, p.value ->> '$.seat' AS seat, p.value ->> '$.delta' AS delta,
       p.value ->> '$.total' AS total
FROM events e, json_each(e.payload, '$.points') p
WHERE e.kind = 'round-end';

CREATE VIEW IF NOT EXISTS bot_decisions AS
SELECT game_id, round, seq, at,
       payload ->> '$.seat' AS seat, payload ->> '$.decision' AS decision, payload ->> '$.model' AS model,
       payload ->> '$.fallback' AS fallback, payload ->> '$.reason' AS reason,
       payload ->> '$.latencyMs' AS latency_ms, payload -> '$.output' AS output
FROM events WHERE kind = 'bot-decision';

CREATE VIEW IF NOT EXISTS evaluator_calls AS
SELECT game_id, seq, at,
       payload ->> '$.evaluator' AS evaluator, payload ->> '$.role' AS role,
       payload -> '$.request' AS request, payload -> '$.answer' AS answer, payload ->> '$.latencyMs' AS latency_ms
FROM events WHERE kind = 'evaluator-call';
`;
