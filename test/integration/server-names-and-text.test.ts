import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";

/** Names, clues and chat as a real server takes them: control characters refused, look-alike names taken. */
describe("server: control characters and look-alike names", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const open: TestClient[] = [];
  const client = () => {
    const c = connectClient(server.url);
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  it("refuses them with clear messages, and stores nothing of them", async () => {
    expect(await client().send(C2S.roomCreate, { name: "\x00\x01" })).toMatchObject({ ok: false, code: "RULE", rule: "invalid_name", message: expect.stringMatching(/control characters/) });
    expect(server.registry.size).toBe(0);
    const ada = client();
    const created = await ada.send<JoinedAck>(C2S.roomCreate, { name: "Ada" });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    expect(await client().send(C2S.roomJoin, { code, name: "\x1b[31mRED" })).toMatchObject({ ok: false, rule: "invalid_name", message: expect.stringMatching(/control characters/) });
    expect(await client().send(C2S.roomJoin, { code, name: "\u0410da" })).toMatchObject({ ok: false, code: "RULE", rule: "name_taken", message: expect.stringContaining('looks too much like "Ada"') });
    expect(await client().send(C2S.roomJoin, { code, name: "ADA", spectator: true })).toMatchObject({ ok: false, code: "RULE", rule: "name_taken" });
    expect(await client().send(C2S.roomJoin, { code, name: "\u0410d\u0430", spectator: true })).toMatchObject({ ok: false, rule: "name_taken" });
    expect((await client().send(C2S.roomJoin, { code, name: "Watcher", spectator: true })).ok).toBe(true);
    const ben = client();
    expect((await ben.send(C2S.roomJoin, { code, name: "Ben" })).ok).toBe(true);
    expect((await client().send(C2S.roomJoin, { code, name: "Cat" })).ok).toBe(true);

    expect(await ben.send(C2S.chatSend, { text: "\x1b[31mRED" })).toMatchObject({ ok: false, code: "RULE", rule: "control_characters", message: expect.stringMatching(/Control characters/) });
    expect(await ben.send(C2S.chatSend, { text: "two\nlines" })).toEqual({ ok: true });
    expect(await ada.send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    expect(await ada.send(C2S.hostStart)).toEqual({ ok: true });
    const inPlay = await ada.waitForState((s) => s.game.phase === "clues");
    const turn = inPlay.game.rounds[0].turnPlayerId;
    const giver = open.find((c) => c.latest()?.you.playerId === turn)!;
    expect(await giver.send(C2S.gameClue, { text: "\x1b[31mRED" })).toMatchObject({ ok: false, code: "RULE", rule: "control_characters" });
    expect(await giver.send(C2S.gameClue, { text: "sweet" })).toEqual({ ok: true });
    const after = await ada.waitForState((s) => s.game.rounds[0].clues.length === 1);
    expect(JSON.stringify(after)).not.toMatch(/\\u001b|\\u0000/);
    expect(after.game.chat.map((line) => line.text)).toEqual(["two lines"]);
  });
});
