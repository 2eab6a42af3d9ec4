/** The game's public surface: the reducer, the views, clue validation, settings and types. */
export * from "./types";
export { applyAction, createGame, currentRound, turnPlayerId, guessesLeft, roundPoints, POINTS, MAX_CHAT_CHARS, MAX_CHAT_MESSAGES, MAX_GUESS_CHARS } from "./rules";
export type { NewGame } from "./rules";
export { viewFor } from "./view";
export { cleanText, clueViolation, countClueWords, findGridWordIn, normalizeForComparison, lightStems, MAX_CLUE_CHARS, MAX_CLUE_WORDS, MIN_CLUE_WORDS } from "./clue-validation";
export type { ClueViolation, ClueViolationCode } from "./clue-validation";
export { DEFAULT_SETTINGS, MAX_SEATS, MIN_SEATS, SETTING_LIMITS, customCardViolation, DEFAULT_POOL_MIN_WORDS, defaultPoolCategories, mergedSettings, topicPool } from "./settings";
export { isRoundPhase, MAX_NAME_CHARS } from "./table";
