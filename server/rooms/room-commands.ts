import { randomBytes } from "node:crypto";
import { sameName } from "../../shared/game/names";
import { DEFAULT_BOT_LEVEL, type GameAction, type GameState, type PlayerId } from "../../shared/game/types";
import { C2S, type C2SEvent, type PayloadOf, type RoomSnapshot } from "../../shared/protocol";
import type { MaybePromise } from "../maybe-promise";
import { gameActionFor } from "./command-actions";
import { CommandError } from "./command-error";
import { andThen } from "./command-queue";
import type { Member, RoomMembers } from "./room-members";

export type CommandAck = { ok: true } & Record<string, unknown>;

/** What the dispatch needs from its room: each command goes to the part that owns it. */
export interface RoomCommandsHooks {
  botModels(): readonly string[];
  members: Pick<RoomMembers, "get" | "clearStandIns" | "spectatorNames" | "refuseNameInUse">;
  state(): GameState | null;
  now(): number;
  /** Runs a change once the changes queued before it have settled (command-queue.ts). */
  run<T>(change: () => MaybePromise<T>): MaybePromise<T>;
  /** Applies a player's action; a refusal throws the ack's CommandError. */
  apply(action: GameAction): MaybePromise<void>;
  /** The member's snapshot now (the resync ack). */
  snapshotFor(member: Member): RoomSnapshot;
  /** Members see a change outside the rules state (a new snapshot). */
  changed(): void;
  refuseIfMoved(): void;
  kick(by: PlayerId, targetId: PlayerId): MaybePromise<void>;
  answerSeatRequest(by: PlayerId, requestId: string, approve: boolean): MaybePromise<void>;
}

const OK = { ok: true } as const;

const BOT_NAMES = ["Ada", "Basil", "Clio", "Dex", "Echo", "Fern", "Gus", "Hal", "Iris", "Juno"];

/**
 * A member's command, dispatched: a resync answered at once, a spectator kept to watching, host commands the
 * room handles itself (bots, kicks, seat requests), and every other move as its rules action (command-actions.ts).
 */
export class RoomCommands {
  constructor(private readonly hooks: RoomCommandsHooks) {}

  /** A client command from an authenticated member; returns the ack or throws a CommandError. */
  command(playerId: PlayerId, event: C2SEvent, payload: unknown): MaybePromise<CommandAck> {
    this.hooks.refuseIfMoved();
    const member = this.hooks.members.get(playerId);
    if (!member || !this.hooks.state()) throw new CommandError("NOT_IN_ROOM", "create or join a room first");
    // A resync changes nothing: answered at once, even while moves wait for the log.
    if (event === C2S.roomResync) return { ok: true, state: this.hooks.snapshotFor(member) };
    return this.hooks.run(() => this.change(playerId, event, payload));
  }

  private change(playerId: PlayerId, event: C2SEvent, payload: unknown): MaybePromise<CommandAck> {
    const member = this.hooks.members.get(playerId);
    const state = this.hooks.state();
    if (!member || !state) throw new CommandError("NOT_IN_ROOM", "create or join a room first");
    const now = this.hooks.now();
    const p = payload as Record<string, unknown>;
    if (event === C2S.roomResync) return { ok: true, state: this.hooks.snapshotFor(member) };
    // The player makes a move again: the "a bot played for you" list has been seen (chatting keeps it, so a
    // player who came back can still take back the stand-in's vote).
    if (event !== C2S.chatSend && this.hooks.members.clearStandIns(member)) this.hooks.changed();
    if (member.spectator) {
      // A spectator is not the host (a host command), nor a player (a move or the chat).
      if (event.startsWith("host:")) throw new CommandError("NOT_HOST", "only the host can do that, and spectators never host");
      if (event.startsWith("game:") || event === C2S.chatSend) throw new CommandError("NOT_A_PLAYER", "spectators watch; join as a player to take part");
    }
    switch (event) {
      case C2S.hostAddBot:
        return andThen(this.addBot(playerId, p as PayloadOf<typeof C2S.hostAddBot>), (added) => ({ ok: true as const, playerId: added }));
      case C2S.hostRemoveBot: {
        const target = state.seats.find((s) => s.id === p.playerId);
        if (!target || target.kind !== "bot") throw new CommandError("UNKNOWN_PLAYER", "no bot with that id at this table");
        return andThen(this.hooks.apply({ type: "kick", now, by: playerId, playerId: target.id }), () => OK);
      }
      case C2S.hostKick:
        return andThen(this.hooks.kick(playerId, p.playerId as string), () => OK);
      case C2S.hostAnswerSeat:
        return andThen(this.hooks.answerSeatRequest(playerId, p.requestId as string, p.approve as boolean), () => OK);
      default: {
        const action = gameActionFor(event, playerId, payload, now);
        if (!action) throw new CommandError("BAD_PAYLOAD", `"${event}" is not a room command`);
        return andThen(this.hooks.apply(action), () => OK);
      }
    }
  }

  private addBot(by: PlayerId, request: PayloadOf<typeof C2S.hostAddBot>): MaybePromise<PlayerId> {
    const state = this.hooks.state()!;
    if (state.hostId !== by) throw new CommandError("NOT_HOST", "only the host can add bots");
    let profile = "lexical";
    if (request.kind === "llm") {
      const models = this.hooks.botModels();
      const model = request.model ?? models[0];
      if (model === undefined) throw new CommandError("UNKNOWN_MODEL", "this server offers no LLM models (set SNEAK_BOT_MODELS)");
      if (!models.includes(model)) throw new CommandError("UNKNOWN_MODEL", `"${model}" is not offered; choose one of: ${models.join(", ")}`);
      profile = `llm:${model}`;
    }
    const playerId = `b-${randomBytes(6).toString("base64url")}`;
    const names = [...state.seats.map((s) => s.name), ...this.hooks.members.spectatorNames()];
    const free = (candidate: string) => !names.some((n) => sameName(n, candidate));
    const name = request.name ?? BOT_NAMES.find(free) ?? `Bot ${state.seats.length + 1}`;
    if (request.name !== undefined) this.hooks.members.refuseNameInUse(request.name, false, state.seats);
    return andThen(this.hooks.apply({ type: "addBot", now: this.hooks.now(), by, playerId, name, botProfile: profile, botLevel: request.level ?? DEFAULT_BOT_LEVEL }), () => playerId);
  }
}
