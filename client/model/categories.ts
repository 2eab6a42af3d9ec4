import type { RoomSnapshot } from "../../shared/protocol";

/**
 * The dataset categories a host may pick from. The snapshot does not list them yet (see docs/CLIENT.md);
 * a `categories` field, if the server adds one, is used as is.
 */
export function availableCategories(snapshot: RoomSnapshot): string[] {
  const listed = (snapshot as RoomSnapshot & { categories?: unknown }).categories;
  return Array.isArray(listed) ? listed.filter((c): c is string => typeof c === "string") : [];
}
