import { describe, expect, it } from "vitest";
import { minutesToPickupLabel } from "~/shipments/today";

describe("minutesToPickupLabel", () => {
  it.each<[number | null, string]>([
    [null, ""],
    [0, "pickup now"],
    [25, "pickup in 25 min"],
    [60, "pickup in 1 h"],
    [125, "pickup in 2 h 5 min"],
    [-12, "pickup 12 min ago"],
  ])("%s → %s", (minutes, label) => {
    expect(minutesToPickupLabel(minutes)).toBe(label);
  });
});
