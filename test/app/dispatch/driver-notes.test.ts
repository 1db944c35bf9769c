import { describe, expect, it } from "vitest";
import { NOTES_MAX } from "~/courier/limits";
import { cutAtWord, driverNotes, type DriverNotesSettings, type DriverNotesSources } from "~/dispatch/driver-notes";

const on: DriverNotesSettings = {
  shopperInstructions: true,
  instructionsAttribute: "Delivery instructions",
  merchantNote: null,
};
const none: DriverNotesSources = { checkoutInstructions: null, attributes: [], orderNote: null };
const long = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(" ");

describe("driverNotes", () => {
  it.each<[string, DriverNotesSettings, DriverNotesSources, string | null]>([
    ["nothing anywhere", on, none, null],
    ["the order note", on, { ...none, orderNote: "Leave it with the doorman" }, "Leave it with the doorman"],
    ["checkout's instructions", on, { ...none, checkoutInstructions: "Gate code 4411" }, "Gate code 4411"],
    [
      "the named cart attribute, its name matched without regard to case or spaces",
      on,
      { ...none, attributes: [{ key: " delivery INSTRUCTIONS ", value: "Ring twice" }] },
      "Ring twice",
    ],
    [
      "another cart attribute is not read",
      on,
      { ...none, attributes: [{ key: "Gift message", value: "Happy birthday, Sam" }] },
      null,
    ],
    [
      "no attribute named in settings: attributes are not read",
      { ...on, instructionsAttribute: null },
      { ...none, attributes: [{ key: "Delivery instructions", value: "Ring twice" }] },
      null,
    ],
    [
      "all three, checkout first, then the attribute, then the note",
      on,
      {
        checkoutInstructions: "Gate code 4411",
        attributes: [{ key: "Delivery instructions", value: "Ring twice" }],
        orderNote: "Back door",
      },
      "Gate code 4411 / Ring twice / Back door",
    ],
    [
      "the same words twice are said once",
      on,
      {
        checkoutInstructions: "Back door",
        attributes: [{ key: "Delivery instructions", value: "back door" }],
        orderNote: "Back door",
      },
      "Back door",
    ],
    [
      "line breaks, tabs and control characters become single spaces",
      on,
      { ...none, orderNote: "  Back\r\ndoor\t\u0007 please  " },
      "Back door please",
    ],
    ["white space only is nothing", on, { ...none, orderNote: " \n\t " }, null],
    [
      "the merchant's note after the shopper's",
      { ...on, merchantNote: "Fragile, keep upright" },
      { ...none, orderNote: "Back door" },
      "Back door Store: Fragile, keep upright",
    ],
    [
      "the merchant's note alone",
      { ...on, merchantNote: "Fragile, keep upright" },
      none,
      "Store: Fragile, keep upright",
    ],
    [
      "turned off: the shopper's words are not sent, the merchant's note still is",
      { ...on, shopperInstructions: false, merchantNote: "Fragile" },
      { checkoutInstructions: "Gate code", attributes: [{ key: "Delivery instructions", value: "x" }], orderNote: "y" },
      "Store: Fragile",
    ],
    [
      "turned off with no merchant note: nothing",
      { ...on, shopperInstructions: false },
      { ...none, orderNote: "Back door" },
      null,
    ],
  ])("%s", (_case, settings, sources, expected) => {
    expect(driverNotes(settings, sources)).toBe(expected);
  });

  it("cuts a long note at a word with an ellipsis, within the courier's 500 characters", () => {
    const notes = driverNotes(on, { ...none, orderNote: long(200) })!;
    expect([...notes].length).toBeLessThanOrEqual(NOTES_MAX);
    expect(notes.endsWith("…")).toBe(true);
    expect(notes.slice(0, -1)).toMatch(/ word\d+$/);
    expect(long(200).startsWith(notes.slice(0, -1))).toBe(true);
  });

  it("keeps the merchant's note whole when the shopper's is long", () => {
    const notes = driverNotes({ ...on, merchantNote: "Fragile, keep upright" }, { ...none, orderNote: long(200) })!;
    expect([...notes].length).toBeLessThanOrEqual(NOTES_MAX);
    expect(notes.endsWith("… Store: Fragile, keep upright")).toBe(true);
  });

  it("counts characters, not UTF-16 units, and never splits one", () => {
    const notes = driverNotes(on, { ...none, orderNote: "🚪".repeat(600) })!;
    expect([...notes]).toHaveLength(NOTES_MAX);
    expect(notes.endsWith("🚪…")).toBe(true);
  });
});

describe("cutAtWord", () => {
  it.each<[string, number, string]>([
    ["short", 10, "short"],
    ["exactly ten", 11, "exactly ten"],
    ["one two three", 10, "one two…"],
    ["onewordonly", 5, "onew…"],
    ["abc", 1, "…"],
  ])("%j to %i characters → %j", (text, max, expected) => {
    expect(cutAtWord(text, max)).toBe(expected);
  });
});
