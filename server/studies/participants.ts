import type { StudyData } from "./study-types";

/**
 * Who passed the attention checks: a participant who answered at least one and got every one right. Absent
 * from the map: the study has no checks, or this participant answered none (neither passed nor failed).
 */
export function passedChecks(data: StudyData): Map<string, boolean> {
  const gold = new Set(data.items.filter((i) => i.gold).map((i) => i.itemId));
  const passed = new Map<string, boolean>();
  if (gold.size === 0) return passed;
  for (const answer of data.answers) {
    if (!gold.has(answer.itemId)) continue;
    passed.set(answer.participantId, (passed.get(answer.participantId) ?? true) && answer.correct === true);
  }
  return passed;
}
