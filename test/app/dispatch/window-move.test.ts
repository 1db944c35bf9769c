import { describe, expect, it } from "vitest";
import { windowMoveEntry } from "~/dispatch/window-move";
import { WINDOW_MOVED_ACTIVITY } from "~/shipments/activity-kinds";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);

describe("windowMoveEntry: what staff read when the chosen window had passed", () => {
  it.each([
    {
      name: "a slot moved to a later one, dates in full",
      window: {
        movedForward: true,
        movedFrom: { start: at("2026-11-26T15:00:00Z"), end: at("2026-11-26T17:00:00Z") },
        pickupAfter: at("2026-11-26T19:00:00Z"),
        deliverBetween: { start: at("2026-11-26T19:00:00Z"), end: at("2026-11-26T21:00:00Z") },
      },
      message:
        "The delivery window the shopper chose (Thu, Nov 26, 10 am–12 pm) had passed; booked for delivery Thu, Nov 26, 2–4 pm instead, pickup after Thu, Nov 26, 2 pm.",
    },
    {
      name: "a window that cannot be named",
      window: {
        movedForward: true,
        movedFrom: null,
        pickupAfter: at("2026-11-27T13:30:00Z"),
        deliverBetween: { start: at("2026-11-27T13:30:00Z"), end: at("2026-11-27T16:30:00Z") },
      },
      message:
        "The delivery window the shopper chose had passed; booked for delivery Fri, Nov 27, 8:30–11:30 am instead, pickup after Fri, Nov 27, 8:30 am.",
    },
  ])("$name", ({ window, message }) => {
    expect(windowMoveEntry(window, NY)).toEqual({ kind: WINDOW_MOVED_ACTIVITY, message });
  });

  it("nothing when the window was kept", () => {
    const kept = {
      movedForward: false,
      movedFrom: null,
      pickupAfter: at("2026-11-26T15:00:00Z"),
      deliverBetween: { start: at("2026-11-26T15:00:00Z"), end: at("2026-11-26T17:00:00Z") },
    };
    expect(windowMoveEntry(kept, NY)).toBeNull();
  });
});
