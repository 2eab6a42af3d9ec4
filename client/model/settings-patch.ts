import type { SettingsPatch } from "../../shared/protocol";
import type { GameSettings } from "../../shared/game/types";

/**
 * The lobby's edit (in GameSettings terms, as the snapshot shows them) as a host:settings payload:
 * custom cards travel as category and words only; the server assigns their ids.
 */
export function settingsPatchFor(change: Partial<GameSettings>): SettingsPatch {
  const { customCards, ...rest } = change;
  const patch: SettingsPatch = { ...rest };
  if (customCards !== undefined) patch.customCards = customCards.map((c) => ({ category: c.category, words: c.words }));
  return patch;
}
