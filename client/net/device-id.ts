/**
 * This browser's device id, sent in every handshake (`auth.device`): a kick marks it, so a kicked player's new
 * tab waits for the host's yes (server/rooms/kick-list.ts). Random, kept in localStorage, never tied to a person.
 */
const KEY = "sneak.device";

export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[\w-]{8,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // No storage (a private window that refuses it): no id, the address alone is marked.
    return undefined;
  }
}
