/**
 * How many people linked a clue with a grid word in the word-association norms: the clue as written, as
 * people wrote their answers, and the grid word as written or in its singular, since the norms asked most
 * nouns in the singular ("eye", not "eyes").
 */
import type { Relatedness } from "../relatedness";
import { getWordAssociations, type WordAssociations } from "./word-associations";

export function peopleLinking(r: Relatedness, gridWord: string, clue: string, associations: WordAssociations = getWordAssociations()): number {
  const word = gridWord.toLowerCase();
  const said = clue.toLowerCase();
  let most = associations.count(word, said);
  for (const form of r.wordNet.baseForms(word, "n")) most = Math.max(most, associations.count(form, said));
  return most;
}
