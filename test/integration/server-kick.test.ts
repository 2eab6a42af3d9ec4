import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, S2C, type JoinedAck, type RoomSnapshot, type SeatAnswerPayload } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";

/**
 * A kick at a party table, against the real server: the kicked player's device and address wait for the host's
 * yes to join again until the game ends (server/rooms/kick-list.ts). Addresses are picked with `localAddress`
 * (127.0.0.x), devices with the handshake's `auth.device`, as the browser client sends it.
 */
describe("server: a kick keeps the kicked device and address out until the host says yes or the game ends", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const open: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  function client(address: string, device: string): TestClient {
    const c = connectClient(server.url, { device } as never, { localAddress: address });
    open.push(c);
    return c;
  }

  async function joined(c: TestClient, code: string, name: string, spectator = false): Promise<JoinedAck> {
    const ack = await c.send<JoinedAck>(C2S.roomJoin, { code, name, spectator });
    if (!ack.ok) throw new Error(`${name}: ${ack.code} ${ack.message}`);
    return ack;
  }

  const answerOf = (c: TestClient) => new Promise<SeatAnswerPayload>((resolve) => c.socket.once(S2C.seatAnswer, resolve));
  const requests = (s: RoomSnapshot) => s.seatRequests.filter((r) => r.kind === "join");

  it("asks the host before anyone joins from where a kicked player played, lets in whom the host approves, and lifts at the game's end", async () => {
    const host = client("127.0.0.1", "device-host-0001");
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hana" });
    if (!created.ok) throw new Error(created.message);
    const { code } = created;
    const bo = client("127.0.0.2", "device-bo-0001");
    const cy = client("127.0.0.3", "device-cy-0001");
    const boSeat = await joined(bo, code, "Bo");
    await joined(cy, code, "Cy");
    expect(await host.send(C2S.hostKick, { playerId: boSeat.playerId })).toEqual({ ok: true });

    // Bo at once in a new tab under another name: the host is asked, and Bo is told to wait.
    const again = client("127.0.0.2", "device-bo-0001");
    const refusedAnswer = answerOf(again);
    const asked = await again.send(C2S.roomJoin, { code, name: "Robert" });
    expect(asked).toMatchObject({ ok: false, code: "HOST_APPROVAL", message: expect.stringMatching(/asked/) });
    const waiting = await host.waitForState((s) => requests(s).length === 1, "the host sees the request");
    expect(requests(waiting)[0]).toMatchObject({ kind: "join", name: "Robert" });
    // Only the asker's answer is waited for: one request at a time from an address.
    const twice = client("127.0.0.2", "device-other-0002");
    expect(await twice.send(C2S.roomJoin, { code, name: "Bobby" })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    // The host says no: Robert is told, and is not seated.
    expect(await host.send(C2S.hostAnswerSeat, { requestId: requests(waiting)[0].requestId, approve: false })).toEqual({ ok: true });
    expect(await refusedAnswer).toEqual({ approved: false, message: "The host said no." });
    expect(host.latest()!.game.seats.map((s) => s.name)).toEqual(["Hana", "Cy"]);

    // From another network, the same device still waits (a phone switched to mobile data); a spectator too.
    const otherNetwork = client("127.0.0.9", "device-bo-0001");
    expect(await otherNetwork.send(C2S.roomJoin, { code, name: "Roberto", spectator: true })).toMatchObject({ ok: false, code: "HOST_APPROVAL" });
    otherNetwork.close();

    // A friend arriving late on Bo's Wi-Fi is let in by the host: seated with a token of their own.
    const friend = client("127.0.0.2", "device-dee-0001");
    const approved = answerOf(friend);
    expect(await friend.send(C2S.roomJoin, { code, name: "Dee" })).toMatchObject({ code: "HOST_APPROVAL" });
    const deeAsks = await host.waitForState((s) => requests(s).some((r) => r.name === "Dee"), "Dee's request");
    const request = requests(deeAsks).find((r) => r.name === "Dee")!;
    expect(await host.send(C2S.hostAnswerSeat, { requestId: request.requestId, approve: true })).toEqual({ ok: true });
    const answer = await approved;
    expect(answer).toMatchObject({ approved: true, code, spectator: false, token: expect.stringMatching(new RegExp(`^${code}\\.`)) });
    const seated = await friend.waitForState((s) => s.you.seated, "Dee seated");
    expect(seated.game.seats.map((s) => s.name)).toEqual(["Hana", "Cy", "Dee"]);

    // Someone from elsewhere is not held up.
    await joined(client("127.0.0.4", "device-eve-0001"), code, "Eve");

    // The game ends: the marks made before it started lift with it, and Bo joins like anyone.
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    expect(await host.send(C2S.hostEndGame)).toEqual({ ok: true });
    await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    await joined(client("127.0.0.2", "device-bo-0001"), code, "Bo");
  });

  it("lets nobody in without asking while the host is away, and says so", async () => {
    const host = client("127.0.0.5", "device-host-0002");
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Ivo" });
    if (!created.ok) throw new Error(created.message);
    const jo = client("127.0.0.6", "device-jo-0001");
    const joSeat = await joined(jo, created.code, "Jo");
    expect(await host.send(C2S.hostKick, { playerId: joSeat.playerId })).toEqual({ ok: true });
    host.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const back = client("127.0.0.6", "device-jo-0002");
    expect(await back.send(C2S.roomJoin, { code: created.code, name: "Joanna" })).toMatchObject({ ok: false, code: "HOST_APPROVAL", message: expect.stringMatching(/not here/) });
  });
});
