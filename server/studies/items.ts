import { cleanText, clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import type { AnswerBody, ItemView } from "../../shared/studies/protocol";
import { StudyInputError } from "./study-rows";
import type { AnswerContent, Shown, StudyItem } from "./study-types";

/**
 * What a participant sees of an item, and what their answer means. The view is built from the item and the
 * order that participant was shown it in; it never carries what an evaluation item is testing (which message
 * was written knowing the secret, or the secret itself in the chameleon task) nor whether it is an attention
 * check.
 */
export function viewOf(item: StudyItem, shown: Shown): ItemView {
  const { category } = item.payload;
  if (item.task === "generation") return { id: item.itemId, task: "generation", category, words: shown.words, secret: item.payload.secret, maxWords: MAX_CLUE_WORDS };
  if (item.task === "ally") return { id: item.itemId, task: "ally", category, words: shown.words, secret: item.payload.secret, messages: shown.messages! };
  return { id: item.itemId, task: "chameleon", category, words: shown.words, message: item.payload.message! };
}

/** The answer as kept, and whether it is right (null for a generation answer, which the judges score later). */
export function judgeAnswer(body: AnswerBody, item: StudyItem, shown: Shown): { answer: AnswerContent; correct: boolean | null } {
  if (item.task === "generation") {
    if (body.message === undefined || body.choice !== undefined) throw new StudyInputError("message: write a message for this item (and choose nothing)");
    const message = cleanText(body.message);
    const violation = clueViolation(message, item.payload.words, MAX_CLUE_WORDS);
    if (violation) throw new StudyInputError(`message: ${violation.message}`);
    return { answer: { message }, correct: null };
  }
  const options = item.task === "ally" ? shown.messages! : shown.words;
  if (body.choice === undefined || body.message !== undefined) throw new StudyInputError("choice: choose one of the options (and write nothing)");
  if (body.choice >= options.length) throw new StudyInputError(`choice: must be from 0 to ${options.length - 1}`);
  const choice = options[body.choice];
  const target = item.task === "ally" ? item.payload.message! : item.payload.secret;
  return { answer: { choice, shownIndex: body.choice }, correct: choice === target };
}

/** The option a canonical index stands for: 0 = the message judged, then the decoys (ally); the words in the dataset's order (chameleon). */
export function canonicalOptions(item: StudyItem): string[] {
  return item.task === "ally" ? [item.payload.message!, ...item.payload.decoys] : item.payload.words;
}

/** The canonical index of the right answer. */
export function targetIndex(item: StudyItem): number {
  return item.task === "ally" ? 0 : item.payload.words.indexOf(item.payload.secret);
}
