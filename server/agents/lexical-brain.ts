import { CHAMELEON_EVIDENCE, chameleonReader, fallbackClue, guessSecret, plausibleChameleonClue, pointsAtSecret, rankSuspects, scoredLexicalClues } from "../lexicon/lexical-clue";
import type { BotView, Knowledge } from "./agent";
import { DEFAULT_BOT_LEVEL } from "../../shared/game/types";
import { clueViolation } from "../../shared/game/clue-validation";
import { seededRng } from "../../shared/random";
import { openingLine, replyLine } from "./discussion-lines";
import type { LexicalBrain, SourcedClue, SourcedSuspects } from "./lexical-agent";
import type { ClueBook } from "../clue-book/clue-book";
import { defaultClueBook } from "../clue-book/default-book";
import { bookDecisions, type BookDecisions } from "./book-decisions";
import { roundSeed } from "./round-seed";

/** Other players, most suspicious first: the clue book's reading where it covers the card, else rankSuspects on the bot's own view. */
function suspectsOf(view: BotView, book: BookDecisions | undefined): SourcedSuspects {
  if (view.words.length === 0) return { ranked: [], source: null };
  const fromBook = book?.suspects(view);
  if (fromBook) return { ranked: fromBook, source: "book" };
  const ranked = rankSuspects({
    category: view.category,
    words: view.words,
    secret: view.secret ?? undefined,
    clues: view.clues.map((c) => ({ playerId: c.playerId, clue: c.text })),
    self: view.playerId,
  });
  return { ranked, source: "lexical" };
}

/** The chameleon's reading of the round: by level, and for a normal bot the same listener all round (its seed without the step). */
function readerOf(view: BotView) {
  return chameleonReader(view.level, seededRng(`${roundSeed(view.seed)}/reader`).float());
}

function evidenceOf(view: BotView): number {
  return CHAMELEON_EVIDENCE[view.level ?? DEFAULT_BOT_LEVEL];
}

/**
 * The bot's decisions: from the clue book (book-decisions.ts) where it covers the card and the word, else
 * server/lexicon/lexical-clue.ts's (WordNet relatedness and the lexical judge); this adapter feeds them a bot's
 * own view and keeps the table's clue limit. `book`: data/clue-book.json when absent, null for none.
 */
export function createLexicalBrain(book: ClueBook | null | undefined = defaultClueBook()): LexicalBrain {
  const fromBook = book ? bookDecisions(book) : undefined;
  const suspectsWithSource = (view: BotView) => suspectsOf(view, fromBook);
  const suspects = (view: BotView) => suspectsWithSource(view).ranked;
  const lexicalInformedClue = (view: BotView & { secret: string }, avoid: readonly string[]): string => {
    const said = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
    const request = {
      category: view.category,
      words: view.words,
      secret: view.secret,
      avoid: [...avoid, ...view.clues.map((c) => c.text)],
      // The clues a chameleon will read beside this one: those that point at the secret (a bluff that does not adds nothing).
      informedClues: said.filter((clue) => pointsAtSecret(view.category, view.words, view.secret, clue)),
      saidBefore: said,
      level: view.level,
    };
    // bestLexicalClue's ranking, keeping the table's word limit (WordNet offers multi-word lemmas).
    const best = scoredLexicalClues(request).find((c) => !clueViolation(c.text, view.words, view.maxClueWords));
    return best?.text ?? fallbackClue(view.category, view.words, request.avoid);
  };
  const informedClueWithSource = (view: BotView & { secret: string }, avoid: readonly string[]): SourcedClue => {
    const booked = fromBook?.informedClue(view, avoid);
    return booked ? { text: booked.text, source: "book" } : { text: lexicalInformedClue(view, avoid), source: "lexical" };
  };
  const lexicalBluff = (view: BotView, avoid: readonly string[]): string => {
    const earlierClues = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
    const refused = [...avoid];
    for (let attempt = 0; attempt < 6; attempt++) {
      const rng = seededRng(`${view.seed}/bluff/${attempt}`);
      // Refused attempts are to be avoided, not read as evidence about the secret.
      const clue = plausibleChameleonClue({ category: view.category, words: view.words, earlierClues, avoid: refused, reader: readerOf(view), bluff: view.level === "hard" ? "hedge" : "pretend", evidence: evidenceOf(view) }, rng);
      if (!clueViolation(clue, view.words, view.maxClueWords)) return clue;
      refused.push(clue);
    }
    return fallbackClue(view.category, view.words, refused);
  };
  const chameleonClueWithSource = (view: BotView, avoid: readonly string[]): SourcedClue => {
    const booked = fromBook?.chameleonClue(view, avoid);
    return booked ? { text: booked.text, source: "book" } : { text: lexicalBluff(view, avoid), source: "lexical" };
  };
  const guessWithSource = (view: BotView, options: readonly string[]): { word: string; source: Knowledge | null } => {
    if (options.length === 0) return { word: view.category, source: null };
    const booked = fromBook?.guess(view, options);
    if (booked !== undefined) return { word: booked, source: "book" };
    const clues = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
    const word = guessSecret({ category: view.category, words: options, clues, reader: readerOf(view), ...(view.level === "hard" ? {} : { rng: seededRng(`${roundSeed(view.seed)}/guess`), evidence: evidenceOf(view) }) });
    return { word, source: "lexical" };
  };
  return {
    informedClueWithSource,
    chameleonClueWithSource,
    suspectsWithSource,
    guessWithSource,
    discussionLine(view) {
      if (view.words.length === 0) return null;
      // The same reasoning as the vote: informed, the clue that fits the secret worst; as the chameleon,
      // the clue that fits the others' consensus worst, which is the deflection an informed player would make.
      const [top, next] = suspects(view);
      const clue = view.clues.find((c) => c.playerId === top?.playerId)?.text;
      const chat = (view.chat ?? []).map((m) => m.text);
      return openingLine({ suspect: clue ? { clue, lead: top.suspicion - (next?.suspicion ?? -Infinity) } : null, chat, words: view.words, seed: view.seed });
    },
    replyLine(view) {
      const own = view.clues.find((c) => c.playerId === view.playerId)?.text;
      if (!own || view.words.length === 0) return null;
      const [top] = suspects(view);
      const suspect = view.clues.find((c) => c.playerId === top?.playerId)?.text ?? null;
      return replyLine(own, suspect, (view.chat ?? []).map((m) => m.text), view.words, view.seed);
    },
  };
}
