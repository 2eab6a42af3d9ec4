/** The part of a bot decision's seed that names the round and seat, so that a bot reads one round one way throughout (its clue, vote and guess alike). */
export function roundSeed(seed: string): string {
  return seed.replace(/\/(clue|vote|guess|tie|discussion|bluff)[^]*$/, "");
}
