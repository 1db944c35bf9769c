import { LRUCache } from "lru-cache";
import { deepFreeze } from "./plain-object";
import { parseShopSettings } from "./stored-settings";
import type { ShopSettings } from "./settings-schema";

/**
 * Most distinct settings texts whose parse is kept in one process. Each is a few kilobytes of text
 * and its parsed copy; a process serving more shops than this parses the least recently used again.
 */
export const SETTINGS_TEXTS_KEPT = 1_000;

/**
 * A shop's settings parsed from its stored JSON text, kept per process by that exact text: the same
 * text gives the same settings, so an unchanged row is not parsed again (the dispatch jobs read the
 * shop 2–3 times per order; `npm run bench:statements`), while a changed row is a different key and
 * is parsed at once (nothing is kept by time, so staff changes reach the very next read).
 *
 * The value is shared by every caller with that text, so it is frozen, all the way down, on a copy
 * of the parse (the parse may hold the settings' default objects, which are not ours to freeze): a
 * caller that wrote into it would throw instead of changing another job's settings.
 */
export function createShopSettingsMemo(maxTexts: number = SETTINGS_TEXTS_KEPT) {
  const parsed = new LRUCache<string, ShopSettings>({ max: maxTexts });
  return (settingsJson: string): ShopSettings => {
    const kept = parsed.get(settingsJson);
    if (kept) return kept;
    const settings = deepFreeze(structuredClone(parseShopSettings(settingsJson)));
    parsed.set(settingsJson, settings);
    return settings;
  };
}

/** The process's one memo (see createShopSettingsMemo). */
export const shopSettingsOfText = createShopSettingsMemo();
