import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The baselines `npm run bench:load` measures the game against: each must acknowledge every command and
 * send every member of the sender's group a snapshot-sized frame, or the ratios it prints compare the game
 * with a server doing less than it claims.
 */

const snapshot = { version: 7, code: "ABCD", game: { phase: "clues", rounds: [{ clues: ["é", "ü"] }] } };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-echo-test-"));
  writeFileSync(join(dir, "frame.json"), JSON.stringify(snapshot));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startEcho(script: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL(`../../server/perf/${script}`, import.meta.url)), [join(dir, "frame.json")], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
    child.once("message", (message: { type?: string; url?: string }) => (message.url ? resolve({ child, url: message.url }) : reject(new Error(String(message)))));
  });
}

function member(url: string, group: string): Promise<{ socket: Socket; frames: unknown[] }> {
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, auth: { group } });
  const frames: unknown[] = [];
  socket.on("room:state", (payload: unknown) => frames.push(payload));
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve({ socket, frames }));
    socket.once("connect_error", reject);
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe.each([
  ["load-echo-server.ts", false],
  ["load-echo-hop-server.ts", true],
])("%s", (script, framePerMember) => {
  it("acks each command and sends the snapshot to every member of the sender's group, and only to them", async () => {
    const { child, url } = await startEcho(script);
    const members = await Promise.all([member(url, "g1"), member(url, "g1"), member(url, "g1"), member(url, "g2")]);
    try {
      // The hop server queues each member's arrival for its worker before the client hears it is connected,
      // so no command can overtake one.
      const ack = await members[0].socket.timeout(5000).emitWithAck("room:clue", { text: "first" });
      expect(ack).toEqual({ ok: true });
      await members[2].socket.timeout(5000).emitWithAck("room:vote", { target: "x" });
      const group = members.slice(0, 3);
      await until(() => group.every((m) => m.frames.length === 2));
      for (const m of group) {
        expect(m.frames).toHaveLength(2);
        const [first, second] = m.frames as { echo: unknown; state: unknown; you?: string }[];
        expect(first.echo).toEqual({ text: "first" });
        expect(second.echo).toEqual({ target: "x" });
        expect(first.state).toEqual(snapshot);
        // The hop server builds each member's frame apart, as a game builds each viewer's snapshot.
        if (framePerMember) expect(first.you).toBe(m.socket.id);
        else expect(first.you).toBeUndefined();
      }
      expect(members[3].frames).toEqual([]);
    } finally {
      for (const m of members) m.socket.close();
      child.kill();
    }
  });
});
