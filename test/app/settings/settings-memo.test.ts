import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createShopSettingsMemo } from "~/settings/settings-memo.server";
import { parseShopSettings } from "~/settings/stored-settings";
import { custom, within2h } from "./fixtures";

const customText = JSON.stringify(custom);
const slower = JSON.stringify({ ...custom, leadTimeMinutes: 90 });
const { driverNotes: _added, ...older } = custom;
const texts: [string, string][] = [
  ["complete custom settings", customText],
  ["the same settings with another lead time", slower],
  ["the same settings spaced differently", JSON.stringify(custom, null, 2)],
  ["settings saved before the driver notes", JSON.stringify(older)],
  ["one invalid window among valid ones", JSON.stringify({ ...custom, deliveryWindows: [within2h, { id: 3 }] })],
  ["the column default {}", "{}"],
  ["text that is not JSON", "{not json"],
  ["an empty string", ""],
];

describe("createShopSettingsMemo", () => {
  it.each(texts)("%s: the settings parseShopSettings reads from that text", (_name, text) => {
    const memo = createShopSettingsMemo();
    expect(memo(text)).toEqual(parseShopSettings(text));
    expect(memo(text)).toEqual(parseShopSettings(text));
  });

  it("keeps one parse per text: the same text gives the very same settings, another text its own", () => {
    const memo = createShopSettingsMemo();
    const first = memo(customText);
    expect(memo(customText)).toBe(first);
    expect(memo(slower)).not.toBe(first);
    expect(memo(slower).leadTimeMinutes).toBe(90);
    expect(memo(customText).leadTimeMinutes).toBe(custom.leadTimeMinutes);
  });

  it("freezes the shared settings all the way down, on its own copy", () => {
    const memo = createShopSettingsMemo();
    const settings = memo(customText);
    expect(() => {
      settings.leadTimeMinutes = 1;
    }).toThrow(TypeError);
    expect(() => settings.deliveryWindows.push(within2h)).toThrow(TypeError);
    expect(() => {
      settings.tags.dispatched = "changed";
    }).toThrow(TypeError);
    expect(memo(customText)).toEqual(custom);
    // The defaults a parse fills in stay the parser's: a fresh parse can still be changed by its caller.
    const fresh = parseShopSettings("{}");
    fresh.tags.dispatched = "mine";
    expect(memo("{}").tags.dispatched).not.toBe("mine");
  });

  it("keeps at most its bound of texts, the least recently used parsed again", () => {
    const memo = createShopSettingsMemo(2);
    const custom1 = memo(customText);
    const slow1 = memo(slower);
    expect(memo(customText)).toBe(custom1); // customText is now the more recently used
    const empty = memo("{}"); // a third text: slower goes
    expect(memo(customText)).toBe(custom1);
    expect(memo("{}")).toBe(empty);
    const slow2 = memo(slower);
    expect(slow2).not.toBe(slow1);
    expect(slow2).toEqual(slow1);
  });

  it("never answers one text with another's settings, whatever the order of reads (property)", () => {
    const pool = texts.map(([, text]) => text);
    const expected = new Map(pool.map((text) => [text, parseShopSettings(text)]));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.constantFrom(...pool), { maxLength: 40 }),
        (bound, reads) => {
          const memo = createShopSettingsMemo(bound);
          for (const text of reads) expect(memo(text)).toEqual(expected.get(text));
        },
      ),
      { numRuns: 60 },
    );
  });
});
