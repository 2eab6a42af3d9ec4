import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokensOf } from "../../server/lexicon/text";

/** The tokenizer's definition, without its plain-ASCII shortcut: fold accents, then take runs of letters and digits. */
const folded = (text: string) => text.toLowerCase().normalize("NFKD").replace(/\p{Mn}/gu, "").normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];

describe("tokensOf", () => {
  it("splits on anything but letters and digits, in lower case, with accents folded", () => {
    expect(tokensOf("Ice-cream, CAT'S  café\tNaïve 7")).toEqual(["ice", "cream", "cat", "s", "cafe", "naive", "7"]);
    expect(tokensOf("")).toEqual([]);
  });

  it("gives the same tokens through its plain-ASCII shortcut as through accent folding", () => {
    fc.assert(fc.property(fc.string({ unit: "binary-ascii", maxLength: 40 }), (text) => {
      expect(tokensOf(text)).toEqual(folded(text));
    }), { numRuns: 500, seed: 3 });
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), (text) => {
      expect(tokensOf(text)).toEqual(folded(text));
    }), { numRuns: 300, seed: 4 });
  });
});
