import { CommandError } from "../rooms/command-error";

export { RoomElsewhereError } from "../rooms/command-error";

/** The room directory (Redis) or the shared game log did not answer: nothing was done. */
export const directoryDown = () =>
  new CommandError("UNAVAILABLE", "the room directory is not answering, so rooms cannot be created or joined right now (games in play go on); try again in a moment");

export const gameLogDown = (code: string) =>
  new CommandError("UNAVAILABLE", `room ${code} cannot be reopened: the game log is not answering; try again in a moment`);

export const ownerDown = (code: string) =>
  new CommandError("UNAVAILABLE", `the server holding room ${code} has stopped, and without a shared game log its room cannot move; try again when it is back`);
