/** The shared courier limiter's slot arithmetic (pure): which grants still count, which slot frees next. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { grantsInWindow, oldestFreeSlot, type SlotRow } from "~/courier/rate-slots";

const slot = (n: number, at: number, lane: string | null = "background", heldUntil: number | null = null): SlotRow => ({
  slot: n,
  lane,
  grantedAt: new Date(at),
  heldUntil: heldUntil === null ? null : new Date(heldUntil),
  version: 0,
});

describe("slot arithmetic (pure)", () => {
  it.each([
    ["never granted slots are no grants", [slot(0, 0, null), slot(1, 0, null)], []],
    ["a grant inside the window counts", [slot(0, 4_500), slot(1, 3_000)], [{ at: 4_500, lane: "background" }]],
    ["a grant exactly one window old has left it", [slot(0, 4_000, "quote")], []],
    [
      "lanes are kept",
      [slot(0, 4_900, "quote"), slot(1, 4_950)],
      [
        { at: 4_900, lane: "quote" },
        { at: 4_950, lane: "background" },
      ],
    ],
    [
      "a request in flight counts as granted now, however long ago",
      [slot(0, 1_000, "quote", 11_000)],
      [{ at: 5_000, lane: "quote" }],
    ],
    [
      "a request never answered counts from its time limit",
      [slot(0, 0, "quote", 4_500)],
      [{ at: 4_500, lane: "quote" }],
    ],
    ["…and leaves the window one window after it", [slot(0, 0, "quote", 4_000)], []],
    ["a hold ahead of now (a 429) counts at its time", [slot(0, 5_800)], [{ at: 5_800, lane: "background" }]],
  ])("grantsInWindow: %s", (_name, slots, expected) => {
    expect(grantsInWindow(slots, 5_000, 1_000)).toEqual(expected);
  });

  it.each([
    ["the slot granted longest ago", [slot(0, 3_500), slot(1, 3_000), slot(2, 3_900)], 1],
    ["ties go to the lower slot number", [slot(2, 0, null), slot(1, 0, null)], 1],
    ["none while every slot is inside the window", [slot(0, 4_100), slot(1, 4_900)], null],
    ["a slot in flight is never free, however old its grant", [slot(0, 0, "quote", 9_000), slot(1, 4_500)], null],
    ["an unanswered slot frees one window after its time limit", [slot(0, 0, "quote", 3_900), slot(1, 3_950)], 0],
    ["a slot held ahead (a 429) is not free", [slot(0, 5_800)], null],
  ])("oldestFreeSlot: %s", (_name, slots, expected) => {
    expect(oldestFreeSlot(slots, 5_000, 1_000)?.slot ?? null).toBe(expected);
  });

  // Why a waiting loop need not look again before the oldest grant leaves the window while a slot is in
  // flight (shared-rate-limiter.server.ts): the slot's answer only ever moves its window later.
  it("a slot in flight counts from the moment it is read, and its answer never frees it sooner", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (grantedAgo, heldFor, answerAfter, later) => {
          const now = 50_000;
          const heldUntil = now + heldFor;
          const inFlight = slot(0, now - grantedAgo, "background", heldUntil);
          expect(grantsInWindow([inFlight], now, 1_000)).toEqual([{ at: now, lane: "background" }]);
          // Answered at or after `now` (at the latest its time limit): its window counts from the answer.
          const answered = slot(0, Math.min(now + answerAfter, heldUntil));
          const seenAt = now + later;
          const stillCounts = (s: SlotRow) => grantsInWindow([s], seenAt, 1_000).length > 0;
          // Whenever the slot would count as read in flight at `now`, it counts after its answer too.
          if (seenAt < now + 1_000) expect(stillCounts(answered)).toBe(true);
          expect(oldestFreeSlot([answered], seenAt, 1_000) === null).toBe(stillCounts(answered));
        },
      ),
    );
  });
});
