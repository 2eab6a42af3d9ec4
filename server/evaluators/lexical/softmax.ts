/** exp(β·score) normalised, computed stably; equal scores give equal probabilities whatever their position. */
export function softmax(scores: readonly number[], beta: number): number[] {
  if (scores.length === 0) return [];
  const top = Math.max(...scores);
  const weights = scores.map((s) => Math.exp(beta * (s - top)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}
