/**
 * A value now or later. SQLite answers synchronously and Postgres with promises; callers that must stay as
 * fast as today on SQLite (the room's command path) test for a promise (`isPromiseLike`) instead of always
 * awaiting. A leaf module: the rooms and the game log both use it without importing each other.
 */

export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(value: MaybePromise<T> | PromiseLike<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}
