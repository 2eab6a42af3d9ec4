import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck } from "../../shared/protocol";
import type { Dataset } from "../../shared/sneak/types";
import { wiredGameLog, type WiredGameLog } from "../../server/app-game-log";
import { defaultClueBook } from "../../server/clue-book/default-book";
import { cardBookFor } from "../../server/clue-book/card-index";
import type { ClueLine, RoundLine } from "../../server/export/export-types";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";
import { storeBackends, useBackend } from "../support/store-backends";

/**
 * The export says which knowledge made each of the built-in bot's moves: a real server with its own bots (the clue
 * book of data/clue-book.json, else the lexical model) and game log plays whole games through sockets, and the
 * room's JSONL download is read back. On a card the book covers the bots' clues, bluffs, votes and guesses are
 * the book's; on a custom card it lacks they are the lexical model's; a human's are neither.
 */

const schema = JSON.parse(readFileSync(new URL("../../docs/schema/sneak-export.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

const book = defaultClueBook();
/** The book's own fruit card, dealt as the dataset's: the bots can read every word of it from the book. */
const BOOK_FRUIT = Object.keys(book?.cards.fruit ?? {});
const DATASET: Dataset = {
  name: "book-fruit",
  description: "the clue book's fruit card",
  categories: [{ category: "fruit", words: BOOK_FRUIT, decoys: ["food", "sweet", "tree", "juice", "seed", "market"] }],
};
/** A host's own card, which the book does not hold: the bots play it from the lexical model. */
const CUSTOM = { category: "solar system", words: ["sun", "moon", "mercury", "venus", "earth", "mars", "jupiter", "saturn"] };

describe("server: the export says whether the clue book or the lexical model made a bot's move", () => {
  const [backend] = storeBackends();
  if (!useBackend(backend)) return;
  let log: WiredGameLog;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    log = (await wiredGameLog((await backend.fresh()).config, DATASET, ["lexical"], () => {}))!;
    server = await startTestServer({}, { observer: log.observer, routers: [log.router], deps: { dataset: DATASET } });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
    await log?.close();
  });

  /** A human host (played from its snapshots) and three of the server's bots play a game to `targetScore`; its export lines. */
  async function playAndExport(topics: object): Promise<{ clues: ClueLine[]; rounds: RoundLine[] }> {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    for (let i = 0; i < 3; i++) expect((await host.send(C2S.hostAddBot, { kind: "lexical" })).ok).toBe(true);
    expect(await host.send(C2S.hostSettings, { targetScore: 5, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0, ...topics })).toEqual({ ok: true });
    const player = autoPlay(host);
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    player.stop();
    const res = await fetch(`${server.url}/api/games/${created.code}/export?game=1`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l));
    for (const line of lines) {
      validate(line);
      expect(validate.errors ?? [], JSON.stringify(line).slice(0, 200)).toEqual([]);
    }
    return { clues: lines.filter((l) => l.type === "clue"), rounds: lines.filter((l) => l.type === "round") };
  }

  /** Every bot move of the game: each clue (the bluffs apart), vote and guess, with the knowledge it says made it. */
  function botMoves({ clues, rounds }: { clues: ClueLine[]; rounds: RoundLine[] }) {
    const botSeat = (round: RoundLine, seat: number) => round.seats.find((s) => s.seat === seat)?.controller === "bot";
    const roundOf = (clue: ClueLine) => rounds.find((r) => r.round === clue.round)!;
    return {
      informed: clues.filter((c) => c.source.kind === "bot" && !c.byChameleon).map((c) => c.source.knowledge),
      bluffs: clues.filter((c) => c.source.kind === "bot" && c.byChameleon).map((c) => c.source.knowledge),
      votes: rounds.flatMap((r) => r.votes.filter((v) => botSeat(r, v.voterSeat) && v.targetSeat !== null).map((v) => v.knowledge)),
      guesses: rounds.flatMap((r) => (botSeat(r, r.chameleonSeat) ? r.guesses.map((g) => g.knowledge) : [])),
      human: [...clues.filter((c) => c.source.kind === "human").map((c) => c.source.knowledge), ...rounds.flatMap((r) => r.votes.filter((v) => v.source === "human").map((v) => v.knowledge))],
    };
  }

  it("marks the bots' moves on a dealt card the book covers as the book's", async () => {
    expect(book, "data/clue-book.json").not.toBeNull();
    expect(cardBookFor(book!, "fruit", BOOK_FRUIT)?.coversGrid).toBe(true);
    const game = await playAndExport({ categoryPool: ["fruit"] });
    expect(game.rounds.every((r) => r.category === "fruit")).toBe(true);
    const moves = botMoves(game);
    // Seeded rooms replay alike: this game has bot chameleons, one of them caught and guessing.
    expect(moves.informed.length).toBeGreaterThan(0);
    expect(moves.bluffs.length).toBeGreaterThan(0);
    expect(moves.votes.length).toBeGreaterThan(0);
    expect(moves.guesses.length).toBeGreaterThan(0);
    expect(new Set([...moves.informed, ...moves.bluffs, ...moves.votes, ...moves.guesses])).toEqual(new Set(["book"]));
    // The model stays the bot that played ("lexical" kind), and the human's moves are no bot's knowledge.
    expect(new Set(game.clues.filter((c) => c.source.kind === "bot").map((c) => `${c.generator} ${c.source.fallback}`))).toEqual(new Set(["bot:lexical false"]));
    expect(moves.human.length).toBeGreaterThan(0);
    expect(new Set(moves.human)).toEqual(new Set([null]));
  }, 120_000);

  it("marks them as the lexical model's on a custom card the book does not hold", async () => {
    expect(cardBookFor(book!, CUSTOM.category, CUSTOM.words)).toBeUndefined();
    const game = await playAndExport({ categoryPool: [], customCards: [CUSTOM] });
    expect(game.rounds.every((r) => r.category === CUSTOM.category)).toBe(true);
    const moves = botMoves(game);
    expect(moves.informed.length).toBeGreaterThan(0);
    expect(moves.bluffs.length).toBeGreaterThan(0);
    expect(moves.votes.length).toBeGreaterThan(0);
    expect(new Set([...moves.informed, ...moves.bluffs, ...moves.votes, ...moves.guesses])).toEqual(new Set(["lexical"]));
    expect(new Set(moves.human)).toEqual(new Set([null]));
  }, 120_000);
});
