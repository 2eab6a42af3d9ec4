import { freshRoomCode } from "./room-codes";
import { CommandError } from "./command-error";
import type { Room } from "./room";

/**
 * Finds rooms by code, creates them with fresh codes, and disposes of them when they close. The room
 * itself decides when it is empty for long enough (it owns its clock).
 */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  /** Told when a room leaves the registry (the cluster gives its code back). */
  onRemoved: (code: string) => void = () => {};

  constructor(
    private readonly maxRooms: number,
    private readonly build: (code: string, onDispose: () => void) => Room,
  ) {}

  /** A new room; under `reservedCode` when the cluster's registry reserved one for it. */
  create(settings: object, reservedCode?: string): Room {
    if (this.rooms.size >= this.maxRooms) throw new CommandError("TOO_MANY_ROOMS", "the server has no room for another game; try later");
    const code = reservedCode ?? freshRoomCode((candidate) => this.rooms.has(candidate));
    if (this.rooms.has(code)) throw new Error(`room code ${code} is already in use here`);
    const room = this.build(code, () => this.removed(code));
    this.rooms.set(code, room);
    room.applyInitialSettings(settings);
    return room;
  }

  /** Registers a room rebuilt under its old code (after a restart); false when the code is taken. */
  adopt(code: string, build: (code: string, onDispose: () => void) => Room): Room | null {
    if (this.rooms.has(code)) return null;
    const room = build(code, () => this.removed(code));
    this.rooms.set(code, room);
    return room;
  }

  private removed(code: string): void {
    this.rooms.delete(code);
    this.onRemoved(code);
  }

  get(code: string): Room | undefined {
    return this.rooms.get(code);
  }

  get size(): number {
    return this.rooms.size;
  }

  all(): Room[] {
    return [...this.rooms.values()];
  }

  /** The server is stopping: every room stops without being closed in the game log. */
  shutdownAll(): void {
    for (const room of [...this.rooms.values()]) room.shutdown();
  }
}
