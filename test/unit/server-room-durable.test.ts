import { describe, expect, it } from "vitest";
import { applyAction } from "../../shared/game/rules";
import type { GameAction, GameState } from "../../shared/game/types";
import { Room, type RoomObserver } from "../../server/rooms/room";
import { SessionStore } from "../../server/rooms/sessions";
import { CommandError } from "../../server/rooms/command-error";
import { testConfig } from "../../server/config";
import { libraryOf } from "../../server/app";
import { roomRngOf } from "../../server/store/restore";
import { TEST_DATASET } from "../support/socket-server";
import { idleAgent } from "../../server/agents/idle-agent";

/**
 * The room's side of "durable before acknowledged" when the log answers asynchronously (as Postgres does):
 * a move takes effect only after its write resolves, later moves wait their turn, and a refused write leaves
 * the room exactly as it was, its RNG included, so the log still replays to the live state.
 */

/** A log that takes `delayMs` to make each action durable, and refuses the ones `refuse` names. */
function slowLog(delayMs: number, refuse: (action: GameAction) => boolean = () => false) {
  const logged: GameAction[] = [];
  let initial: GameState | null = null;
  const observer: RoomObserver = {
    onCreate: (_room, state) => {
      initial = state;
    },
    onAction: (_room, action) =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          if (refuse(action)) return reject(new Error("the game log could not record this move, so it was not played; try again"));
          logged.push(action);
          resolve();
        }, delayMs),
      ),
  };
  return { observer, logged, initial: () => initial! };
}

function roomWith(observer: RoomObserver): Room {
  const { library, decoysOf } = libraryOf(TEST_DATASET);
  return new Room("SLOW", {
    config: testConfig({ fallbackAfterMs: 3_600_000 }),
    sessions: new SessionStore(),
    library,
    decoysOf,
    evaluators: [],
    agentFor: () => idleAgent,
    fallbackAgent: idleAgent,
    log: () => {},
    seed: "durable",
    observer,
  });
}

/** What a restart would rebuild: the logged actions replayed from the first state with the room's seed. */
function replay(initial: GameState, actions: readonly GameAction[]): GameState {
  const rng = roomRngOf("durable");
  let state = initial;
  for (const action of actions) {
    const result = applyAction(state, action, rng);
    if (!result.ok) throw new Error(`replay refused ${action.type}: ${result.message}`);
    state = result.state;
  }
  return state;
}

describe("room: a move is durable before it takes effect", () => {
  it("applies a burst of commands in the order sent, each only once its write has resolved", async () => {
    const log = slowLog(5);
    const room = roomWith(log.observer);
    const host = await room.admit("Ann", false);
    const pending = [11, 12, 13, 14, 15].map((turnSeconds) => room.command(host.playerId, "host:settings", { turnSeconds }));
    // Nothing has taken effect yet: the first write is still in flight.
    expect(room.serverState!.settings.turnSeconds).not.toBe(11);
    // A resync is answered at once, from the state as it is.
    expect(room.command(host.playerId, "room:resync", {})).toMatchObject({ ok: true });
    expect(await Promise.all(pending)).toEqual(Array(5).fill({ ok: true }));
    expect(room.serverState!.settings.turnSeconds).toBe(15);
    const settings = log.logged.filter((a) => a.type === "updateSettings").map((a) => (a as { settings: { turnSeconds?: number } }).settings.turnSeconds);
    expect(settings).toEqual([11, 12, 13, 14, 15]);
    expect(replay(log.initial(), log.logged)).toEqual(room.serverState);
    room.dispose("room-closed");
  });

  it("refuses a move whose write fails, with the log's message, and leaves the room (and its RNG) as it was", async () => {
    let refusals = 1;
    const log = slowLog(2, (action) => action.type === "start" && refusals-- > 0);
    const room = roomWith(log.observer);
    const host = await room.admit("Ann", false);
    await room.admit("Ben", false);
    await room.admit("Cat", false);
    const refused = room.command(host.playerId, "host:start", {});
    await expect(refused).rejects.toBeInstanceOf(CommandError);
    await expect(refused).rejects.toMatchObject({ code: "INTERNAL", message: "the game log could not record this move, so it was not played; try again" });
    expect(room.serverState!.phase).toBe("lobby");
    // Retried, it deals: exactly what a replay of the log deals (the refused start drew nothing for good).
    expect(await room.command(host.playerId, "host:start", {})).toEqual({ ok: true });
    expect(room.serverState!.phase).not.toBe("lobby");
    expect(replay(log.initial(), log.logged)).toEqual(room.serverState);
    room.dispose("room-closed");
  });
});
