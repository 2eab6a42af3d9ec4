import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { parseCsv } from "../../server/dataset/csv";
import { isPerParticipant, readNormRows, type NormRow } from "../../server/dataset/norms";
import { inflectionBases, mergeResponses } from "../../server/dataset/merge-responses";
import { sameDerivationalFamily, suffixRoots } from "../../server/dataset/derivation-families";
import { overlapReport, paperOverlap } from "../../server/dataset/paper-lists";
import { spellingKey } from "../../server/dataset/spelling";

const wn = getWordNet();
const row = (response: string, frequency: number, meanRank: number): NormRow => ({ category: "c", response, frequency, meanRank });
const merged = (rows: NormRow[]) => mergeResponses(rows, wn).map((m) => [m.word, ...m.variants.slice(1)].join("+"));

describe("CSV and norm rows", () => {
  it("parses quoted fields with commas, doubled quotes, line breaks and CRLF", () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n1,,3')).toEqual([
      ["a", "b", "c"],
      ["x, y", 'say "hi"', "two\nlines"],
      ["1", "", "3"],
    ]);
    expect(() => parseCsv('a,"open')).toThrow(/quoted field/);
  });

  it("reads the columns that matter by name, normalising case and spaces", () => {
    const csv = 'Response,Category,Mean.rank,Production.frequency\n" Ice  Cream ","Dairy product",2.5,3\n';
    expect(readNormRows(csv)).toEqual([{ category: "dairy product", response: "ice cream", frequency: 3, meanRank: 2.5 }]);
  });

  it("names the line and column of a bad row, and a missing column", () => {
    const header = "Category,Response,Production.frequency,Mean.rank\n";
    expect(() => readNormRows(`${header}fruit,apple,2,1.5\nfruit,pear,NA,2\n`)).toThrow(/line 3: frequency: Production.frequency is not/);
    expect(() => readNormRows(`${header}fruit,,2,1.5\n`)).toThrow(/line 2: response: empty Response/);
    expect(() => readNormRows("Category,Response,Mean.rank\nfruit,apple,1\n")).toThrow(/no "Production.frequency" column/);
  });
});

describe("spelling keys", () => {
  it.each([
    ["colour", "color"],
    ["humour", "humor"],
    ["organise", "organize"],
    ["analyse", "analyze"],
    ["centre", "center"],
    ["kilometre", "kilometer"],
    ["paediatrician", "pediatrician"],
    ["diarrhoea", "diarrhea"],
    ["grey", "gray"],
    ["aluminium", "aluminum"],
    ["non-fiction", "nonfiction"],
    ["non fiction", "nonfiction"],
    ["ice-skating", "ice skating"],
  ])("%s = %s", (a, b) => {
    expect(spellingKey(a)).toBe(spellingKey(b));
  });

  it.each([
    ["hour", "hor"],
    ["flour", "flor"],
    ["four", "for"],
    ["shoes", "shes"],
    ["fire", "fier"],
    ["maths", "mathematics"],
  ])("%s ≠ %s", (a, b) => {
    expect(spellingKey(a)).not.toBe(spellingKey(b));
  });
});

describe("the merge rule", () => {
  it("merges plural and singular, summing frequency and weighting the mean rank", () => {
    const [lake, ...rest] = mergeResponses([row("lake", 13, 2), row("lakes", 2, 5), row("sea", 15, 1)], wn).filter((m) => m.word !== "sea");
    expect(rest).toEqual([]);
    expect(lake).toEqual({ word: "lake", variants: ["lake", "lakes"], frequency: 15, meanRank: (13 * 2 + 2 * 5) / 15 });
  });

  it("merges irregular plurals, verb inflections and multi-word heads", () => {
    expect(merged([row("mouse", 14, 2), row("mice", 3, 4)])).toEqual(["mouse+mice"]);
    expect(merged([row("leaves", 13, 2), row("leaf", 6, 4)])).toEqual(["leaves+leaf"]);
    expect(merged([row("feet", 8, 2), row("foot", 10, 4)])).toEqual(["foot+feet"]);
    expect(merged([row("millennia", 5, 2), row("millennium", 2, 4)])).toEqual(["millennia+millennium"]);
    expect(merged([row("coughing", 8, 2), row("cough", 6, 4)])).toEqual(["coughing+cough"]);
    expect(merged([row("tent pegs", 3, 2), row("tent peg", 2, 4)])).toEqual(["tent pegs+tent peg"]);
    expect(merged([row("towel rails", 3, 2), row("towel rail", 5, 4)])).toEqual(["towel rail+towel rails"]);
  });

  it("merges spelling variants and hyphen/space/joined forms", () => {
    expect(merged([row("colour", 3, 2), row("color", 2, 1)])).toEqual(["colour+color"]);
    expect(merged([row("non-fiction", 12, 2), row("nonfiction", 2, 1), row("non fiction", 2, 3)])).toHaveLength(1);
    expect(merged([row("centimetre", 12, 2), row("centimeters", 2, 3)])).toEqual(["centimetre+centimeters"]);
  });

  it("keeps clippings, synonyms and comparatives apart", () => {
    expect(merged([row("maths", 12, 2), row("mathematics", 6, 3)])).toEqual(["maths", "mathematics"]);
    expect(merged([row("bicycle", 16, 2), row("bike", 3, 3)])).toEqual(["bicycle", "bike"]);
    expect(merged([row("sofa", 12, 2), row("couch", 4, 3)])).toEqual(["sofa", "couch"]);
    expect(merged([row("good", 5, 2), row("better", 3, 3)])).toEqual(["good", "better"]);
  });

  it("merges derivational families, summing them like inflections", () => {
    expect(merged([row("anger", 6, 2), row("angry", 8, 3)])).toEqual(["angry+anger"]);
    expect(merged([row("happy", 14, 2), row("happiness", 5, 3)])).toEqual(["happy+happiness"]);
    expect(merged([row("fear", 2, 2), row("fearful", 5, 3), row("love", 6, 1)])).toEqual(["fearful+fear", "love"]);
    // a family and an inflection chain into one word
    expect(merged([row("rain", 5, 2), row("raining", 4, 3), row("rainy", 9, 1)])).toEqual(["rainy+rain+raining"]);
    const [sad] = mergeResponses([row("sad", 15, 2.2), row("sadness", 6, 5.5)], wn);
    expect(sad).toEqual({ word: "sad", variants: ["sad", "sadness"], frequency: 21, meanRank: (15 * 2.2 + 6 * 5.5) / 21 });
  });

  it("shows a family's most frequent member, the shorter (the root) on a tie", () => {
    expect(merged([row("jealousy", 2, 1), row("jealous", 2, 3)])).toEqual(["jealous+jealousy"]);
    expect(merged([row("frustration", 3, 2), row("frustrated", 2, 1)])).toEqual(["frustration+frustrated"]);
  });

  it("shows the most frequent variant, the base form on a tie", () => {
    expect(mergeResponses([row("arms", 8, 1), row("arm", 8, 3)], wn)[0].word).toBe("arm");
    expect(mergeResponses([row("bricks", 13, 1), row("brick", 5, 3)], wn)[0].word).toBe("bricks");
  });

  it("ranks by frequency, then mean rank, then alphabetically", () => {
    const ranked = mergeResponses([row("pear", 5, 3), row("apple", 5, 3), row("fig", 5, 2), row("kiwi", 9, 6)], wn).map((m) => m.word);
    expect(ranked).toEqual(["kiwi", "fig", "apple", "pear"]);
  });

  it("counts distinct participants and their earliest rank when rows are single participants' responses", () => {
    const said = (response: string, participant: string, rank: number): NormRow => ({ category: "c", response, frequency: 0, meanRank: rank, participant, rank });
    const rows = [said("lake", "p1", 2), said("lakes", "p1", 5), said("lakes", "p2", 1), said("lake", "p3", 4), said("sea", "p1", 1)];
    expect(isPerParticipant(rows)).toBe(true);
    const [lake] = mergeResponses(rows, wn, { perParticipant: true }).filter((m) => m.word.startsWith("lake"));
    // p1 said both: counted once, at their earlier rank (2).
    expect(lake).toEqual({ word: "lake", variants: ["lake", "lakes"], frequency: 3, meanRank: (2 + 1 + 4) / 3 });
  });

  it("reads Participant and Rank when present, and tells the two file formats apart", () => {
    const csv = "Category,Response,Participant,Rank,Production.frequency,Mean.rank\nlake,sea,7,2,9,3.5\nlake,pond,7,NA,4,2\n";
    const rows = readNormRows(csv);
    expect(rows[0]).toMatchObject({ participant: "7", rank: 2, frequency: 9, meanRank: 3.5 });
    expect(rows[1].rank).toBeUndefined();
    expect(isPerParticipant(rows)).toBe(false);
  });

  it("inflectionBases gives noun and verb base forms, never the response itself", () => {
    expect(inflectionBases("lakes", wn)).toEqual(["lake"]);
    expect(inflectionBases("lake", wn)).toEqual([]);
    expect(inflectionBases("running", wn)).toContain("run");
  });
});

describe("the derivational family rule", () => {
  it.each([
    ["sad", "sadness"], // WordNet derivation pointer, adjective → noun
    ["angry", "anger"],
    ["happy", "happiness"],
    ["frustrated", "frustration"], // through the inflection base "frustrate"
    ["depressed", "depression"],
    ["excited", "excitement"],
    ["christian", "christianity"],
    ["paediatric", "paediatrics"],
    ["fear", "fearful"], // suffix test: WordNet has no pointer between them
    ["jealous", "jealousy"],
    ["hindu", "hinduism"],
    ["honest", "honesty"],
    ["fog", "foggy"], // doubled consonant
    ["rain", "rainy"],
    ["raining", "rainy"],
    ["kind", "kindness"],
  ])("%s and %s are one family", (a, b) => {
    expect(sameDerivationalFamily(a, b, wn)).toBe(true);
    expect(sameDerivationalFamily(b, a, wn)).toBe(true);
  });

  it.each([
    ["art", "artist"], // agent nouns name a person, not the thing
    ["psychiatrist", "psychiatry"],
    ["gynaecologist", "gynaecology"],
    ["paediatrician", "paediatrics"],
    ["friend", "friendship"],
    ["buddhist", "buddhism"],
    ["friend", "friendly"], // -ly is not a family suffix
    ["fear", "fearless"], // -less reverses the meaning
    ["happy", "unhappy"], // prefixes change the meaning
    ["aunt", "aunty"], // a diminutive: both nouns
    ["aunt", "aunties"],
    ["bus", "busy"], // look-alikes: neither definition uses the other
    ["lot", "lotion"],
    ["pass", "passion"],
    ["mill", "million"],
    ["book", "booklet"],
    ["cat", "cattle"],
    ["maths", "mathematics"],
    ["bike", "bicycle"],
    ["lake", "lakes"], // one word inflected is the inflection rule's, not a family
    ["sun", "sunny"], // WordNet neither links nor defines one by the other
  ])("%s and %s stay apart", (a, b) => {
    expect(sameDerivationalFamily(a, b, wn)).toBe(false);
    expect(sameDerivationalFamily(b, a, wn)).toBe(false);
  });

  it("suffixRoots undoes the spelling changes and refuses roots under 3 letters", () => {
    expect(suffixRoots("happiness")).toContain("happy");
    expect(suffixRoots("foggy")).toContain("fog");
    expect(suffixRoots("frustration")).toContain("frustrate");
    expect(suffixRoots("oxy")).toEqual([]);
    expect(suffixRoots("ice cream")).toEqual([]);
  });
});

describe("overlap with the paper's printed lists", () => {
  it("counts exact words, family members and misses per list", () => {
    const dataset = {
      name: "t",
      description: "t",
      categories: [{ category: "emotion", words: ["sad", "fearful", "joy"], decoys: ["feeling"] }],
    };
    const families: Record<string, string[]> = { fearful: ["fearful", "fear"] };
    const [, , , , , emotion] = paperOverlap(dataset, (_, w) => families[w] ?? [w]);
    expect(emotion.shared).toEqual(["sad"]);
    expect(emotion.asFamily).toEqual(["fear"]);
    expect(emotion.missing).toHaveLength(10);
    expect(paperOverlap(dataset)[5].asFamily).toEqual([]);
    expect(overlapReport(paperOverlap(dataset))).toMatch(/^paper's printed lists \(Table 9\): 1 of 72 words in our grids \(1 counting merged forms;/);
  });
});
