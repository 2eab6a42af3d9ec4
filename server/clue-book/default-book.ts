/**
 * The clue book the bots play with: data/clue-book.json, read once. A server or a checkout without it plays
 * with the lexical model alone (every card then falls back, as a custom card does); a book that is there but
 * malformed stops start-up with loadClueBook's one line, rather than bots silently playing without it.
 */
import { existsSync } from "node:fs";
import { DEFAULT_CLUE_BOOK_PATH, loadClueBook, type ClueBook } from "./clue-book";

let cached: { book: ClueBook | undefined } | undefined;

/** The committed clue book, or undefined when data/clue-book.json does not exist. */
export function defaultClueBook(): ClueBook | undefined {
  cached ??= { book: existsSync(DEFAULT_CLUE_BOOK_PATH) ? loadClueBook(DEFAULT_CLUE_BOOK_PATH) : undefined };
  return cached.book;
}
