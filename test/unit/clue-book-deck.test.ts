import { describe, expect, it } from "vitest";
import { loadClueBook } from "../../server/clue-book/clue-book";
import { cardBookFor } from "../../server/clue-book/card-index";
import { sayableClues } from "../../server/clue-book/book-clue";
import { loadDeck } from "../../server/dataset/load-deck";
import { loadDataset } from "../../server/dataset/load-dataset";
import { createBotGenerator } from "../../server/generators/bot";
import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { instancesOf } from "../../shared/sneak/dataset";
import { MIN_CLUES_PER_SECRET } from "../../server/clue-book/check-clue-book";

describe("the committed clue book at the table", () => {
  const book = loadClueBook();

  it("covers every card the deck deals, every word of it, with book clues the bots may say there", () => {
    for (const card of loadDeck().cards) {
      const read = cardBookFor(book, card.category, card.words);
      expect(read?.coversGrid, card.category).toBe(true);
      for (const word of card.words) expect(sayableClues(read!, word, [], MAX_CLUE_WORDS).length, `${card.category}/${word}`).toBeGreaterThanOrEqual(MIN_CLUES_PER_SECRET);
    }
  });

  it("gives every instance of the dataset a book clue as the `bot` generator, legal on its card", async () => {
    const generator = createBotGenerator("bot-0", book);
    for (const instance of instancesOf(loadDataset())) {
      const { message, detail } = await generator.generate(instance);
      expect(detail, instance.id).toEqual({ source: "book" });
      expect(clueViolation(message, instance.words, MAX_CLUE_WORDS), `${instance.id}: "${message}"`).toBeUndefined();
    }
  }, 120_000);
});
