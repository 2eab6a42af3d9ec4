import express from "express";
import type { ShareAddresses } from "../../shared/share";

/**
 * `GET /api/share`: the addresses friends can open (server/share/share-addresses.ts), read afresh on every
 * request since a laptop can change networks while the server runs. Rate-limited with the rest of `/api`.
 */
export function shareRouter(addresses: () => ShareAddresses): express.Router {
  const router = express.Router();
  router.get("/api/share", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json(addresses());
  });
  return router;
}
