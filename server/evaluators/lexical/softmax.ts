/** exp(β·score) normalised, computed stably; equal scores give equal probabilities whatever their position. */
export function softmax(scores: readonly number[], beta: number): number[] {
  if (scores.length === 0) return [];
  const top = Math.max(...scores);
  const weights = scores.map((s) => Math.exp(beta * (s - top)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}

/**
 * softmax(β · z), z the scores standardised over the options: z = (s − mean) / (sd + floor). With
 * no floor the distribution's shape depends on how the scores set the options apart, not on their
 * scale; a floor (in the scores' own units) keeps a small absolute difference small, so that one
 * option standing out by a little among options that all score little is not read as certainty.
 * Options that all score the same (no spread) get equal probabilities.
 */
export function standardisedSoftmax(scores: readonly number[], beta: number, floor = 0): number[] {
  if (scores.length === 0) return [];
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  const sd = Math.sqrt(scores.reduce((sum, s) => sum + (s - mean) ** 2, 0) / scores.length);
  // Spread below this is rounding noise of equal scores, not evidence.
  if (sd < 1e-9) return scores.map(() => 1 / scores.length);
  return softmax(
    scores.map((s) => (s - mean) / (sd + floor)),
    beta,
  );
}
