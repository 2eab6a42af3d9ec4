#!/usr/bin/env node
/**
 * `npm test`: the type check and vitest side by side, failing if either fails. Run before vitest, a cold type
 * check (a fresh clone) added about 40 s to the suite; beside it, it takes CPU while the suite's files wait on
 * browsers, servers and leases. Arguments go to vitest (`npm test -- test/unit/x.test.ts`).
 */
import { spawn } from "node:child_process";

/** Runs a binary from node_modules/.bin (npm puts it on PATH) and resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`npm test: could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const typecheck = run("tsc", ["--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/sneak-tsc.tsbuildinfo"]);
const tests = run("vitest", ["run", ...process.argv.slice(2)]);
const [typecheckCode, testsCode] = await Promise.all([typecheck, tests]);
if (typecheckCode !== 0) console.error("npm test: the type check failed (its errors are above); run `npm run typecheck` to see them alone");
process.exit(typecheckCode !== 0 ? typecheckCode : testsCode);
