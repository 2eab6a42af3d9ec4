/**
 * npm run book:check [-- --file PATH] [--partial]
 * Checks the clue book against the dataset and prints its counts; exits 1 on any problem.
 */
import { Command } from "commander";
import { loadDataset } from "../dataset/load-dataset";
import { getWordNet } from "../lexicon/wordnet";
import { DEFAULT_CLUE_BOOK_PATH, loadClueBook } from "./clue-book";
import { checkClueBook, describeCounts } from "./check-clue-book";

const options = new Command()
  .name("book:check")
  .option("--file <path>", "the clue book to check", DEFAULT_CLUE_BOOK_PATH)
  .option("--partial", "check only the cards the file holds (a writer's part), not the whole dataset's coverage")
  .option("--limit <n>", "problems to print at most", "200")
  .parse()
  .opts<{ file: string; partial?: boolean; limit: string }>();

const { problems, counts } = checkClueBook(loadClueBook(options.file), loadDataset(), getWordNet(), { partial: options.partial });
console.log(describeCounts(counts));
for (const problem of problems.slice(0, Number(options.limit))) console.log(`  ${problem}`);
if (problems.length > 0) {
  console.log(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log("no problems");
