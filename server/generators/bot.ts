/**
 * The bot as it plays, as a message generator: an informed bot at normal level giving the first clue of a round,
 * through the game's own brain (server/agents/lexical-brain.ts): from the clue book (data/clue-book.json) where it
 * covers the card and the secret, else the lexical model. Each result's detail says which knowledge made the clue,
 * so a report can tell them apart. The judges never read the book (test/unit/judge-reads-no-book.test.ts).
 */
import type { Instance, MessageGenerator } from "../../shared/sneak/types";
import { MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { createLexicalBrain } from "../agents/lexical-brain";
import type { ClueBook } from "../clue-book/clue-book";

/** `book`: data/clue-book.json when absent (the lexical model alone when that file does not exist), null for none. */
export function createBotGenerator(seed = "bot-0", book?: ClueBook | null): MessageGenerator {
  const brain = createLexicalBrain(book);
  return {
    id: "bot",
    async generate(instance: Instance) {
      const view = {
        playerId: "bot",
        category: instance.category,
        words: [...instance.words],
        secret: instance.secret,
        clues: [],
        players: [],
        maxClueWords: MAX_CLUE_WORDS,
        seed: `${seed}/${instance.id}/clue`,
        level: "normal" as const,
      };
      const { text, source } = brain.informedClueWithSource(view, []);
      return { message: text, detail: { source } };
    },
  };
}
