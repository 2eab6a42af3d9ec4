/**
 * Stand-ins for a token the vector table lacks, from WordNet: its base forms ("sledging" → sledge),
 * then the other one-word lemmas of its commonest senses ("courgette" → zucchini). The table keeps
 * the 96k most frequent GloVe words, so British spellings and rarer words fall outside it; reading
 * them as unrelated to everything would make a synonym clue look like noise.
 */
import type { WordNet } from "../types";

/** Senses of a token whose synonyms may stand in for it: the commonest few, as a reader would take it. */
const STAND_IN_SENSES = 2;

export function wordNetStandIns(wordNet: () => WordNet): (token: string) => string[] {
  return (token) => {
    const net = wordNet();
    const forms = [token, ...net.baseForms(token).filter((base) => base !== token && !base.includes(" "))];
    const out = forms.slice(1);
    for (const form of forms) {
      for (const synset of net.synsetsOf(form).slice(0, STAND_IN_SENSES)) {
        for (const lemma of synset.lemmas) if (!lemma.includes(" ") && !forms.includes(lemma) && !out.includes(lemma)) out.push(lemma);
      }
    }
    return out;
  };
}
