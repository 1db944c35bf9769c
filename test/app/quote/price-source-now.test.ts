import { describe, expect, it } from "vitest";
import { sourceNow, type SourceNowInput } from "~/quote/price-source-now";

const calm: SourceNowInput = { learning: true, rushed: false, paused: false, remembered: null, modelled: null };
const remembered = { priceDollars: 12.5, ageMinutes: 3.2 };
const modelled = { priceDollars: 14.25, distanceMiles: 4.04 };

describe("sourceNow: which source would price an address now", () => {
  it.each<[string, Partial<SourceNowInput>, string, string]>([
    [
      "off, courier free",
      { learning: false, remembered },
      "live",
      "The courier's live price. Pricing from its recent prices is off: when it cannot answer in time, the window's fallback.",
    ],
    [
      "off, in a rush",
      { learning: false, rushed: true, remembered },
      "fallback",
      "The courier is busy right now: checkout would show the window's fallback (pricing from the courier's recent prices is off).",
    ],
    [
      "courier free, remembered",
      { remembered },
      "live",
      "The courier's live price. If it cannot answer in time: the courier's price for this size to this ZIP code from 3 min ago ($12.50).",
    ],
    [
      "courier free, modelled",
      { modelled },
      "live",
      "The courier's live price. If it cannot answer in time: an estimate from the courier's recent prices by distance ($14.25 for about 4.0 mi).",
    ],
    [
      "rush, remembered",
      { rushed: true, remembered, modelled },
      "memory",
      "The courier is busy right now: checkout would use the courier's price for this size to this ZIP code from 3 min ago ($12.50).",
    ],
    [
      "rush, not remembered: first in line for a live price",
      { rushed: true, modelled },
      "live",
      "The courier is busy right now; this address's area and size are not covered yet, so it would be first in line for a live price. If none is free in time: an estimate from the courier's recent prices by distance ($14.25 for about 4.0 mi).",
    ],
    [
      "paused after a 429, modelled",
      { paused: true, modelled },
      "model",
      "The courier is busy right now: checkout would use an estimate from the courier's recent prices by distance ($14.25 for about 4.0 mi).",
    ],
    [
      "paused, nothing known",
      { paused: true },
      "fallback",
      "The courier is busy right now: checkout would use the window's fallback (no recent courier price for this size and area yet).",
    ],
  ])("%s", (_name, change, source, message) => {
    expect(sourceNow({ ...calm, ...change })).toEqual({ source, message });
  });
});
