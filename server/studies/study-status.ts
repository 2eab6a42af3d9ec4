import type { StudyTask } from "../../shared/studies/protocol";
import { totalFor } from "./next-item";
import { exclusionsOf, passedChecks } from "./participants";
import type { StudyData } from "./study-types";

/** How far a study has got: per task, items and how many reached their quota; participants and attention checks. */
export interface StudyStatus {
  id: string;
  title: string;
  open: boolean;
  createdAt: string;
  config: StudyData["study"]["config"];
  tasks: { task: StudyTask; items: number; complete: number; answers: number; needed: number }[];
  attentionChecks: { answers: number; failedParticipants: number };
  /**
   * answered: gave at least one answer; complete: answered every item of their sequence; finished: were told
   * they are done (complete, or no item left for them, or the study closed); excluded: failed a check or too fast.
   */
  participants: { joined: number; answered: number; complete: number; finished: number; excluded: number };
}

export function studyStatus(data: StudyData): StudyStatus {
  const answersPerItem = new Map<string, number>();
  for (const a of data.answers) answersPerItem.set(a.itemId, (answersPerItem.get(a.itemId) ?? 0) + 1);
  const perParticipant = new Map<string, number>();
  for (const a of data.answers) perParticipant.set(a.participantId, (perParticipant.get(a.participantId) ?? 0) + 1);
  const total = totalFor(data.study);
  const gold = data.items.filter((i) => i.gold);
  return {
    id: data.study.id,
    title: data.study.config.title,
    open: data.study.open,
    createdAt: new Date(data.study.createdAt).toISOString(),
    config: data.study.config,
    tasks: data.study.config.tasks.map((task) => {
      const items = data.items.filter((i) => i.task === task && !i.gold);
      return {
        task,
        items: items.length,
        complete: items.filter((i) => (answersPerItem.get(i.itemId) ?? 0) >= i.quota).length,
        answers: items.reduce((s, i) => s + (answersPerItem.get(i.itemId) ?? 0), 0),
        needed: items.reduce((s, i) => s + i.quota, 0),
      };
    }),
    attentionChecks: { answers: gold.reduce((s, i) => s + (answersPerItem.get(i.itemId) ?? 0), 0), failedParticipants: [...passedChecks(data).values()].filter((p) => !p).length },
    participants: {
      joined: data.participants.length,
      answered: perParticipant.size,
      complete: [...perParticipant.values()].filter((n) => n >= total).length,
      finished: data.participants.filter((p) => p.finishReason !== null || (perParticipant.get(p.participantId) ?? 0) >= total).length,
      excluded: exclusionsOf(data).size,
    },
  };
}
