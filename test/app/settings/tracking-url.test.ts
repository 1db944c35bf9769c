import { describe, expect, it } from "vitest";
import { trackingUrlFor } from "~/settings/tracking-url";

describe("trackingUrlFor", () => {
  it.each([
    ["https://track.example.com/{tracking_number}", "ABC123", "https://track.example.com/ABC123"],
    [
      "https://t.example/?n={tracking_number}&again={tracking_number}",
      "A B/1",
      "https://t.example/?n=A%20B%2F1&again=A%20B%2F1",
    ],
    [null, "ABC123", null],
  ])("%s with %s → %s", (template, number, expected) => {
    expect(trackingUrlFor(template, number)).toBe(expected);
  });
});
