/**
 * What one WordNet sense proposes as decoy terms: its hypernyms (and theirs), attributes,
 * parts and wholes, similar-to and derivation links, and the content words of its definition.
 */
import type { Synset, WordNet } from "../lexicon/types";

/** How strongly each relation ties a term to the grid word that proposes it. */
const RELATION_WEIGHT = {
  hypernym: 1,
  attribute: 1,
  similar: 0.8,
  derivation: 0.8,
  part: 0.8,
  grandHypernym: 0.6,
  definition: 0.5,
} as const;

/** Function words and the boilerplate of WordNet definitions ("any of various…", "a member of the genus…"). */
export const STOP_WORDS = new Set(
  (
    "a an the of or and to in on at by for with from as into onto that which who whom whose this these those " +
    "is are be been being was were has have had its it their them they one ones two any some all each every " +
    "other another such than then more most less least very often usually especially typically commonly " +
    "sometimes also esp etc e.g. i.e. not no without within between among about around over under " +
    "used using use made make makes something someone somebody thing things kind kinds sort sorts type types " +
    "form forms member members genus family families species order class various several many much " +
    "having characterized consisting containing called known found native especially like similar " +
    "part parts way ways act process state quality condition group set number amount piece unit " +
    "person people object objects item items showing marked played considered removed following preceding " +
    "after above below through across along toward towards upon whether while where when how what out up down " +
    "off back own well will can may might must shall should would could also just only even still ever " +
    "plural singular related based derived shaped applied authorized handled supporting driven feeding falling " +
    "observed equipped terms times modified naturalized resembling including containing surrounded " +
    // WordNet's top-level nodes: true of everything, so no clue at all.
    "entity abstraction abstract artifact artefact instrumentality instrumentation relation existence physical " +
    "whole stuff matter substance attribute measure quantity " +
    // Definition filler with no meaning of its own.
    "main respect example common general particular specific certain distinct distinguished essential concerned"
  ).split(" "),
);

export interface Proposal {
  weight: number;
  /** Synsets the term was read from (empty for definition words): terms sharing one are synonyms. */
  synsets: Set<string>;
}

function lemmasOf(synset: Synset): string[] {
  return synset.lemmas;
}

/** Content words of a definition, as WordNet noun or adjective lemmas. */
function definitionTerms(definition: string, wordNet: WordNet): string[] {
  const out: string[] = [];
  for (const token of definition.toLowerCase().split(/[^a-z]+/)) {
    if (token.length < 3 || STOP_WORDS.has(token)) continue;
    const base = wordNet.baseForms(token, "n")[0] ?? wordNet.baseForms(token, "a")[0];
    if (base !== undefined) out.push(base);
  }
  return out;
}

/** Terms proposed by one sense, each with its strongest relation weight. */
export function proposedTerms(sense: Synset, wordNet: WordNet): Map<string, Proposal> {
  const terms = new Map<string, Proposal>();
  const add = (term: string, weight: number, synset?: string) => {
    if (!/^[a-z]{3,}$/.test(term)) return;
    const proposal = terms.get(term) ?? { weight: 0, synsets: new Set<string>() };
    proposal.weight = Math.max(proposal.weight, weight);
    if (synset) proposal.synsets.add(synset);
    terms.set(term, proposal);
  };
  for (const p of sense.pointers) {
    const target = () => wordNet.synset(p.target);
    switch (p.symbol) {
      case "@":
      case "@i": {
        const hypernym = target();
        for (const lemma of lemmasOf(hypernym)) add(lemma, RELATION_WEIGHT.hypernym, hypernym.id);
        for (const q of hypernym.pointers) {
          if (q.symbol === "@" || q.symbol === "@i") for (const lemma of lemmasOf(wordNet.synset(q.target))) add(lemma, RELATION_WEIGHT.grandHypernym, q.target);
        }
        break;
      }
      case "=":
        for (const lemma of lemmasOf(target())) add(lemma, RELATION_WEIGHT.attribute, p.target);
        break;
      case "&":
        for (const lemma of lemmasOf(target())) add(lemma, RELATION_WEIGHT.similar, p.target);
        break;
      case "+": {
        const lemmas = lemmasOf(target());
        add(p.targetWord > 0 ? lemmas[p.targetWord - 1] : lemmas[0], RELATION_WEIGHT.derivation, p.target);
        break;
      }
      case "%p":
      case "%m":
      case "%s":
      case "#p":
      case "#m":
      case "#s":
        for (const lemma of lemmasOf(target())) add(lemma, RELATION_WEIGHT.part, p.target);
        break;
    }
  }
  for (const term of definitionTerms(sense.definition, wordNet)) add(term, RELATION_WEIGHT.definition);
  return terms;
}

