/**
 * Node flags of the game server, as in package.json's `start` script (a test keeps the two the same):
 * - `--max-semi-space-size=64`: a young generation of 64 MB instead of Node's 16 lets a snapshot's and a
 *   command's short-lived garbage die young. At 5,000 players it halved the time in GC (3.1% to 1.2%) and cut
 *   the server's CPU from 42% to 34%, for about 120 MB of RSS.
 * - `--v8-pool-size=1`: one V8 helper thread instead of four. On a small machine (this one has 2 cores) the
 *   helpers' concurrent GC work competes with the event loop for the cores; in 5 paired runs of bench:load at
 *   5,000 players the ack p99 was lower with one helper every time (14.5–22.3 ms against 20.5–46.4 ms). On a
 *   machine with many cores more helpers make scavenges shorter: raise it there (docs/PERFORMANCE.md).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64", "--v8-pool-size=1"];
