import { expect } from "vitest";
import { DISPLAY_RANK, inShownOrder } from "~/tracking/shopify-timeline";
import type { FulfillmentEventStatus } from "~/tracking/state-machine";

/**
 * The property item 4 asks for, over the gate alone: whatever the app proposes, the statuses added are
 * non-decreasing by rank with no repeat, in the order added and in Shopify's order by time. The one
 * exception: OUT_FOR_DELIVERY straight after ATTEMPTED_DELIVERY (a redelivery), once.
 */
export function assertForwardOnce(added: { status: string; happenedAt: string | Date }[]) {
  const statuses = added.map((e) => e.status);
  expect(inShownOrder(added).map((e) => e.status)).toEqual(statuses);
  const redeliveries = statuses.filter((s, i) => s === "OUT_FOR_DELIVERY" && statuses[i - 1] === "ATTEMPTED_DELIVERY");
  expect(redeliveries.length).toBeLessThanOrEqual(1);
  for (let i = 1; i < statuses.length; i++) {
    const [before, after] = [statuses[i - 1]!, statuses[i]!];
    if (before === "ATTEMPTED_DELIVERY" && after === "OUT_FOR_DELIVERY") continue;
    expect(DISPLAY_RANK[after as FulfillmentEventStatus]).toBeGreaterThanOrEqual(
      DISPLAY_RANK[before as FulfillmentEventStatus],
    );
    expect(after).not.toBe(before);
  }
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [status, count] of counts)
    expect(count, status).toBeLessThanOrEqual(status === "OUT_FOR_DELIVERY" ? 1 + redeliveries.length : 1);
}
