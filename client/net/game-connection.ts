import { io, type Socket } from "socket.io-client";
import {
  C2S,
  HANDSHAKE_ERRORS,
  S2C,
  type Ack,
  type C2SEvent,
  type ClientToServerEvents,
  type JoinedAck,
  type PayloadOf,
  type RoomClosedPayload,
  type RoomSnapshot,
  type SeatAnswerPayload,
  type ServerToClientEvents,
} from "../../shared/protocol";
import { useConnectionStore } from "../stores/connection-store";
import { useNoticeStore } from "../stores/notice-store";
import { useRoomStore } from "../stores/room-store";
import { forgetSeat, useSessionStore, type Seat } from "../stores/session-store";
import { describeFailure } from "./failure-text";
import { deviceId } from "./device-id";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The ack a command's handler sends back, read from the shared event map. */
type AckOf<E extends C2SEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** Failures the client itself detects: no answer in time, or no connection to send on. */
export interface LocalFailure {
  ok: false;
  code: "TIMEOUT" | "OFFLINE";
  message: string;
  rule?: undefined;
}
export type CommandResult<E extends C2SEvent> = AckOf<E> | LocalFailure;

const ACK_TIMEOUT_MS = 8000;
/** How long to wait before asking again when the server's room directory or game log is down. */
const UNAVAILABLE_RETRY_MS = 2000;
/** Redirects followed in a row before giving up (two processes naming each other would be a server bug). */
const MAX_REDIRECTS = 3;
/** Failed reconnections to a sibling process before going back to the page's own server, which finds the room again. */
const SIBLING_ATTEMPTS = 2;

/** A game process's address from a ROOM_ELSEWHERE answer: an http(s) origin, nothing else. */
export function processOrigin(url: unknown): string | null {
  if (typeof url !== "string" || url.length > 300) return null;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === url.replace(/\/$/, "") ? parsed.origin : null;
  } catch {
    return null;
  }
}

export interface RequestOptions {
  /** The caller shows the failure itself (e.g. inline under the clue box), so no toast. */
  quiet?: boolean;
}

/**
 * The only owner of the socket (as in Excalidraw's Portal): screens call its methods and read the stores
 * it fills; nothing else touches socket.io. It keeps the seat token in the handshake so that socket.io's
 * own reconnections, and a reload, return the player to the same seat.
 */
export class GameConnection {
  private socket: ClientSocket | null = null;
  /**
   * The game process the socket goes to: the page's own server (`home`), or, in a cluster of several
   * processes, the one that holds the room (docs/DEPLOY.md), as a ROOM_ELSEWHERE answer named it.
   */
  private target: string | undefined;
  private socketTarget: string | undefined;
  private redirects = 0;
  private siblingFailures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The "Connection lost" notice, withdrawn once the connection is back. */
  private lostNotice: number | null = null;

  constructor(private readonly home?: string) {
    this.target = home;
  }

  /** Creates a room and takes the host's seat. */
  async createRoom(name: string): Promise<CommandResult<typeof C2S.roomCreate>> {
    this.target = this.home;
    this.ensureSocket(undefined);
    const ack = await this.request(C2S.roomCreate, { name });
    if (ack.ok) this.adoptSeat(ack);
    return ack;
  }

  /** Joins a room by code as a player or a spectator. */
  async joinRoom(code: string, name: string, spectator = false): Promise<CommandResult<typeof C2S.roomJoin>> {
    // A fresh socket: a stale token for another room must not ride along in the handshake.
    this.target = this.home;
    const socket = this.ensureSocket(undefined);
    // From where the host kicked someone, the host is asked first: the answer comes on seat:answer.
    let answered: (reply: SeatAnswerPayload) => void = () => {};
    const answer = new Promise<SeatAnswerPayload>((resolve) => (answered = resolve));
    socket.once(S2C.seatAnswer, answered);
    let ack = await this.request(C2S.roomJoin, { code, name, spectator }, { quiet: true });
    if (ack.ok || ack.code !== "HOST_APPROVAL" || !/asked/.test(ack.message)) socket.off(S2C.seatAnswer, answered);
    else {
      useNoticeStore.getState().push("info", ack.message, "phase");
      const reply = await answer;
      if (!reply.approved) {
        useNoticeStore.getState().push("error", reply.message, "phase");
        return { ok: false, code: "HOST_APPROVAL", message: reply.message };
      }
      const joined = { ok: true as const, code: reply.code, token: reply.token, playerId: reply.playerId, spectator: reply.spectator };
      this.adoptSeat(joined);
      return joined;
    }
    const there = !ack.ok && ack.code === "ROOM_ELSEWHERE" ? processOrigin(ack.url) : null;
    if (there) {
      // The room lives in another game process: join it there.
      this.target = there;
      this.ensureSocket(undefined);
      ack = await this.request(C2S.roomJoin, { code, name, spectator }, { quiet: true });
    }
    if (ack.ok) this.adoptSeat(ack);
    else useNoticeStore.getState().push("error", describeFailure(ack), "phase");
    return ack;
  }

  /** Takes a seat back on this device with the rejoin code shown on the device it was played on. */
  async reclaimSeat(code: string, name: string, rejoinCode: string): Promise<CommandResult<typeof C2S.roomReclaim>> {
    this.ensureSocket(undefined);
    const ack = await this.request(C2S.roomReclaim, { code, name, rejoinCode }, { quiet: true });
    if (ack.ok) this.adoptSeat(ack);
    return ack;
  }

  /**
   * Asks the host for a seat back on this device. Resolves with the host's answer (`seat:answer`), or with the
   * refusal of the request itself; on approval the seat is taken here and the room's snapshot follows.
   */
  async askForSeat(code: string, name: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const socket = this.ensureSocket(undefined);
    const answer = new Promise<SeatAnswerPayload>((resolve) => socket.once(S2C.seatAnswer, resolve));
    const ack = await this.request(C2S.roomAskSeat, { code, name }, { quiet: true });
    if (!ack.ok) return { ok: false, message: ack.message };
    const reply = await answer;
    if (!reply.approved) return { ok: false, message: reply.message };
    this.adoptSeat({ ok: true, code: reply.code, token: reply.token, playerId: reply.playerId, spectator: reply.spectator });
    return { ok: true };
  }

  /**
   * Returns to a seat saved in localStorage (after a reload or in a new tab). Resolves true once the
   * room's snapshot is in hand, false when the server no longer knows the token.
   */
  async resume(seat: Seat): Promise<boolean> {
    useSessionStore.getState().setSeat(seat);
    const socket = this.ensureSocket(seat.token);
    if (!socket.connected) {
      // Settled by the store, not by this socket: a redirect to the room's process replaces the socket.
      const status = await new Promise<string>((resolve) => {
        const settled = (s: { status: string }) => s.status === "connected" || s.status === "offline" || s.status === "idle";
        if (settled(useConnectionStore.getState())) return resolve(useConnectionStore.getState().status);
        const unsubscribe = useConnectionStore.subscribe((s) => {
          if (!settled(s)) return;
          unsubscribe();
          resolve(s.status);
        });
      });
      if (status !== "connected") return false;
    }
    return this.resync();
  }

  /** Takes the seat back after another tab or device opened it (the server gives it to the newest connection). */
  async playHere(): Promise<boolean> {
    const seat = useSessionStore.getState().seat;
    if (!seat) return false;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    return this.resume(seat);
  }

  /** Asks for a full snapshot: after a reconnection a push may have been missed. */
  async resync(): Promise<boolean> {
    const ack = await this.request(C2S.roomResync, {}, { quiet: true });
    if (ack.ok) {
      this.receiveSnapshot(ack.state);
      return true;
    }
    if (ack.code === "NOT_IN_ROOM") {
      this.loseSeat("The server no longer holds your seat in this room. Join again to play.");
    }
    return false;
  }

  /** Leaves the room for good: the seat is released and the token forgotten. */
  async leaveRoom(): Promise<void> {
    const seat = useSessionStore.getState().seat;
    if (this.socket?.connected) await this.request(C2S.roomLeave, {}, { quiet: true });
    if (seat) forgetSeat(seat.code);
    this.teardown();
  }

  /**
   * Sends one command and waits for its ack. Every failure becomes a notice unless the caller shows it
   * itself: the server's rejections are never swallowed.
   */
  async request<E extends C2SEvent>(event: E, payload: PayloadOf<E>, opts: RequestOptions = {}): Promise<CommandResult<E>> {
    const socket = this.socket;
    let result: CommandResult<E>;
    if (!socket) {
      result = { ok: false, code: "OFFLINE", message: "Not connected to the game server." };
    } else {
      try {
        // emitWithAck's generics cannot follow a union of event names; the event map above types the result.
        const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(e: string, p: unknown): Promise<AckOf<E>> };
        result = await timed.emitWithAck(event, payload);
      } catch {
        result = socket.connected
          ? { ok: false, code: "TIMEOUT", message: "The server did not answer in time. Try again." }
          : { ok: false, code: "OFFLINE", message: "Not connected to the game server; your action was not sent." };
      }
    }
    // A refused move stops applying once the game moves on: it is cleared at the next phase (receiveSnapshot).
    if (!result.ok && !opts.quiet) useNoticeStore.getState().push("error", describeFailure(result), "phase");
    return result;
  }

  /** Drops the socket and every room-scoped store. */
  teardown(): void {
    clearTimeout(this.retryTimer);
    this.target = this.home;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    useSessionStore.getState().setSeat(null);
    useRoomStore.getState().clear();
    useConnectionStore.getState().set("idle");
  }

  private adoptSeat(ack: { ok: true } & JoinedAck): void {
    // A refused join or move from before no longer applies once a seat is taken.
    useNoticeStore.getState().clearScope("phase");
    const seat: Seat = { code: ack.code, playerId: ack.playerId, token: ack.token, spectator: ack.spectator };
    useSessionStore.getState().setSeat(seat);
    // Future reconnections present the token, so the server hands back this seat.
    if (this.socket) this.socket.auth = { token: ack.token, device: deviceId() };
  }

  private loseSeat(problem: string): void {
    const seat = useSessionStore.getState().seat;
    if (seat) forgetSeat(seat.code);
    this.teardown();
    useConnectionStore.getState().set("offline", problem);
    useNoticeStore.getState().push("error", problem);
  }

  private receiveSnapshot(snapshot: RoomSnapshot): void {
    const before = useRoomStore.getState().snapshot;
    useRoomStore.getState().receive(snapshot);
    const after = useRoomStore.getState().snapshot;
    if (before && after && phaseKey(before) !== phaseKey(after)) useNoticeStore.getState().clearScope("phase");
  }

  private ensureSocket(token: string | undefined): ClientSocket {
    clearTimeout(this.retryTimer);
    if (this.socket) {
      const current = (this.socket.auth as { token?: string } | undefined)?.token;
      if (current === token && this.socketTarget === this.target && (this.socket.connected || this.socket.active)) return this.socket;
      this.socket.removeAllListeners();
      this.socket.disconnect();
      this.socket = null;
    }
    useRoomStore.getState().clear();
    const opts = {
      auth: { ...(token ? { token } : {}), device: deviceId() },
      transports: ["websocket", "polling"],
      reconnectionDelayMax: 4000,
    };
    const socket: ClientSocket = this.target ? io(this.target, opts) : io(opts);
    this.socket = socket;
    this.socketTarget = this.target;
    useConnectionStore.getState().set("connecting");

    socket.on("connect", () => {
      this.redirects = 0;
      this.siblingFailures = 0;
      const wasReconnect = useConnectionStore.getState().status === "reconnecting";
      useConnectionStore.getState().set("connected");
      if (this.lostNotice !== null) useNoticeStore.getState().dismiss(this.lostNotice);
      this.lostNotice = null;
      if (wasReconnect) {
        useNoticeStore.getState().push("success", "Reconnected.");
        if (useSessionStore.getState().seat) void this.resync();
      }
    });
    socket.on("disconnect", (reason) => {
      if (reason === "io client disconnect") return;
      if (useConnectionStore.getState().status === "elsewhere") return;
      if (reason === "io server disconnect") {
        useConnectionStore.getState().set("offline", "The server closed the connection.");
        useNoticeStore.getState().push("error", "The server closed the connection.");
        return;
      }
      useConnectionStore.getState().set("reconnecting", "Connection lost: reconnecting… Your seat and points are kept, and a bot plays for you until you are back.");
      this.lostNotice = useNoticeStore.getState().push("error", "Connection lost. Reconnecting to your seat…");
    });
    socket.on("connect_error", (err: Error & { data?: { code?: string; message?: string; url?: unknown } }) => {
      const code = err.data?.code ?? err.message;
      const token = (socket.auth as { token?: string } | undefined)?.token;
      // Several game processes: the seat's room is held by another one; go there with the same token.
      const there = code === HANDSHAKE_ERRORS.roomElsewhere ? processOrigin(err.data?.url) : null;
      if (there && this.redirects < MAX_REDIRECTS) {
        this.redirects++;
        this.target = there;
        this.ensureSocket(token);
        return;
      }
      if (code === HANDSHAKE_ERRORS.unavailable || code === HANDSHAKE_ERRORS.roomElsewhere) {
        // The room directory or the game log is down (or the room is moving): the seat is safe; ask again soon.
        useConnectionStore.getState().set("reconnecting", "The game servers cannot reach your room right now: retrying…");
        this.redirects = 0;
        this.target = this.home;
        this.retryTimer = setTimeout(() => this.ensureSocket(token), UNAVAILABLE_RETRY_MS);
        return;
      }
      if (socket.active && this.socketTarget !== this.home && ++this.siblingFailures >= SIBLING_ATTEMPTS) {
        // The process that held the room is gone: the page's own server finds where it went (or takes it over).
        this.siblingFailures = 0;
        this.target = this.home;
        this.ensureSocket(token);
        return;
      }
      // Every refusal but a bad origin means this token will never seat anyone again.
      const refused: string[] = Object.values(HANDSHAKE_ERRORS).filter((c) => c !== HANDSHAKE_ERRORS.badOrigin);
      if (refused.includes(code)) {
        this.loseSeat(describeHandshakeRefusal(code));
        return;
      }
      if (code === HANDSHAKE_ERRORS.badOrigin) {
        useConnectionStore.getState().set("offline", "The server refused this page's origin.");
        useNoticeStore.getState().push("error", "The server refused this page's origin (BAD_ORIGIN).");
        return;
      }
      if (!socket.active) {
        useConnectionStore.getState().set("offline", err.message);
        useNoticeStore.getState().push("error", `Could not connect: ${err.message}`);
      } else {
        useConnectionStore.getState().set("reconnecting", "Cannot reach the server: retrying…");
      }
    });
    socket.on(S2C.roomState, (snapshot) => this.receiveSnapshot(snapshot));
    socket.on(S2C.roomClosed, (payload: RoomClosedPayload) => this.loseSeat(describeClosure(payload)));
    // Several game processes: the room moved to another one (this socket is closed right after). Follow it with
    // the same token; not knowing where, the page's own server finds it.
    socket.on(S2C.roomMoved, (payload) => {
      const token = (socket.auth as { token?: string } | undefined)?.token;
      socket.removeAllListeners();
      socket.disconnect();
      this.socket = null;
      this.target = processOrigin(payload.url) ?? this.home;
      this.ensureSocket(token);
      useConnectionStore.getState().set("reconnecting", "Your room moved to another game server: reconnecting…");
    });
    // The server disconnects this socket right after. Another tab: the seat stays ours to take back, the token
    // works. Taken back on another device: this token is retired, so the seat is no longer this page's.
    socket.on(S2C.sessionReplaced, (payload) => {
      if (payload.reason === "seat-reclaimed") this.loseSeat(payload.message);
      else useConnectionStore.getState().set("elsewhere", payload.message);
    });
    return socket;
  }
}

/** Where the game stands: a notice about a move belongs to one room, game, round and phase. */
function phaseKey(snapshot: RoomSnapshot): string {
  return `${snapshot.code}/${snapshot.game.gameNumber}/${snapshot.game.rounds.length}/${snapshot.game.phase}`;
}

function describeHandshakeRefusal(code: string): string {
  if (code === HANDSHAKE_ERRORS.kicked) return "The host removed you from this room.";
  if (code === HANDSHAKE_ERRORS.expired) return "Your seat expired while you were away. Join again to play.";
  if (code === HANDSHAKE_ERRORS.roomClosed) return "This room has closed. Create a new one from the home page.";
  if (code === HANDSHAKE_ERRORS.reclaimed) return "Your seat was taken back on another device: play on from there.";
  return "This room no longer knows your seat. Join again to play.";
}

function describeClosure(payload: RoomClosedPayload): string {
  if (payload.reason === "kicked") return "The host removed you from this room.";
  if (payload.reason === "expired") return "Your seat expired while you were away.";
  return "The room was closed.";
}

export type { Ack };

/** The app's one connection, to the page's own origin (vite's dev server proxies /socket.io). */
export const connection = new GameConnection();
