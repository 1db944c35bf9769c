/**
 * The order status block's refresh schedule with timers the test holds: which wait is set after each
 * answer, none while the block is off screen, an ask at once when it comes back or after a change.
 */
import { describe, expect, it } from "vitest";
import { createBlockRefresher } from "../../extensions/shared/block-refresh";
import {
  BLOCK_AWAIT_BOOKING_MS,
  BLOCK_REFRESH_MS,
  type ShopperDelivery,
} from "../../extensions/shared/shopper-delivery";

const active: ShopperDelivery = {
  id: "cm0delivery1",
  status: "Your order is being prepared",
  step: "Order received",
  phase: "active",
  window: "Today, 2:00–4:00 PM",
  eta: null,
  trackingUrl: null,
  changes: { open: true },
};
const delivered: ShopperDelivery = {
  ...active,
  status: "Delivered",
  step: "Delivered",
  phase: "delivered",
  changes: null,
};

type Answer = ShopperDelivery[] | null | Error;

/** A refresher whose load answers from `answers` in turn, with timers the test fires by hand. */
function harness(answers: Answer[]) {
  let now = 0;
  let nextHandle = 1;
  const pending = new Map<number, { run: () => void; ms: number }>();
  const shown: ShopperDelivery[][] = [];
  let loads = 0;
  const refresher = createBlockRefresher({
    load: async () => {
      const answer = answers[Math.min(loads++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    show: (deliveries) => shown.push(deliveries),
    timers: {
      set: (run, ms) => {
        const handle = nextHandle++;
        pending.set(handle, { run, ms });
        return handle;
      },
      clear: (handle) => void pending.delete(handle as number),
      now: () => now,
    },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    refresher,
    shown,
    loads: () => loads,
    /** The waits set and not yet fired or cleared. */
    waits: () => [...pending.values()].map((p) => p.ms),
    /** Lets time pass to the one pending timer and fires it. */
    fire: async () => {
      const [entry] = [...pending.entries()];
      if (!entry) throw new Error("no timer is set");
      const [handle, timer] = entry;
      pending.delete(handle);
      now += timer.ms;
      timer.run();
      await settle();
    },
    advanceClock: (ms: number) => {
      now += ms;
    },
    settle,
  };
}

describe("the open block's refresh", () => {
  it("asks again every BLOCK_REFRESH_MS while a delivery goes on, and stops once it has ended", async () => {
    const h = harness([[active], [active], [delivered]]);
    h.refresher.start();
    await h.settle();
    expect(h.waits()).toEqual([BLOCK_REFRESH_MS]);
    await h.fire();
    expect(h.waits()).toEqual([BLOCK_REFRESH_MS]);
    await h.fire();
    expect(h.shown.at(-1)).toEqual([delivered]);
    expect(h.waits()).toEqual([]);
    expect(h.loads()).toBe(3);
  });

  it("backs off after failures (a thrown load counts as one), keeping what it showed", async () => {
    const h = harness([[active], null, new Error("offline"), [active]]);
    h.refresher.start();
    await h.settle();
    await h.fire();
    expect(h.waits()).toEqual([2 * BLOCK_REFRESH_MS]);
    await h.fire();
    expect(h.waits()).toEqual([4 * BLOCK_REFRESH_MS]);
    expect(h.shown).toEqual([[active]]);
    await h.fire();
    expect(h.waits()).toEqual([BLOCK_REFRESH_MS]);
  });

  it("keeps asking for an order not booked yet, for BLOCK_AWAIT_BOOKING_MS, then stops", async () => {
    const h = harness([[]]);
    h.refresher.start();
    await h.settle();
    expect(h.waits()).toEqual([BLOCK_REFRESH_MS]);
    h.advanceClock(BLOCK_AWAIT_BOOKING_MS);
    await h.fire();
    expect(h.waits()).toEqual([]);
  });

  it("asks nothing while off screen, and at once when back on screen (even once every delivery ended)", async () => {
    const h = harness([[active], [active], [delivered], [delivered]]);
    h.refresher.start();
    await h.settle();
    h.refresher.rendered(false);
    expect(h.waits()).toEqual([]);
    h.refresher.rendered(false);
    expect(h.loads()).toBe(1);
    h.refresher.rendered(true);
    await h.settle();
    expect(h.loads()).toBe(2);
    expect(h.waits()).toEqual([BLOCK_REFRESH_MS]);
    // Still on screen: a repeated `true` is no return and asks nothing.
    h.refresher.rendered(true);
    await h.settle();
    expect(h.loads()).toBe(2);
    await h.fire();
    expect(h.waits()).toEqual([]);
    h.refresher.rendered(false);
    h.refresher.rendered(true);
    await h.settle();
    expect(h.loads()).toBe(4);
  });

  it("an answer that arrives off screen sets no timer", async () => {
    const h = harness([[active]]);
    h.refresher.start();
    h.refresher.rendered(false);
    await h.settle();
    expect(h.shown).toEqual([[active]]);
    expect(h.waits()).toEqual([]);
  });

  it("asks at once after a change, once more if one was already on its way, and nothing after stop", async () => {
    const h = harness([[active]]);
    h.refresher.start();
    h.refresher.refreshNow();
    await h.settle();
    await h.settle();
    expect(h.loads()).toBe(2);
    expect(h.waits()).toEqual([BLOCK_REFRESH_MS]);
    h.refresher.refreshNow();
    h.refresher.stop();
    await h.settle();
    expect(h.shown).toHaveLength(2);
    expect(h.waits()).toEqual([]);
  });
});
