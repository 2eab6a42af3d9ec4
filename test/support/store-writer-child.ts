import { GameStore } from "../../server/store/game-store";
import type { SqliteDriverName } from "../../server/store/sqlite-driver";

/**
 * A process that writes a game log as fast as it can, with the checkpoint worker checkpointing and
 * restarting the WAL all the while, until it is killed (test/integration/store-writer-lock.test.ts).
 * stdout: `acked N` after each write (N counts writes; the action carries it) returned (a pipe on Linux is written synchronously, so a printed
 * ack was durable before the line left), and `checkpoints PASSIVE FORCED` now and then.
 * argv: PATH DRIVER
 */
const [path, driver] = process.argv.slice(2) as [string, SqliteDriverName];
const store = new GameStore({ path, driver, checkpointIntervalMs: 5, walLimitBytes: 256 * 1024 });
let seq = 0;
for (;;) {
  for (let i = 0; i < 100; i++) {
    store.append(`room${seq % 7}`, [{ kind: "action", action: { type: "giveClue", n: seq, text: "x".repeat(300) } }]);
    process.stdout.write(`acked ${seq}\n`);
    seq++;
  }
  const stats = await store.checkpointStats();
  process.stdout.write(`checkpoints ${stats?.passive ?? 0} ${stats?.forced ?? 0}\n`);
}
