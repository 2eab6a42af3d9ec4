import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../../server/perf/free-port";

/**
 * A throwaway Postgres for the tests: an `initdb` cluster in a temp folder (a copy of one made per machine,
 * see templateCluster), `postgres` on a free port of 127.0.0.1, removed afterwards. Debian's packages put the
 * binaries in /usr/lib/postgresql/VERSION/bin (PATH is tried too; SNEAK_PG_BIN overrides). Postgres refuses
 * to run as root: as root the server runs as the `postgres` user (which Debian's package creates) through
 * `runuser`.
 *
 * Where the binaries are missing, `postgresMissing` says why and the Postgres tests are skipped, each with a
 * line saying so; CI installs them (.ci/run).
 */

function findBinDir(): string | null {
  const chosen = process.env.SNEAK_PG_BIN;
  if (chosen) return existsSync(join(chosen, "initdb")) && existsSync(join(chosen, "pg_ctl")) ? chosen : null;
  const candidates: string[] = [];
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(join(debian, version, "bin"));
  }
  for (const dir of candidates) if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  return onPath ? onPath.replace(/\/initdb$/, "") : null;
}

const binDir = findBinDir();
const runAsRoot = process.getuid?.() === 0;
const postgresUser = runAsRoot ? (spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).status === 0 ? "postgres" : null) : null;

/** Why the Postgres tests cannot run here, or null when they can. */
export const postgresMissing: string | null =
  binDir === null
    ? `Postgres binaries (initdb, pg_ctl) not found${process.env.SNEAK_PG_BIN ? ` in SNEAK_PG_BIN=${process.env.SNEAK_PG_BIN}` : ""}: install Debian's postgresql package (.ci/run does) or set SNEAK_PG_BIN`
    : runAsRoot && postgresUser === null
      ? "running as root and there is no postgres user for the Postgres server to run as"
      : null;

/** Says plainly, once per file, that the Postgres tests of this file are skipped. */
export function reportPostgresSkip(what: string): void {
  if (postgresMissing) console.warn(`SKIPPED (${what}): ${postgresMissing}`);
}

export interface PostgresServer {
  port: number;
  /** A URL for a database of this server (default: the `postgres` database). */
  url(database?: string): string;
  /** A new empty database; resolves with its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server at once (like a crash: `immediate`), or cleanly, and removes its folder. */
  stop(mode?: "fast" | "immediate"): void;
  /** Stops the server at once (an outage) and keeps its data, for `resume`. */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  resume(): void;
}

function run(command: string, args: string[]): void {
  const [file, argv] = runAsRoot ? ["runuser", ["-u", postgresUser!, "--", command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
}

let databases = 0;

const INITDB_ARGS = ["-U", "sneak", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"];

/** A new temp folder, owned by the user the server runs as. */
function serverTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (runAsRoot) chownSync(dir, Number(execFileSync("id", ["-u", postgresUser!]).toString()), Number(execFileSync("id", ["-g", postgresUser!]).toString()));
  return dir;
}

/**
 * `initdb`'s output for these binaries and arguments, made once per machine in the temp folder and copied
 * (`cp -a`: owner and modes too) for every server: initdb takes seconds of a test file's time, a copy of its
 * never-started cluster a fraction of that, and gives the same cluster. Made in a folder of its own and
 * renamed into place, so that test files starting together never see half of one.
 */
function templateCluster(): string {
  const version = execFileSync(join(binDir!, "initdb"), ["--version"], { encoding: "utf8" }).trim();
  const key = createHash("sha256").update(JSON.stringify([binDir, version, postgresUser, INITDB_ARGS])).digest("hex").slice(0, 16);
  const template = join(tmpdir(), `sneak-pg-template-${key}`);
  if (existsSync(join(template, "PG_VERSION"))) return template;
  const building = serverTempDir(`sneak-pg-template-${key}-`);
  try {
    run(join(binDir!, "initdb"), ["-D", join(building, "data"), ...INITDB_ARGS]);
    try {
      renameSync(join(building, "data"), template);
    } catch (error) {
      // Another test file's was renamed into place first.
      if (!existsSync(join(template, "PG_VERSION"))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** Servers still running: stopped when the test process exits, even if a test file forgot or crashed. */
const running = new Set<PostgresServer>();
process.once("exit", () => {
  for (const server of running) server.stop("immediate");
});

/**
 * Starts a fresh server. `fsync` (default off in tests: a killed game process, not a power cut, is what they
 * simulate; the benchmark turns it on) keeps every commit's promise the same either way: a commit is
 * acknowledged only after it is in Postgres's WAL.
 */
export async function startPostgres(options: { fsync?: boolean } = {}): Promise<PostgresServer> {
  if (postgresMissing) throw new Error(postgresMissing);
  const template = templateCluster();
  const dir = serverTempDir("sneak-pg-");
  const data = join(dir, "data");
  const user = "sneak";
  execFileSync("cp", ["-a", template, data], { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    `-c fsync=${options.fsync ? "on" : "off"}`,
    "-c shared_buffers=32MB",
    "-c max_connections=60",
  ].join(" ");
  const start = () => run(join(binDir!, "pg_ctl"), ["-D", data, "-o", settings, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  start();
  const url = (database = "postgres") => `postgres://${user}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  let halted = false;
  const server: PostgresServer = {
    port,
    url,
    async createDatabase(name = `sneak_test_${process.pid}_${++databases}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    halt() {
      run(join(binDir!, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      halted = true;
    },
    resume() {
      start();
      halted = false;
    },
    stop(mode = "immediate") {
      if (stopped) return;
      stopped = true;
      running.delete(server);
      try {
        if (!halted) run(join(binDir!, "pg_ctl"), ["-D", data, "-m", mode, "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  running.add(server);
  return server;
}
