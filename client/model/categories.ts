import type { RoomSnapshot } from "../../shared/protocol";

/** The dataset categories a host may pick from (the server lists them for the host only, in the lobby). */
export function availableCategories(snapshot: RoomSnapshot): string[] {
  return snapshot.categories ?? [];
}

/** Those of them left out of the default pool (fewer than 10 words): shown, unticked by default. */
export function categoriesOffByDefault(snapshot: RoomSnapshot): string[] {
  return snapshot.categoriesOffByDefault ?? [];
}
