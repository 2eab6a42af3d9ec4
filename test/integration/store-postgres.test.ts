import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FencedError, type LogBatch } from "../../server/store/log-store";
import pg from "pg";
import { PgGameStore } from "../../server/store/pg-game-store";
import { PG_SCHEMA_SQL, PG_SCHEMA_VERSION } from "../../server/store/pg-schema";
import type { StoreRecord } from "../../server/store/records";
import { postgresMissing, reportPostgresSkip, startPostgres, type PostgresServer } from "../support/postgres-server";

/**
 * What only the Postgres log has: several processes on one log (each a PgGameStore here, with its own
 * connections), owner epochs that fence a room's earlier owner off, group commits, and a database that goes
 * away under a writer.
 */

reportPostgresSkip("store-postgres");
const action = (n: number): StoreRecord => ({ kind: "action", action: { type: "giveClue", n } });
/**
 * A TCP relay in front of Postgres that can lose a connection at the worst moment: `cutAfterInsert` forwards
 * the next INSERT into events, waits for Postgres to commit it, then drops the connection before the reply;
 * `refuse` turns new connections away (the database unreachable).
 */
async function flakyRelay(port: number): Promise<{ port: number; cutAfterInsert: boolean; refuse: boolean; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const relay = { port: 0, cutAfterInsert: false, refuse: false, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server: Server = createServer((client) => {
    if (relay.refuse) return void client.destroy();
    const upstream = connect(port, "127.0.0.1");
    sockets.add(client).add(upstream);
    let cutting = false;
    client.on("data", (chunk) => {
      upstream.write(chunk);
      if (relay.cutAfterInsert && chunk.includes("INSERT INTO events")) {
        relay.cutAfterInsert = false;
        cutting = true;
        setTimeout(() => {
          client.destroy();
          upstream.destroy();
        }, 500);
      }
    });
    upstream.on("data", (chunk) => {
      if (!cutting) client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  relay.port = (server.address() as { port: number }).port;
  const close = relay.close;
  relay.close = async () => {
    for (const socket of sockets) socket.destroy();
    await close();
  };
  return relay;
}

const numbers = (events: readonly object[]) => events.map((e) => ((e as { action: { n: number } }).action).n);

describe.skipIf(postgresMissing !== null)("the game log on Postgres", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it("never lets two processes write one room: a claim fences the earlier owner off, in both directions", async () => {
    const url = await server.createDatabase();
    const a = await PgGameStore.open({ url, owner: "process-a" });
    const b = await PgGameStore.open({ url, owner: "process-b" });
    try {
      // A new room: its first write claims it.
      await a.appendBatches([{ logId: "ROOM-1", roomCode: "ROOM", records: [action(0), action(1)], at: 1 }]);
      expect(a.epochOf("ROOM")).toBe(1);
      expect(await b.claimRoom("ROOM")).toBe(2);
      await expect(a.appendBatches([{ logId: "ROOM-1", roomCode: "ROOM", records: [action(2)], at: 2 }])).rejects.toBeInstanceOf(FencedError);
      // Refused at once afterwards, without a round trip.
      await expect(a.appendBatches([{ logId: "ROOM-1", roomCode: "ROOM", records: [action(3)], at: 3 }])).rejects.toThrow(/now owned by another game process/);
      // The new owner numbers on from the log.
      expect(await b.append("ROOM-1", [action(4)], 4)).toEqual([2]);
      expect(await b.query("SELECT owner, epoch FROM room_owners")).toEqual([{ owner: "process-b", epoch: 2 }]);
      // Taking it back works the same way.
      expect(await a.claimRoom("ROOM")).toBe(3);
      await expect(b.appendBatches([{ logId: "ROOM-1", roomCode: "ROOM", records: [action(5)], at: 5 }])).rejects.toBeInstanceOf(FencedError);
      expect(await a.append("ROOM-1", [action(6)], 6)).toEqual([3]);
      expect(numbers(await a.eventsOf("ROOM-1"))).toEqual([0, 1, 4, 6]);
      // Other rooms of the fenced process are untouched.
      await b.appendBatches([{ logId: "OTHR-1", roomCode: "OTHR", records: [action(7)], at: 7 }]);
      expect(numbers(await a.eventsOf("OTHR-1"))).toEqual([7]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a claim racing a stream of appends: every append that resolved is in the log, every one refused is not", async () => {
    const url = await server.createDatabase();
    const a = await PgGameStore.open({ url, owner: "a" });
    const b = await PgGameStore.open({ url, owner: "b" });
    try {
      await a.appendBatches([{ logId: "RACE-1", roomCode: "RACE", records: [action(-1)], at: 0 }]);
      const outcomes = new Map<number, "written" | "fenced">();
      const appends: Promise<void>[] = [];
      for (let n = 0; n < 300; n++) {
        appends.push(
          a.appendBatches([{ logId: "RACE-1", roomCode: "RACE", records: [action(n)], at: n }]).then(
            () => void outcomes.set(n, "written"),
            (error: unknown) => {
              expect(error).toBeInstanceOf(FencedError);
              outcomes.set(n, "fenced");
            },
          ),
        );
        // The first is durable before the others go; the other process takes the room over in the middle of
        // the stream, while appends are in flight and queued.
        if (n === 0) await appends[0];
        if (n === 150) await b.claimRoom("RACE");
        if (n % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(appends);
      const logged = numbers(await b.eventsOf("RACE-1")).filter((n) => n >= 0);
      const written = [...outcomes].filter(([, o]) => o === "written").map(([n]) => n);
      expect(logged).toEqual(written);
      // The written ones are a prefix: once fenced, the old owner writes nothing more.
      expect(written).toEqual(written.map((_, i) => i));
      expect(outcomes.size).toBe(300);
      // The claim landed mid-stream: some appends were written before it and the rest refused.
      expect(written.length).toBeGreaterThan(0);
      expect(written.length).toBeLessThan(300);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("groups concurrent appends of many rooms into few commits, each room's records in the order they were made", async () => {
    const url = await server.createDatabase();
    const store = await PgGameStore.open({ url });
    try {
      const rooms = Array.from({ length: 40 }, (_, i) => `R${String(i).padStart(3, "0")}`);
      const appends: Promise<void>[] = [];
      for (let n = 0; n < 10; n++) {
        for (const room of rooms) appends.push(store.appendBatches([{ logId: `${room}-1`, roomCode: room, records: [action(n)], at: n } satisfies LogBatch]));
      }
      await Promise.all(appends);
      for (const room of rooms.slice(0, 5)) {
        const events = await store.eventsOf(`${room}-1`);
        expect(events.map((e) => e.seq)).toEqual([...Array(10).keys()]);
        expect(numbers(events)).toEqual([...Array(10).keys()]);
      }
      // 400 appends made in one turn, written by a handful of transactions (xmin: the transaction that wrote a row).
      const [{ transactions }] = await store.query<{ transactions: number }>("SELECT COUNT(DISTINCT xmin::text)::int AS transactions FROM events");
      expect(transactions).toBeLessThanOrEqual(5);
    } finally {
      await store.close();
    }
  });

  it("a connection lost after the commit: the store asks the table, and a move that did land is durable, not refused", async () => {
    const url = await server.createDatabase();
    const relay = await flakyRelay(server.port);
    const viaRelay = url.replace(`:${server.port}/`, `:${relay.port}/`);
    const store = await PgGameStore.open({ url: viaRelay, log: () => {} });
    try {
      await store.appendBatches([{ logId: "CUTS-1", roomCode: "CUTS", records: [action(0)], at: 0 }]);
      relay.cutAfterInsert = true;
      await store.appendBatches([{ logId: "CUTS-1", roomCode: "CUTS", records: [action(1)], at: 1 }]);
      expect(numbers(await store.eventsOf("CUTS-1"))).toEqual([0, 1]);

      // The same, but the table cannot be asked either: refused, and in doubt until the next write asks.
      relay.cutAfterInsert = true;
      relay.refuse = true;
      await expect(store.appendBatches([{ logId: "CUTS-1", roomCode: "CUTS", records: [action(2)], at: 2 }])).rejects.toThrow();
      relay.refuse = false;
      // It had landed: the log holds a move the room was told was refused, so the room must be rebuilt from the log.
      await expect(store.appendBatches([{ logId: "CUTS-1", roomCode: "CUTS", records: [action(3)], at: 3 }])).rejects.toThrow(
        /holds a move this process refused/,
      );
      expect(numbers(await store.eventsOf("CUTS-1"))).toEqual([0, 1, 2]);
    } finally {
      await store.close();
      await relay.close();
    }
  });

  it("upgrades a log of the schema before: bot_decisions gains knowledge, from the records already written", async () => {
    const url = await server.createDatabase();
    const decision: StoreRecord = { kind: "bot-decision", playerId: "b1", decision: "clue", model: "lexical", fallback: false, source: "lexical", knowledge: "book", output: "fur" };
    const first = await PgGameStore.open({ url });
    await first.appendBatches([{ logId: "OLD-1", roomCode: "OLD", records: [action(0), decision], at: 0 }]);
    await first.close();
    // Back to schema 3: the view as it was (no knowledge column), and its version.
    const view = PG_SCHEMA_SQL.slice(PG_SCHEMA_SQL.indexOf("CREATE OR REPLACE VIEW bot_decisions"));
    const oldView = view.slice(0, view.indexOf(";") + 1).replace(", payload ->> 'knowledge' AS knowledge", "");
    expect(oldView).not.toContain("knowledge");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP VIEW bot_decisions; ${oldView} DELETE FROM sneak_schema; INSERT INTO sneak_schema (version) VALUES (3);`);
      expect((await client.query("SELECT * FROM bot_decisions")).fields.map((f) => f.name)).not.toContain("knowledge");
      const store = await PgGameStore.open({ url });
      expect(await store.query("SELECT decision, output, knowledge FROM bot_decisions")).toEqual([{ decision: "clue", output: "fur", knowledge: "book" }]);
      expect((await client.query("SELECT MAX(version) AS v FROM sneak_schema")).rows[0].v).toBe(PG_SCHEMA_VERSION);
      await store.close();
    } finally {
      await client.end();
    }
  });

  it("refuses appends with an error, never hangs, when Postgres goes away; a read-only open of an empty database says so", async () => {
    const own = await startPostgres();
    const url = await own.createDatabase();
    await expect(PgGameStore.open({ url, readonly: true })).rejects.toThrow(/no SNEAK game log in this database/);
    const store = await PgGameStore.open({ url, statementTimeoutMs: 2000, log: () => {} });
    await store.appendBatches([{ logId: "GONE-1", roomCode: "GONE", records: [action(0)], at: 0 }]);
    own.stop("immediate");
    const started = Date.now();
    await expect(store.appendBatches([{ logId: "GONE-1", roomCode: "GONE", records: [action(1)], at: 1 }])).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
    await store.close();
  });
});
