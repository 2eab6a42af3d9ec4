import { isOffensive } from "../lexicon/offensive-words";
import { getWordNet } from "../lexicon/wordnet";

/**
 * The game's offensive-word filter (the one the bots' clues pass: the `obscenity` package's list, WordNet's
 * usage labels and a few named slurs), applied to what a study shows one participant of another's writing and
 * to the attention checks' messages. WordNet is loaded on first use (under a second).
 */
export function isOffensiveMessage(text: string): boolean {
  return isOffensive(text, getWordNet());
}

/** A generation answer's reason to be kept from others, or null. */
export function screenMessage(message: string): string | null {
  return isOffensiveMessage(message) ? "offensive" : null;
}
