/** Where the dataset's inputs and outputs live, resolved from the repository root (not the working directory). */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The norms CSV, kept outside the project next to the checkout (never committed). */
export const DEFAULT_CSV_PATH = resolve(REPO_ROOT, "../shared/data/category-production-osf-v1.csv");
export const DEFAULT_DATASET_PATH = resolve(REPO_ROOT, "data/sneak-dataset.json");
