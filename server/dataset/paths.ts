/** Where the dataset's inputs and outputs live, resolved from the repository root (not the working directory). */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Where a user puts the norms CSV inside the clone; git ignores the folder (the CSV is never committed). */
export const IN_CLONE_CSV_PATH = resolve(REPO_ROOT, "data/norms/category-production-osf-v1.csv");
/** The development machines keep the CSV in a shared data folder beside the checkout. */
const SIBLING_CSV_PATH = resolve(REPO_ROOT, "../shared/data/category-production-osf-v1.csv");
/** The norms CSV the build reads without --csv: the in-clone copy, else the shared one, else (absent) the in-clone path. */
export const DEFAULT_CSV_PATH = [IN_CLONE_CSV_PATH, SIBLING_CSV_PATH].find((p) => existsSync(p)) ?? IN_CLONE_CSV_PATH;
export const DEFAULT_DATASET_PATH = resolve(REPO_ROOT, "data/sneak-dataset.json");
/** The game's deck, derived from the dataset by `npm run deck` (server/dataset/deck.ts). */
export const DEFAULT_DECK_PATH = resolve(REPO_ROOT, "data/sneak-deck.json");
