/**
 * One-hop neighbourhoods of synsets (pointer target → best hop weight) and hypernym closures,
 * cached per synset id: relatedness looks up two-hop paths by meeting in the middle.
 */
import type { RelatednessParams } from "./relatedness-params";
import type { Synset, WordNet } from "./types";
import { LRUCache } from "lru-cache";

const HYPERNYM = new Set(["@", "@i"]);
const HOLONYM = new Set(["#m", "#s", "#p"]);
/** Deep enough for any noun chain in WordNet 3.1 (the longest is under 20). */
const MAX_ANCESTOR_DEPTH = 20;

export class SynsetLinks {
  private readonly neighbourCache = new LRUCache<string, ReadonlyMap<string, number>>({ max: 20_000 });
  private readonly ancestorCache = new LRUCache<string, ReadonlySet<string>>({ max: 20_000 });

  constructor(
    private readonly wordNet: WordNet,
    private readonly params: RelatednessParams,
  ) {}

  /** Pointer targets of a synset with the weight of the strongest relation to each. */
  neighbours(synset: Synset): ReadonlyMap<string, number> {
    let out = this.neighbourCache.get(synset.id);
    if (!out) {
      const map = new Map<string, number>();
      for (const pointer of synset.pointers) {
        const weight = this.params.relationWeights[pointer.symbol] ?? this.params.otherRelation;
        if (weight > (map.get(pointer.target) ?? 0)) map.set(pointer.target, weight);
      }
      map.delete(synset.id);
      out = map;
      this.neighbourCache.set(synset.id, out);
    }
    return out;
  }

  /** Number of distinct neighbours: a hub ("person", "animal") links too much to mean much. */
  degree(id: string): number {
    return this.neighbours(this.wordNet.synset(id)).size;
  }

  /**
   * Every synset above this one through hypernyms, and, when `throughParts` is set, through
   * holonyms too ("mast" is part of a sailing vessel, which is a vessel …). Includes the synset itself.
   */
  ancestors(synset: Synset, throughParts: boolean): ReadonlySet<string> {
    const key = `${throughParts ? "p" : "h"}${synset.id}`;
    let out = this.ancestorCache.get(key);
    if (!out) {
      const seen = new Set<string>([synset.id]);
      let frontier = [synset];
      for (let depth = 0; depth < MAX_ANCESTOR_DEPTH && frontier.length > 0; depth++) {
        const next: Synset[] = [];
        for (const node of frontier) {
          for (const pointer of node.pointers) {
            const up = HYPERNYM.has(pointer.symbol) || (throughParts && HOLONYM.has(pointer.symbol));
            if (up && !seen.has(pointer.target)) {
              seen.add(pointer.target);
              next.push(this.wordNet.synset(pointer.target));
            }
          }
        }
        frontier = next;
      }
      out = seen;
      this.ancestorCache.set(key, out);
    }
    return out;
  }
}
