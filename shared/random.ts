import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/** A seeded source of randomness: every shuffle, deal and sample in SNEAK draws from one of these. */
export interface Rng {
  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** A float in [0, 1). */
  float(): number;
  /** An independent copy at the same point of the sequence (a room keeps one to undo the draws of a refused move). */
  clone?(): Rng;
}

/** FNV-1a: turns any text (a run seed plus an instance id, say) into a 32-bit seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRng(seed: number | string): Rng {
  return rngOf(xoroshiro128plus(typeof seed === "string" ? hashSeed(seed) : seed | 0));
}

function rngOf(generator: ReturnType<typeof xoroshiro128plus>): Rng {
  return {
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive <= 0) throw new RangeError(`int(${maxExclusive}): need a positive integer`);
      return uniformInt(generator, 0, maxExclusive - 1);
    },
    float() {
      return uniformInt(generator, 0, 2 ** 30 - 1) / 2 ** 30;
    },
    clone: () => rngOf(generator.clone() as ReturnType<typeof xoroshiro128plus>),
  };
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** An index drawn with probability proportional to its weight (weights ≥ 0, not all 0). */
export function drawWeighted(weights: readonly number[], rng: Rng): number {
  let x = rng.float() * weights.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}
