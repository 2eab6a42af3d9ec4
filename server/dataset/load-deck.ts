/** Reads and validates data/sneak-deck.json, the game's cards (server/dataset/deck.ts derives it). */
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Deck } from "./deck";
import { DEFAULT_DECK_PATH } from "./paths";

const term = z.string().min(1);

const deckSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string(),
  cards: z.array(
    z.strictObject({
      category: term,
      words: z.array(term).min(2),
      collapsed: z.array(z.tuple([term, term])),
      notDealt: z.array(term),
    }),
  ),
});

/** The deck at `path` (default data/sneak-deck.json); throws one clear line when it is missing or malformed. */
export function loadDeck(path: string = DEFAULT_DECK_PATH): Deck {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new Error(`cannot read deck ${path}: ${reason} (npm run deck derives it)`);
  }
  const parsed = deckSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`deck ${path} is invalid at ${issue.path.join(".") || "top level"}: ${issue.message}`);
  }
  return parsed.data;
}
