import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { C2S, S2C, type Ack, type JoinedAck, type RoomSnapshot } from "../../shared/protocol";
import { exportLinesOf } from "../../server/export/export-lines";
import { storeBackends, useBackend, type StoreLocation } from "../support/store-backends";

/**
 * The real server, as `npm start` runs it, in a child process with its game log in a temp folder: players
 * play a first game to its end and are in the middle of a second when the process is killed with SIGKILL.
 * Everything acknowledged must be in the log, and a restarted server must let the same players back in
 * with their tokens to finish the game. Once on the SQLite file, once on Postgres.
 */

const dir = mkdtempSync(join(tmpdir(), "sneak-kill-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `server/index.ts` on port 0 and resolves with its URL and everything it printed. */
function startServerProcess(location: StoreLocation): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: "0", HOST: "127.0.0.1", SNEAK_BOT_DELAY_MS: "0", SNEAK_STATIC_DIR: join(dir, "no-client") };
  delete env.SNEAK_DB;
  delete env.SNEAK_DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...env, ...location.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output.join(" | ")}`)), 60_000);
    let url: string | undefined;
    const onData = (chunk: Buffer) => {
      output.push(...chunk.toString().split("\n").filter(Boolean));
      url ??= /running at (http:\/\/\S+)/.exec(chunk.toString())?.[1];
      // The line after the URL says what the game log restored.
      if (url && output.some((line) => line.startsWith("Game log:"))) {
        clearTimeout(timer);
        resolve({ child, url, output });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output.join(" | ")}`)));
  });
}

interface Player {
  socket: Socket;
  token: string;
  playerId: string;
  latest: RoomSnapshot | null;
  /** Clues this player saw acknowledged: text → "game/round". */
  acked: Map<string, string>;
  playing: boolean;
}

/** Connects; `before` runs first, so that listeners miss no snapshot (a returning player's arrives at once). */
function connectPlayer(url: string, token?: string, before: (socket: Socket) => void = () => {}): Promise<Socket> {
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, autoConnect: false, auth: token ? { token } : {} });
  before(socket);
  socket.connect();
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

let clueCounter = 0;
/** Made-up words, unique across the test, so that every acknowledged clue can be found in the log. */
const freshClue = () => `zq${(clueCounter++).toString(26).replace(/\d/g, (d) => "klmnopqrst"[Number(d)])}x`;

/** Plays from snapshots, like a client: its clue on its turn, a vote, the tie-break, the guess, the host's next round and next game. */
function play(player: Player): void {
  const done = new Set<string>();
  player.socket.on(S2C.roomState, (s: RoomSnapshot) => {
    player.latest = s;
    if (!player.playing) return;
    const game = s.game;
    const round = game.rounds[game.rounds.length - 1];
    if (!round) return;
    const me = s.you.playerId;
    const key = `${game.gameNumber}/${round.number}/${game.phase}/${round.guesses.length}`;
    const send = (event: string, payload: object, onOk?: () => void) => {
      if (done.has(key)) return;
      done.add(key);
      void player.socket
        .timeout(10_000)
        .emitWithAck(event, payload)
        .then((ack: Ack) => ack.ok && onOk?.(), () => {});
    };
    if (game.phase === "clues" && round.turnPlayerId === me) {
      const text = freshClue();
      send(C2S.gameClue, { text }, () => player.acked.set(text, `${game.gameNumber}/${round.number}`));
    } else if (game.phase === "vote" && round.yourVote === null) send(C2S.gameVote, { targetId: round.order.find((id) => id !== me)! });
    else if (game.phase === "tieBreak" && round.dealerId === me && round.tied) send(C2S.gameTieBreak, { targetId: round.tied.find((id) => id !== me) ?? round.tied[0] });
    else if (game.phase === "guess" && round.chameleonId === me && round.words) send(C2S.gameGuess, { word: round.words.find((w) => !round.guesses.includes(w))! });
    else if (game.phase === "reveal" && s.you.isHost) send(C2S.hostNextRound, {});
    else if (game.phase === "gameOver" && s.you.isHost && game.gameNumber === 1) send(C2S.hostStart, {});
  });
}

function until(players: Player[], predicate: (s: RoomSnapshot) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; phase ${players[0].latest?.game.phase}`)), 60_000);
    const check = () => {
      if (players.some((p) => p.latest && predicate(p.latest))) {
        clearTimeout(timer);
        for (const p of players) p.socket.off(S2C.roomState, check);
        resolve();
      }
    };
    for (const p of players) p.socket.on(S2C.roomState, check);
    check();
  });
}

describe.each(storeBackends())("store: kill -9 and restart on $name", (backend) => {
  if (!useBackend(backend)) return;
  it("keeps every acknowledged event and lets the players finish the game after a restart", { timeout: 180_000 }, async () => {
    const location = await backend.fresh();
    const first = await startServerProcess(location);
    const players: Player[] = [];
    let code = "";
    for (const name of ["Ann", "Ben", "Cat"]) {
      const socket = await connectPlayer(first.url);
      const ack: Ack<JoinedAck> =
        code === ""
          ? await socket.emitWithAck(C2S.roomCreate, { name, settings: { targetScore: 2, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 } })
          : await socket.emitWithAck(C2S.roomJoin, { code, name });
      if (!ack.ok) throw new Error(ack.message);
      code = ack.code;
      const player: Player = { socket, token: ack.token, playerId: ack.playerId, latest: null, acked: new Map(), playing: true };
      play(player);
      players.push(player);
    }
    expect(await players[0].socket.emitWithAck(C2S.hostStart, {})).toEqual({ ok: true });
    // The first game ends; the host starts a second; kill the server once its second clue is on the table,
    // while the players go on sending (commands may be in flight).
    await until(players, (s) => s.game.gameNumber === 2 && (s.game.rounds.at(-1)?.clues.length ?? 0) >= 2, "the second game's second clue");
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    for (const p of players) {
      p.playing = false;
      p.socket.close();
    }

    const acked = new Map(players.flatMap((p) => [...p.acked]));
    const store = await location.openReadonly();
    let logged: Map<string, string>;
    try {
      expect((await store.openLogs()).map((l) => l.roomCode)).toEqual([code]);
      const logId = (await store.openLogs())[0].logId;
      // The finished first game is complete in the log.
      expect(await store.query(`SELECT game_number FROM games WHERE log_id = ? AND ended_at IS NOT NULL`, logId)).toEqual([{ game_number: 1 }]);
      const firstGame = await store.query<{ round: number; outcome: string | null }>(`SELECT round, outcome FROM rounds WHERE log_id = ? AND game_number = 1`, logId);
      expect(firstGame.length).toBeGreaterThan(0);
      expect(firstGame.every((r) => r.outcome !== null)).toBe(true);
      // Every acknowledged clue is in the log, in its game and round.
      logged = new Map((await store.query<{ text: string; g: number; r: number }>(`SELECT text, game_number AS g, round AS r FROM clues WHERE log_id = ?`, logId)).map((c) => [c.text, `${c.g}/${c.r}`]));
      for (const [text, where] of acked) expect(logged.get(text), `acknowledged clue ${text}`).toBe(where);
      // The first game exports (its rounds are revealed); the round in play does not.
      const lines = await exportLinesOf(store, { logId });
      expect(lines.filter((l) => l.type === "round" && l.gameNumber === 1).length).toBe(firstGame.length);
      expect(lines.some((l) => l.gameNumber === 2 && l.round === players[0].latest!.game.rounds.at(-1)!.number)).toBe(false);
    } finally {
      await store.close();
    }

    const second = await startServerProcess(location);
    expect(second.output.join("\n")).toMatch(/1 room\(s\) restored/);
    const back: Player[] = [];
    for (const p of players) {
      const player: Player = { ...p, latest: null, acked: new Map(), playing: true };
      await connectPlayer(second.url, p.token, (socket) => {
        player.socket = socket;
        play(player);
      });
      back.push(player);
    }
    await until(back, (s) => s.code === code, "a snapshot of the restored room");
    const restored = back[0].latest!;
    expect(restored.game.gameNumber).toBe(2);
    // A client that ignores snapshots older than its own (docs/PROTOCOL.md) takes the restored room's first one.
    for (const [i, p] of back.entries()) {
      await until([p], (s) => s.code === code, `player ${i}'s first snapshot after the restart`);
      expect(p.latest!.version, `player ${i}'s version after the restart`).toBeGreaterThan(players[i].latest!.version);
    }
    expect(restored.you.playerId).toBe(players[0].playerId);
    // Every clue the log holds for the round in play is on the table again (acknowledged ones included).
    const roundNow = restored.game.rounds.at(-1)!;
    for (const [text, where] of logged!) if (where === `2/${roundNow.number}`) expect(roundNow.clues.map((c) => c.text)).toContain(text);
    // The restarted server serves the log: the finished game as a download, the leaderboard.
    const download = await fetch(`${second.url}/api/games/${code}/export?game=1`);
    expect(download.status).toBe(200);
    const exported = (await download.text()).trim().split("\n").map((l) => JSON.parse(l));
    expect(exported.filter((l) => l.type === "round").length).toBeGreaterThan(0);
    expect(exported.every((l) => l.gameNumber === 1)).toBe(true);
    expect((await fetch(`${second.url}/api/leaderboard`)).status).toBe(200);
    // The game goes on: the restored round is played to its end.
    await until(back, (s) => s.game.gameNumber === 2 && s.game.rounds.length >= roundNow.number && s.game.rounds[roundNow.number - 1].outcome !== null, "the restored round's end");
    for (const p of back) p.socket.close();
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  });
});
