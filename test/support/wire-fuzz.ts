import fc from "fast-check";
import WebSocket from "ws";
import { C2S } from "../../shared/protocol";

/**
 * An attacker's view of the server: raw Engine.IO / Socket.IO frames over a real WebSocket, written without
 * the socket.io client, so that every shape the parser can hand over (and many it refuses) reaches the
 * server. Used by test/integration/wire-fuzz.test.ts (bounded) and `npm run bench:wire-fuzz` (long).
 */

/** One frame as sent: text, or a binary message (Engine.IO 4 sends binary attachments as binary frames). */
export type RawFrame = string | Buffer;

/** How a session opens the transport, then what it sends. */
export interface RawSession {
  /** The query string of the WebSocket URL: the right one, or an out-of-date, missing or odd one. */
  query: string;
  frames: RawFrame[];
}

const COMMANDS = Object.values(C2S) as string[];
const RESERVED = ["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"];

/** A JSON value of any type, including deep nesting and long strings near the message cap. */
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 6_000 }).map((depth) => deeplyNested(depth)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 40_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ _placeholder: true, num: 0 }, { _placeholder: true, num: 99 }, { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(1e308, -0, Number.MAX_SAFE_INTEGER + 2, "", "\u0000", "\ud800", "𝔰𝔫𝔢𝔞𝔨") },
);

/** A payload for one of the real commands, with the right field names but values of any type. */
const commandPayload: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(fc.constantFrom("name", "code", "text", "settings", "playerId", "seat", "token", "rejoinCode", "approve", "requestId", "spectator", "guess", "level"), jsonValue, { maxKeys: 4 }),
  jsonValue,
);

/** What stands where the event name goes: a command, a reserved or unknown name, or not a string at all. */
const eventName: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COMMANDS) },
  { weight: 1, arbitrary: fc.constantFrom(...RESERVED) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: jsonValue.filter((v) => typeof v !== "string") },
);

/** The JSON array of an EVENT or ACK packet: no elements, a name alone, or a name and any number of arguments. */
const eventArray: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(eventName, fc.array(commandPayload, { maxLength: 3 })).map(([name, args]) => safeJson([name, ...args])) },
  { weight: 1, arbitrary: fc.constant("[]") },
  { weight: 1, arbitrary: jsonValue.map(safeJson) },
);

/**
 * A Socket.IO packet as text: type, attachment count, namespace, ack id, data. Mostly well framed EVENT
 * packets with wrong contents (the parser hands those to the handlers; a frame it refuses closes the
 * connection, so the frames after it are never read), else any type and any framing.
 */
const socketIoPacket: fc.Arbitrary<string> = fc
  .record({
    type: fc.oneof({ weight: 12, arbitrary: fc.constant("2") }, { weight: 3, arbitrary: fc.constantFrom("0", "1", "3", "4", "5", "6") }, { weight: 1, arbitrary: fc.constantFrom("7", "9", "a", "-", " ", "") }),
    attachments: fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("0-", "1-", "2-", "99999-", "-", "1") }),
    namespace: fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("/,", "/admin,", "/x", "/" + "n".repeat(300) + ",") }),
    ackId: fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 3, arbitrary: fc.nat({ max: 1000 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom("99999999999999999999999", "0", "007") }),
    data: fc.oneof({ weight: 10, arbitrary: eventArray }, { weight: 1, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }) }, { weight: 1, arbitrary: jsonValue.map(safeJson) }),
  })
  .map((p) => p.type + p.attachments + p.namespace + p.ackId + p.data);

/** One frame: mostly a Socket.IO packet inside an Engine.IO message, else any Engine.IO packet or garbage. */
const frame: fc.Arbitrary<RawFrame> = fc.oneof(
  { weight: 10, arbitrary: socketIoPacket.map((p) => "4" + p) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("0", "1", "2", "3", "5", "6", "7", "b", ""), fc.string({ maxLength: 30 })).map(([t, s]) => t + s) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 24_000 }).map((n) => "42" + safeJson([C2S.chatSend, { text: "y".repeat(n) }])) },
);

/**
 * A BINARY_EVENT the parser accepts: its placeholders, then as many binary frames as it announced (socket.io
 * puts a Buffer where each placeholder was). Attachments in the payload, as the event name, or one too few.
 */
const binaryEvent: fc.Arbitrary<RawFrame[]> = fc
  .record({
    event: fc.constantFrom(...COMMANDS),
    shape: fc.constantFrom("payload", "field", "name", "missing"),
    ackId: fc.constantFrom("", "5"),
    bytes: fc.uint8Array({ maxLength: 64 }),
  })
  .map(({ event, shape, ackId, bytes }): RawFrame[] => {
    const placeholder = { _placeholder: true, num: 0 };
    const data = shape === "name" ? [placeholder, {}] : shape === "field" ? [event, { text: placeholder, name: placeholder }] : [event, placeholder];
    const frames: RawFrame[] = [`451-${ackId}${JSON.stringify(data)}`];
    if (shape !== "missing") frames.push(Buffer.from(bytes));
    return frames;
  });

/**
 * Frames a real client sends and waits for (each with its ack id, answered as `43<id>[`), so that the fuzzed
 * frames after them reach a room's own commands: a room created, and a round of it dealt (two bots, start).
 */
const CREATE_ROOM = "420" + JSON.stringify([C2S.roomCreate, { name: "Fuzzer" }]);
const ROOM_IN_PLAY = [
  CREATE_ROOM,
  "421" + JSON.stringify([C2S.hostAddBot, { kind: "lexical" }]),
  "422" + JSON.stringify([C2S.hostAddBot, { kind: "lexical" }]),
  "423" + JSON.stringify([C2S.hostStart, {}]),
];
const SCRIPTED = new Set<RawFrame>(ROOM_IN_PLAY);

/** The opening: the connect packet (with any auth), none, two, a disconnect first, or a room created or in play first. */
const opening: fc.Arbitrary<RawFrame[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<RawFrame[]>(["40"]) },
  { weight: 3, arbitrary: fc.constant<RawFrame[]>(["40", CREATE_ROOM]) },
  { weight: 1, arbitrary: fc.constant<RawFrame[]>(["40", ...ROOM_IN_PLAY]) },
  { weight: 1, arbitrary: fc.constant<RawFrame[]>([]) },
  { weight: 1, arbitrary: jsonValue.map((auth): RawFrame[] => ["40" + safeJson(auth)]) },
  { weight: 1, arbitrary: fc.constantFrom<RawFrame[]>(["40", "40"], ["41", "40"], ["40", "41"], ["40/admin,"], ["40", CREATE_ROOM, "41"]) },
);

export const rawSession: fc.Arbitrary<RawSession> = fc.record({
  query: fc.oneof(
    { weight: 8, arbitrary: fc.constant("EIO=4&transport=websocket") },
    { weight: 1, arbitrary: fc.constantFrom("EIO=3&transport=websocket", "transport=websocket", "EIO=4&transport=polling", "EIO=4&transport=websocket&sid=nope", "EIO=x&transport=websocket") },
  ),
  frames: fc
    .tuple(opening, fc.array(fc.oneof({ weight: 12, arbitrary: frame.map((f) => [f]) }, { weight: 1, arbitrary: binaryEvent }), { minLength: 1, maxLength: 12 }))
    .map(([first, rest]) => [...first, ...rest.flat()]),
});

export interface SessionOutcome {
  /** Text frames the server sent back (Engine.IO packets). */
  received: string[];
  /** Whether the server closed the WebSocket (a refused packet closes it). */
  closedByServer: boolean;
}

/**
 * Plays one session against `baseUrl` (http://127.0.0.1:PORT): opens the WebSocket, sends each frame,
 * answers the server's pings, waits `settleMs` for answers, and closes. Bounded in time: `timeoutMs` in all.
 * With `expected`, a test waiting for a particular answer: the namespace's answer to a connect packet and then a
 * frame that satisfies `expected` are awaited for up to `timeoutMs` (a busy machine can take longer than the
 * generated sessions' one second), and only then the `settleMs` in which a duplicate would show.
 */
export function playRawSession(baseUrl: string, session: RawSession, settleMs = 30, timeoutMs = 5_000, expected?: (frame: string) => boolean): Promise<SessionOutcome> {
  const received: string[] = [];
  const url = `${baseUrl.replace(/^http/, "ws")}/socket.io/?${session.query}`;
  return new Promise((resolve) => {
    let closedByServer = false;
    let finished = false;
    const ws = new WebSocket(url, { handshakeTimeout: timeoutMs });
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
      resolve({ received, closedByServer });
    };
    const deadline = setTimeout(finish, timeoutMs);
    let waiter: { done: (text: string) => boolean; resolve: () => void } | null = null;
    /** Resolves when a frame the server sends satisfies `done`, or after `ms`. */
    const answer = (done: (text: string) => boolean, ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiter = null;
          resolve();
        }, ms);
        waiter = {
          done,
          resolve: () => {
            clearTimeout(timer);
            waiter = null;
            resolve();
          },
        };
      });
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const text = String(data);
      received.push(text);
      if (text === "2") ws.send("3");
      if (waiter?.done(text)) waiter.resolve();
    });
    ws.on("close", () => {
      closedByServer = !finished;
      finish();
    });
    ws.on("error", finish);
    ws.on("open", async () => {
      for (const f of session.frames) {
        if (ws.readyState !== WebSocket.OPEN) break;
        // A real client waits for the namespace's answer to its connect packet (socket.io drops events sent
        // before it) and for the acks of its scripted commands; the frames after them then reach the handlers.
        const awaited =
          typeof f === "string" && SCRIPTED.has(f)
            ? answer((t) => t.startsWith(`43${f[2]}[`), 1_000)
            : typeof f === "string" && /^40(?!\d)/.test(f)
              ? answer((t) => t.startsWith("40") || t.startsWith("44"), expected ? timeoutMs : 1_000)
              : null;
        ws.send(f);
        if (awaited) await awaited;
        // Let the server take each frame on its own turn, as a real client's frames arrive.
        else await new Promise((r) => setImmediate(r));
      }
      if (expected && !received.some(expected)) await answer(expected, timeoutMs);
      setTimeout(finish, settleMs);
    });
  });
}

function deeplyNested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** JSON text for any value, even those JSON.stringify rejects or loses (undefined, cycles). */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "null";
  }
}
