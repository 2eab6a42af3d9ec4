import { INDEXED_KINDS } from "./schema";
import { PG_STUDY_SQL } from "./study-schema";

/**
 * The game log's SQL on Postgres: the same append-only `events` table and the same research views as on
 * SQLite (schema.ts), with the same column names and value types (numbers as integers, flags as 0/1), so a
 * query written for one reads the other. Payloads are `json` (kept as written, key order included), not
 * `jsonb`. One more table, `room_owners`, holds each room's owner epoch: the fence that keeps a room from
 * being written by two processes (pg-game-store.ts).
 */

/**
 * 2: the human studies' tables; 3: their participant details and reviews (study-schema.ts); 4: bot_decisions gains a
 * last column, knowledge (CREATE OR REPLACE VIEW may add columns only at the end).
 */
export const PG_SCHEMA_VERSION = 4;

const int = (path: string, from = "payload") => `(${from} ->> '${path}')::bigint`;
const flag = (path: string, from = "payload") => `(${from} ->> '${path}')::boolean::int`;

export const PG_SCHEMA_SQL = `${PG_STUDY_SQL}
CREATE TABLE IF NOT EXISTS sneak_schema (version INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS events (
  id       BIGSERIAL PRIMARY KEY,
  log_id   TEXT    NOT NULL,
  seq      INTEGER NOT NULL,
  at       BIGINT  NOT NULL,
  kind     TEXT    NOT NULL,
  round    INTEGER,
  payload  JSON    NOT NULL,
  UNIQUE (log_id, seq)
);
${INDEXED_KINDS.map((kind) => `CREATE INDEX IF NOT EXISTS "events_${kind}" ON events (log_id) WHERE kind = '${kind}';`).join("\n")}

CREATE TABLE IF NOT EXISTS room_owners (
  room_code  TEXT   PRIMARY KEY,
  epoch      BIGINT NOT NULL,
  owner      TEXT   NOT NULL,
  claimed_at BIGINT NOT NULL
);

CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'events are append-only'; END $$;
DROP TRIGGER IF EXISTS events_append_only ON events;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_append_only();
DROP TRIGGER IF EXISTS events_no_truncate ON events;
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

CREATE OR REPLACE VIEW logs AS
SELECT o.log_id,
       o.payload ->> 'roomCode' AS room_code,
       o.payload ->> 'seed'     AS seed,
       o.at                     AS opened_at,
       c.at                     AS closed_at,
       c.payload ->> 'reason'   AS close_reason,
       o.payload -> 'evaluators' AS evaluators
FROM events o
LEFT JOIN events c ON c.log_id = o.log_id AND c.kind = 'log-close'
WHERE o.kind = 'log-open';

CREATE OR REPLACE VIEW games AS
SELECT s.log_id, ${int("gameNumber", "s.payload")} AS game_number, s.at AS started_at,
       e.at AS ended_at, ${flag("aborted", "e.payload")} AS aborted, e.payload -> 'winnerSeats' AS winner_seats,
       s.payload -> 'seats' AS seats, s.payload -> 'settings' AS settings
FROM events s
LEFT JOIN events e ON e.log_id = s.log_id AND e.kind = 'game-over'
  AND e.payload ->> 'gameNumber' = s.payload ->> 'gameNumber'
WHERE s.kind = 'game-start';

CREATE OR REPLACE VIEW rounds AS
SELECT d.log_id, ${int("gameNumber", "d.payload")} AS game_number, d.round, d.at AS dealt_at,
       d.payload ->> 'category' AS category, d.payload -> 'words' AS words,
       d.payload ->> 'secret' AS secret, d.payload -> 'decoys' AS decoys,
       ${int("chameleonSeat", "d.payload")} AS chameleon_seat, ${int("dealerSeat", "d.payload")} AS dealer_seat,
       d.payload -> 'seats' AS seats,
       r.at AS ended_at, r.payload ->> 'outcome' AS outcome, r.payload -> 'points' AS points
FROM events d
LEFT JOIN events r ON r.log_id = d.log_id AND r.kind = 'round-end' AND r.round = d.round
  AND r.payload ->> 'gameNumber' = d.payload ->> 'gameNumber'
WHERE d.kind = 'round-dealt';

CREATE OR REPLACE VIEW seats AS
SELECT d.log_id, ${int("gameNumber", "d.payload")} AS game_number, d.round,
       ${int("seat", "s.value")} AS seat, s.value ->> 'playerId' AS player_id,
       s.value ->> 'controller' AS controller, s.value ->> 'model' AS model,
       ((s.value ->> 'seat') = (d.payload ->> 'chameleonSeat'))::int AS is_chameleon
FROM events d, json_array_elements(d.payload -> 'seats') s
WHERE d.kind = 'round-dealt';

CREATE OR REPLACE VIEW clues AS
SELECT log_id, ${int("gameNumber")} AS game_number, round, seq, at,
       ${int("turn")} AS turn, ${int("seat")} AS seat, payload ->> 'text' AS text,
       payload ->> 'source' AS source, payload ->> 'model' AS model,
       ${flag("byChameleon")} AS by_chameleon
FROM events WHERE kind = 'clue';

CREATE OR REPLACE VIEW votes AS
SELECT log_id, ${int("gameNumber")} AS game_number, round, seq, at,
       ${int("voterSeat")} AS voter_seat, ${int("targetSeat")} AS target_seat,
       payload ->> 'source' AS source
FROM events WHERE kind = 'vote';

CREATE OR REPLACE VIEW accusations AS
SELECT log_id, ${int("gameNumber")} AS game_number, round, at,
       ${int("accusedSeat")} AS accused_seat, payload -> 'tally' AS tally,
       payload ->> 'tieBrokenBy' AS tie_broken_by
FROM events WHERE kind = 'accusation';

CREATE OR REPLACE VIEW guesses AS
SELECT log_id, ${int("gameNumber")} AS game_number, round, at,
       ${int("seat")} AS seat, payload ->> 'word' AS word,
       ${flag("correct")} AS correct, payload ->> 'source' AS source
FROM events WHERE kind = 'guess';

CREATE OR REPLACE VIEW points AS
SELECT e.log_id, ${int("gameNumber", "e.payload")} AS game_number, e.round, e.at,
       ${int("seat", "p.value")} AS seat, ${int("delta", "p.value")} AS delta, ${int("total", "p.value")} AS total
FROM events e, json_array_elements(e.payload -> 'points') p
WHERE e.kind = 'round-end';

CREATE OR REPLACE VIEW bot_decisions AS
SELECT log_id, ${int("gameNumber")} AS game_number, round, seq, at,
       ${int("seat")} AS seat, payload ->> 'playerId' AS player_id, payload ->> 'decision' AS decision,
       payload ->> 'model' AS model, ${flag("fallback")} AS fallback, payload ->> 'source' AS source,
       payload ->> 'note' AS note, payload ->> 'output' AS output, payload ->> 'knowledge' AS knowledge
FROM events WHERE kind = 'bot-decision';

CREATE OR REPLACE VIEW evaluator_calls AS
SELECT log_id, seq, at,
       payload ->> 'evaluator' AS evaluator, payload ->> 'role' AS role,
       payload -> 'request' AS request, payload -> 'answer' AS answer, (payload ->> 'latencyMs')::float8 AS latency_ms
FROM events WHERE kind = 'evaluator-call';
`;
