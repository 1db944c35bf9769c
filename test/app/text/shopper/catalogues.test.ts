/**
 * Every shipped language says everything English says: the shoppers' catalogue (app/text/shopper/
 * messages) and each extension's locale files, key for key, with the same placeholders, no empty text,
 * and every plural form the language's `Intl.PluralRules` asks for.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHOPPER_LANGUAGES } from "~/text/shopper/languages";
import { SHOPPER_CATALOGUES, shopperText } from "~/text/shopper/shopper-text";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..", "..");
const OTHER_LANGUAGES = SHOPPER_LANGUAGES.filter((language) => language !== "en");

/** "a.b.c" → text, for every text of a catalogue. */
function flatten(catalogue: unknown, prefix = ""): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") texts.set(name, value);
    else for (const [inner, text] of flatten(value, name)) texts.set(inner, text);
  }
  return texts;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** A plural form's key: i18next's "x_one", or Shopify's extension object { one, other } flattened as "x.one". */
const PLURAL = /^(.*)[_.](zero|one|two|few|many|other)$/;

/** The plural keys as their base, with the forms given. */
function pluralForms(keys: Iterable<string>): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of keys) {
    const match = PLURAL.exec(key);
    if (match) forms.set(match[1]!, (forms.get(match[1]!) ?? new Set()).add(match[2]!));
  }
  return forms;
}

/** What a translation lacks or adds against English, and where its placeholders differ. */
function differences(english: Map<string, string>, theirs: Map<string, string>, language: string): string[] {
  const problems: string[] = [];
  const englishPlurals = pluralForms(english.keys());
  const theirPlurals = pluralForms(theirs.keys());
  const asked = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  for (const [key, text] of english) {
    const plural = PLURAL.exec(key);
    if (plural && englishPlurals.has(plural[1]!)) continue;
    const translated = theirs.get(key);
    if (translated === undefined) problems.push(`missing ${key}`);
    else if (!translated.trim()) problems.push(`empty ${key}`);
    else if (placeholders(translated).join() !== placeholders(text).join()) problems.push(`placeholders of ${key}`);
  }
  for (const [base] of englishPlurals) {
    const forms = theirPlurals.get(base) ?? new Set<string>();
    for (const form of asked) if (!forms.has(form)) problems.push(`missing ${base}_${form}`);
  }
  for (const key of theirs.keys()) {
    const plural = PLURAL.exec(key);
    if (!english.has(key) && !(plural && englishPlurals.has(plural[1]!))) problems.push(`extra ${key}`);
  }
  return problems;
}

describe("the shoppers' catalogue", () => {
  const english = flatten(SHOPPER_CATALOGUES.en);

  it.each(OTHER_LANGUAGES)("%s has every English text, its placeholders and its plural forms", (language) => {
    expect(differences(english, flatten(SHOPPER_CATALOGUES[language]), language)).toEqual([]);
  });

  it("finds a missing text, a lost placeholder and a missing plural form", () => {
    const broken = new Map(flatten(SHOPPER_CATALOGUES.fr));
    broken.delete("page.headline.delivered");
    broken.set("page.greeting", "Bonjour, voici votre livraison");
    broken.delete("rate.withinHours_many");
    expect(differences(english, broken, "fr")).toEqual([
      "placeholders of page.greeting",
      "missing page.headline.delivered",
      "missing rate.withinHours_many",
    ]);
  });

  it("speaks each language with its plural forms and Intl's formats", () => {
    const at = new Date("2026-11-24T21:05:00Z");
    expect(shopperText("fr").t("rate.withinHours", { count: 2, time: "13:00" })).toBe("D'ici 2 heures, avant 13:00");
    expect(shopperText("en").t("rate.withinHours", { count: 1, time: "1 pm" })).toBe("Within 1 hour, by 1 pm");
    expect(shopperText("de").time(at, "Europe/Berlin")).toBe("22:05");
    expect(shopperText("en").time(at, "America/Los_Angeles")).toBe("1:05 PM");
    expect(shopperText("es").money(1250, "EUR")).toBe("12,50\u00a0€");
    expect(shopperText("fr").date(at, "Europe/Paris")).toBe("mardi 24 nov.");
  });
});

describe("the extensions' locale files", () => {
  const extensions = readdirSync(path.join(ROOT, "extensions")).filter((name) =>
    existsSync(path.join(ROOT, "extensions", name, "locales", "en.default.json")),
  );
  const read = (extension: string, file: string) =>
    flatten(JSON.parse(readFileSync(path.join(ROOT, "extensions", extension, "locales", file), "utf8")));

  it("are found", () => {
    expect(extensions).toContain("order-status-delivery");
    expect(extensions.length).toBeGreaterThanOrEqual(4);
  });

  it.each(extensions.flatMap((extension) => OTHER_LANGUAGES.map((language) => [extension, language] as const)))(
    "%s in %s has every English text and its placeholders",
    (extension, language) => {
      const file = path.join(ROOT, "extensions", extension, "locales", `${language}.json`);
      expect(existsSync(file), `${extension}/locales/${language}.json`).toBe(true);
      // Shopify's extension plurals are objects ({ one, other }): their keys are compared as texts.
      expect(differences(read(extension, "en.default.json"), read(extension, `${language}.json`), language)).toEqual(
        [],
      );
    },
  );
});
