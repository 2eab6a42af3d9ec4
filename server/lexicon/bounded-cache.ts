/**
 * A Map that forgets its oldest entry once it holds `capacity`: the lexicon's caches of pure functions
 * (gloss bags, synset neighbourhoods, word forms, phrase segmentations), so that a server that meets
 * endless clues and grids keeps a bounded amount of them. Forgetting only costs a recomputation.
 * (First in, first out: the `lru-cache` package would keep hot entries longer; it is not a dependency.)
 */
export class BoundedCache<K, V> extends Map<K, V> {
  constructor(readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.capacity && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
