/** Inflection bases of a response: the merge rule's notion of "the same word, inflected". */
import type { WordNet } from "../lexicon/types";

/** WordNet base forms of a response as a noun or a verb, inflecting the head of a phrase WordNet does not list. */
export function inflectionBases(response: string, wordNet: WordNet): string[] {
  const bases = new Set<string>();
  for (const pos of ["n", "v"] as const) {
    for (const base of wordNet.baseForms(response, pos)) bases.add(base);
  }
  const tokens = response.split(" ");
  if (tokens.length > 1) {
    const head = tokens[tokens.length - 1];
    for (const base of wordNet.baseForms(head, "n")) bases.add([...tokens.slice(0, -1), base].join(" "));
  }
  bases.delete(response);
  return [...bases];
}
