import { describe, expect, it } from "vitest";
import { clockChoices, clockLabel, END_OF_DAY, timeBudgetChoices } from "~/settings/time-choices";

describe("clock times in the merchant's words", () => {
  it.each([
    ["00:00", "12:00 am (midnight)"],
    ["00:15", "12:15 am"],
    ["09:30", "9:30 am"],
    ["11:45", "11:45 am"],
    ["12:00", "12:00 pm (noon)"],
    ["12:30", "12:30 pm"],
    ["17:00", "5:00 pm"],
    ["23:45", "11:45 pm"],
    [END_OF_DAY, "Midnight (end of day)"],
    ["noon", "noon"],
  ])("%s reads %s", (value, label) => {
    expect(clockLabel(value)).toBe(label);
  });
});

describe("the list of clock times", () => {
  it("has every step of the day, values as the settings keep them", () => {
    const choices = clockChoices({ stepMinutes: 15, current: "09:00" });
    expect(choices).toHaveLength(96);
    expect(choices[0]).toEqual({ label: "12:00 am (midnight)", value: "00:00" });
    expect(choices[37]).toEqual({ label: "9:15 am", value: "09:15" });
    expect(choices.at(-1)).toEqual({ label: "11:45 pm", value: "23:45" });
    expect(choices.some((c) => c.value === END_OF_DAY)).toBe(false);
  });

  it.each([
    { name: "a saved time off the steps, in its place", current: "09:05", at: 37, value: "09:05" },
    { name: "a saved wrong value, last", current: "25:00", at: 96, value: "25:00" },
  ])("keeps $name", ({ current, at, value }) => {
    const choices = clockChoices({ stepMinutes: 15, current });
    expect(choices).toHaveLength(97);
    expect(choices[at]!.value).toBe(value);
  });

  it("offers the end of the day for a closing time, and an empty first choice for an optional time", () => {
    const closing = clockChoices({ stepMinutes: 30, current: END_OF_DAY, endOfDay: true });
    expect(closing).toHaveLength(49);
    expect(closing.at(-1)).toEqual({ label: "Midnight (end of day)", value: END_OF_DAY });
    const optional = clockChoices({ stepMinutes: 60, current: "", emptyLabel: "Not repeating" });
    expect(optional).toHaveLength(25);
    expect(optional[0]).toEqual({ label: "Not repeating", value: "" });
  });
});

describe("checkout's time budget in seconds", () => {
  it("offers half seconds from 0.5 to 2.9 seconds, valued in milliseconds", () => {
    expect(timeBudgetChoices("2500")).toEqual([
      { label: "0.5 seconds", value: "500" },
      { label: "1 second", value: "1000" },
      { label: "1.5 seconds", value: "1500" },
      { label: "2 seconds", value: "2000" },
      { label: "2.5 seconds", value: "2500" },
      { label: "2.9 seconds", value: "2900" },
    ]);
  });

  it("keeps a saved budget off the list, in its place", () => {
    const choices = timeBudgetChoices("1200");
    expect(choices.map((c) => c.value)).toEqual(["500", "1000", "1200", "1500", "2000", "2500", "2900"]);
    expect(choices[2]!.label).toBe("1.2 seconds");
  });
});
