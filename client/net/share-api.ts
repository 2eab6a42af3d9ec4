import { ShareAddressesSchema, type ShareAddresses } from "../../shared/share";
import { resolved } from "./data-api";

/** `GET /api/share` (server/share): where friends reach this server; null when the server could not say. */
export async function fetchShareAddresses(signal?: AbortSignal): Promise<ShareAddresses | null> {
  try {
    const res = await fetch(resolved("/api/share"), { cache: "no-store", signal });
    if (!res.ok) return null;
    const parsed = ShareAddressesSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
