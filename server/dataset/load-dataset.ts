/** Reads and validates data/sneak-dataset.json (or another dataset file). */
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Dataset } from "../../shared/sneak/types";
import { DEFAULT_DATASET_PATH } from "./paths";

const term = z.string().min(1).refine((s) => s === s.trim(), "has leading or trailing space");

const categorySchema = z
  .object({
    category: term,
    words: z.array(term).min(2, "needs at least 2 words"),
    decoys: z.array(term).min(1, "needs at least 1 decoy"),
  })
  .superRefine((entry, ctx) => {
    if (new Set(entry.words).size !== entry.words.length) ctx.addIssue({ code: "custom", message: "repeats a word", path: ["words"] });
    if (new Set(entry.decoys).size !== entry.decoys.length) ctx.addIssue({ code: "custom", message: "repeats a decoy", path: ["decoys"] });
    const clash = entry.decoys.find((d) => entry.words.includes(d) || d === entry.category);
    if (clash) ctx.addIssue({ code: "custom", message: `decoy "${clash}" is a word or the category`, path: ["decoys"] });
  });

export const datasetSchema = z
  .object({
    name: z.string().min(1),
    description: z.string(),
    categories: z.array(categorySchema).min(1, "has no categories"),
  })
  .superRefine((dataset, ctx) => {
    const names = dataset.categories.map((c) => c.category);
    const repeated = names.find((name, i) => names.indexOf(name) !== i);
    if (repeated) ctx.addIssue({ code: "custom", message: `category "${repeated}" appears twice`, path: ["categories"] });
  });

/** The dataset at `path` (default data/sneak-dataset.json); throws one clear line when it is missing or malformed. */
export function loadDataset(path: string = DEFAULT_DATASET_PATH): Dataset {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new Error(`cannot read dataset ${path}: ${reason} (npm run dataset derives it)`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`dataset ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = datasetSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.join(".") : "top level";
    throw new Error(`dataset ${path} is invalid at ${where}: ${issue.message}`);
  }
  return parsed.data;
}
