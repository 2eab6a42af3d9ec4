/**
 * A small clue book written in memory for the bots' tests: a fruit card (docs' own example) and the deck's
 * alcoholic drink card, whose dataset card holds "red wine" and "white wine" that the deck collapses onto "wine".
 */
import type { BookClue, ClueBook } from "../../server/clue-book/clue-book";

const o = (clue: string): BookClue => ({ clue, grade: "obvious", alsoFits: [] });
const t = (clue: string, ...alsoFits: string[]): BookClue => ({ clue, grade: "telling", alsoFits });
const s = (clue: string, ...alsoFits: string[]): BookClue => ({ clue, grade: "subtle", alsoFits });

export const FRUIT = ["apple", "banana", "strawberry", "orange", "grape", "pear", "mango", "blueberries", "kiwi", "pineapple", "melon", "tomato"];

export const SMALL_BOOK: ClueBook = {
  version: 1,
  cards: {
    fruit: {
      pineapple: [o("spiky crown"), o("piña colada"), t("tropical", "mango", "banana"), t("pizza topping", "tomato"), t("tin"), t("Hawaii"), s("juice", "orange", "apple", "grape"), s("yellow", "banana", "melon", "mango"), s("upside-down cake", "apple")],
      mango: [o("chutney"), t("tropical", "pineapple", "banana"), t("lassi"), t("India"), s("yellow", "banana", "pineapple", "melon"), s("smoothie", "banana", "strawberry"), s("stone", "pear")],
      banana: [o("monkey"), o("peel"), t("split"), t("bunch", "grape"), t("tropical", "mango", "pineapple"), s("yellow", "pineapple", "melon", "mango"), s("smoothie", "mango", "strawberry")],
      apple: [o("Newton"), t("cider", "pear"), t("core", "pear"), t("teacher"), s("juice", "orange", "pineapple", "grape"), s("pie", "blueberries", "strawberry"), s("crumble", "pear")],
      orange: [o("Seville"), t("marmalade"), t("zest"), t("segments", "kiwi"), s("juice", "apple", "pineapple", "grape"), s("vitamin C", "kiwi", "strawberry")],
      grape: [o("vineyard"), t("raisin"), t("bunch", "banana"), t("wine"), s("juice", "orange", "apple"), s("purple", "blueberries")],
      strawberry: [o("Wimbledon"), t("cream"), t("seeds outside"), t("jam", "blueberries"), s("red", "tomato"), s("smoothie", "banana", "mango")],
      pear: [o("Conference"), t("Williams"), t("drop", "apple"), t("poached"), s("crumble", "apple"), s("stone", "mango")],
      blueberries: [o("muffin"), t("antioxidant"), t("punnet", "strawberry"), t("jam", "strawberry"), s("purple", "grape"), s("pie", "apple", "strawberry")],
      kiwi: [o("New Zealand"), t("furry"), t("green flesh"), t("vitamin C", "orange", "strawberry"), s("segments", "orange"), s("halved", "melon")],
      melon: [o("honeydew"), t("watermelon"), t("cantaloupe"), t("slice", "pineapple"), s("yellow", "banana", "mango", "pineapple"), s("halved", "kiwi")],
      tomato: [o("ketchup"), t("salad", "apple"), t("sauce"), t("pizza topping", "pineapple"), s("red", "strawberry"), s("vine", "grape")],
    },
    "alcoholic drink": {
      "red wine": [o("Bordeaux"), t("merlot"), t("steak")],
      "white wine": [o("chardonnay"), t("fish supper")],
      wine: [o("sommelier"), t("corkscrew"), t("vineyard", "champagne")],
      beer: [o("pint"), t("hops"), t("pub", "cider")],
      champagne: [o("bubbly"), t("wedding toast", "wine"), t("Reims")],
    },
  },
};
