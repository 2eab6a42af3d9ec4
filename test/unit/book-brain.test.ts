import { describe, expect, it } from "vitest";
import { createLexicalBrain } from "../../server/agents/lexical-brain";
import { LexicalAgent } from "../../server/agents/lexical-agent";
import { LlmAgent } from "../../server/agents/llm-agent";
import type { BotView } from "../../server/agents/agent";
import { createBotGenerator } from "../../server/generators/bot";
import { cardBookFor } from "../../server/clue-book/card-index";
import { FRUIT, SMALL_BOOK } from "../support/small-clue-book";

const players = ["a", "b", "c", "d"].map((playerId) => ({ playerId, name: playerId.toUpperCase() }));
const view = (over: Partial<BotView>): BotView => ({ playerId: "a", category: "fruit", words: [...FRUIT], secret: "pineapple", clues: [], players, maxClueWords: 5, seed: "room/1/a/clue", level: "normal", ...over });
const bookTexts = (word: string) => cardBookFor(SMALL_BOOK, "fruit", FRUIT)!.cluesOf(word).map((c) => c.text);

describe("the game's bot with a clue book", () => {
  const brain = createLexicalBrain(SMALL_BOOK);
  const agent = new LexicalAgent(brain);

  it("clues from the book where it covers the card, and says so", async () => {
    const clue = brain.informedClueWithSource({ ...view({}), secret: "pineapple" }, []);
    expect(clue.source).toBe("book");
    expect(bookTexts("pineapple")).toContain(clue.text);
    const chameleon = await agent.clue(view({ playerId: "b", secret: null, clues: [{ playerId: "a", text: "tropical" }] }), []);
    expect(cardBookFor(SMALL_BOOK, "fruit", FRUIT)!.entries.map((e) => e.text)).toContain(chameleon.value);
  });

  it("does not make a human's honest clue its favourite suspect", async () => {
    const clues = [
      { playerId: "b", text: "Hawaii" }, // a human, honest: pineapple's book holds it
      { playerId: "c", text: "Wimbledon" }, // the chameleon, bluffing about strawberry
      { playerId: "d", text: "yellow" },
      { playerId: "a", text: "tin" },
    ];
    expect((await agent.vote(view({ clues, seed: "room/1/a/vote" }))).value).toBe("c");
  });

  it("guesses among the options from what the clues point at", async () => {
    const clues = [
      { playerId: "a", text: "tropical" },
      { playerId: "b", text: "pizza topping" },
      { playerId: "c", text: "tin" },
      { playerId: "d", text: "melon" },
    ];
    const guess = await agent.guess(view({ playerId: "d", secret: null, clues, seed: "room/1/d/guess", level: "hard" }), ["pineapple", "mango", "banana", "kiwi"]);
    expect(["pineapple", "mango", "banana"]).toContain(guess.value);
  });

  it("is the bench's `bot` generator: the normal bot's first clue, with the knowledge that made it", async () => {
    const generated = await createBotGenerator("bot-0", SMALL_BOOK).generate({ id: "fruit/pineapple", category: "fruit", words: FRUIT, secret: "pineapple", decoys: [] });
    expect(generated.detail).toEqual({ source: "book" });
    expect(bookTexts("pineapple")).toContain(generated.message);
  });

  it("says in each decision which knowledge made it, also when it stands in for an LLM bot", async () => {
    const informed = await agent.clue(view({}), []);
    expect(informed).toMatchObject({ source: "lexical", knowledge: "book" });
    const clues = [{ playerId: "a", text: "tropical" }, { playerId: "b", text: "Wimbledon" }];
    expect(await agent.vote(view({ clues, seed: "room/1/a/vote" }))).toMatchObject({ knowledge: "book" });
    // No clue to read: a seeded draw, which neither knowledge made.
    expect((await agent.vote(view({ seed: "room/1/a/vote" }))).knowledge).toBeUndefined();
    // An LLM bot whose model fails: the lexical decision, marked as a fallback, keeps its knowledge; its own answer has none.
    const llm = (reply: () => Promise<string>) => new LlmAgent("toy", reply, agent, 1000, () => {});
    const fellBack = await llm(() => Promise.reject(new Error("down"))).clue(view({}), []);
    expect(fellBack).toMatchObject({ value: informed.value, source: "fallback", knowledge: "book" });
    const own = await llm(async () => "<clue>sunshine</clue>").clue(view({}), []);
    expect(own).toMatchObject({ value: "sunshine", source: "llm:toy" });
    expect(own.knowledge).toBeUndefined();
  });

  it("falls back to the lexical model on a card the book lacks", () => {
    const words = ["red", "green", "blue", "yellow", "purple", "orange", "pink", "brown"];
    const clue = brain.informedClueWithSource({ ...view({ category: "colour", words }), secret: "red" }, []);
    expect(clue.source).toBe("lexical");
    expect(clue.text.length).toBeGreaterThan(0);
    expect(brain.chameleonClueWithSource(view({ category: "colour", words, secret: null, clues: [{ playerId: "b", text: "anger" }] }), []).source).toBe("lexical");
    expect(brain.guessWithSource(view({ category: "colour", words, secret: null, clues: [{ playerId: "b", text: "anger" }] }), words).source).toBe("lexical");
  }, 60_000);
});
