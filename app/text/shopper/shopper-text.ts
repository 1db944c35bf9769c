import i18next, { type TFunction } from "i18next";
import en from "./messages/en.json";
import fr from "./messages/fr.json";
import es from "./messages/es.json";
import de from "./messages/de.json";
import { DEFAULT_SHOPPER_LANGUAGE, SHOPPER_LANGUAGES, type ShopperLanguage } from "./languages";

/**
 * Every word a shopper reads (the tracking page, the order status block's answer, checkout's rate
 * names) from one message catalogue per language (messages/*.json) through i18next, and every date,
 * time and amount through `Intl` in that language. English keeps the app's own clock words ("noon",
 * "1:10 pm") that its rate names were written in; the other languages take `Intl`'s.
 */

export const SHOPPER_CATALOGUES = { en, fr, es, de } as const satisfies Record<ShopperLanguage, unknown>;

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];
/** A key of the catalogue; plural keys without their `_one`/`_other` ending (i18next picks it by `count`). */
export type ShopperMessageKey =
  Leaves<typeof en> extends infer K ? (K extends `${infer Base}_${"one" | "other"}` ? Base : K) : never;

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    Object.entries(SHOPPER_CATALOGUES).map(([language, catalogue]) => [language, { translation: catalogue }]),
  ),
  supportedLngs: [...SHOPPER_LANGUAGES],
  lng: DEFAULT_SHOPPER_LANGUAGE,
  fallbackLng: DEFAULT_SHOPPER_LANGUAGE,
  // React escapes every value where it is rendered; the catalogue holds text, never markup.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export type ShopperText = {
  language: ShopperLanguage;
  t: (key: ShopperMessageKey, values?: Record<string, string | number>) => string;
  /** A time of day in the shop's time zone: "1:10 pm" (en), "13:10" (fr). */
  time: (at: Date, timeZone: string) => string;
  /** A date without the year: "Tuesday, Nov 24", "mardi 24 nov.". */
  date: (at: Date, timeZone: string) => string;
  /** An amount of money in the shop's currency. */
  money: (cents: number, currency: string) => string;
};

/** The `Intl` locale of a language (English in the United States' forms the app was written in). */
export function intlLocaleOf(language: ShopperLanguage): string {
  return language === "en" ? "en-US" : language;
}

const texts = new Map<ShopperLanguage, ShopperText>();

/** The words and formats of one language; made once per language. */
export function shopperText(language: ShopperLanguage = DEFAULT_SHOPPER_LANGUAGE): ShopperText {
  const made = texts.get(language);
  if (made) return made;
  const fixed: TFunction = instance.getFixedT(language);
  const locale = intlLocaleOf(language);
  const text: ShopperText = {
    language,
    t: (key, values) => fixed(key, values ?? {}),
    // A 24-hour clock reads "01:00" in French, Spanish and German; English keeps "1:00 PM".
    time: (at, timeZone) =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        hour: language === "en" ? "numeric" : "2-digit",
        minute: "2-digit",
      }).format(at),
    date: (at, timeZone) =>
      new Intl.DateTimeFormat(locale, { timeZone, weekday: "long", month: "short", day: "numeric" }).format(at),
    money: (cents, currency) => new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100),
  };
  texts.set(language, text);
  return text;
}
