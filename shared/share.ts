import { z } from "zod";

/**
 * `GET /api/share`: where friends can reach this server, so that the lobby's share link and QR code work on
 * their devices (docs/PROTOCOL.md, "Inviting friends").
 */
export const ShareAddressesSchema = z.object({
  /**
   * "public": SNEAK_PUBLIC_URL is set, `urls` holds it. "network": the server listens beyond loopback, `urls`
   * holds the machine's network addresses, best first (empty when it has none). "local": it listens on
   * loopback only: no other device can open the game, `urls` is empty.
   */
  reach: z.enum(["public", "network", "local"]),
  /** Origins such as `http://192.168.1.20:3000`, with no trailing slash: a room's link is the origin + `/r/CODE`. */
  urls: z.array(z.string().url()).max(32),
  /** The origin this computer itself opens, e.g. `http://localhost:3000`. */
  local: z.string(),
});
export type ShareAddresses = z.infer<typeof ShareAddressesSchema>;
