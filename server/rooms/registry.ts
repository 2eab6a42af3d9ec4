import { freshRoomCode } from "./room-codes";
import { CommandError } from "./command-error";
import type { Room } from "./room";

/**
 * Finds rooms by code, creates them with fresh codes, and disposes of them when they close. The room
 * itself decides when it is empty for long enough (it owns its clock).
 */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly maxRooms: number,
    private readonly build: (code: string, onDispose: () => void) => Room,
  ) {}

  create(settings: object): Room {
    if (this.rooms.size >= this.maxRooms) throw new CommandError("TOO_MANY_ROOMS", "the server has no room for another game; try later");
    const code = freshRoomCode((candidate) => this.rooms.has(candidate));
    const room = this.build(code, () => this.rooms.delete(code));
    this.rooms.set(code, room);
    room.applyInitialSettings(settings);
    return room;
  }

  /** Registers a room rebuilt under its old code (after a restart); false when the code is taken. */
  adopt(code: string, build: (code: string, onDispose: () => void) => Room): Room | null {
    if (this.rooms.has(code)) return null;
    const room = build(code, () => this.rooms.delete(code));
    this.rooms.set(code, room);
    return room;
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
