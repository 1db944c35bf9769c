/**
 * Watching deliveries happen: each courier event as the sandbox delivers it to the app, and each
 * change the app makes on the Shopify order (fulfillment, tracking, fulfillment events, tags) as it
 * appears in the stand-in; the progress bar follows the sandbox's steps.
 */
import type { OrderShipmentsResponse } from "../../extensions/shared/api-contract";
import type { SandboxShipment } from "../courier-sandbox/model";
import type { OrderState } from "../shopify-stand-in";
import type { DemoContext } from "./context";
import { shopTime } from "./store";

const legacyId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/** The order's deliveries as the app's order-page extension sees them. */
export function orderShipments(ctx: DemoContext, order: OrderState): Promise<OrderShipmentsResponse> {
  return ctx.stack.client.api<OrderShipmentsResponse>("GET", `/api/orders/${legacyId(order.id)}/shipments`);
}

/** The courier's shipments booked for an order (its name is the courier reference). */
export function courierShipmentsFor(ctx: DemoContext, order: OrderState): SandboxShipment[] {
  return [...ctx.stack.sandbox.shipments.values()].filter(
    (s) => s.request.reference_id === order.name && s.token === ctx.stack.courierToken,
  );
}

export async function followDeliveries(
  ctx: DemoContext,
  input: {
    orders: OrderState[];
    courier: SandboxShipment[];
    finished: () => Promise<boolean>;
    timeoutMs: number;
    what: string;
  },
): Promise<void> {
  const { sandbox, courierToken } = ctx.stack;
  const labelOf = new Map<string, string>();
  for (const s of input.courier)
    labelOf.set(
      `${courierToken}:${s.id}`,
      `${s.request.reference_id} from ${s.request.pickup_location.address.name ?? "pickup"}`,
    );
  const reported = new Set<object>();
  const seenFulfillments = new Set<string>();
  const seenEvents = new Set<string>();
  const seenTags = new Map<string, Set<string>>(input.orders.map((o) => [o.id, new Set(o.tags)]));
  let courierEvents = 0;

  const report = () => {
    for (const delivery of sandbox.webhookLog) {
      const label = labelOf.get(delivery.shipmentKey);
      if (!label || reported.has(delivery) || delivery.status === null) continue;
      reported.add(delivery);
      courierEvents += 1;
      ctx.say(`courier → app   ${label.padEnd(34)} ${delivery.event.padEnd(40)} ${delivery.status}`);
    }
    for (const order of input.orders) {
      for (const f of order.fulfillments) {
        if (!seenFulfillments.has(f.id)) {
          seenFulfillments.add(f.id);
          const tracking = f.trackingInfo[0];
          ctx.say(
            `app → Shopify   ${order.name} fulfillment ${f.name} created: ${tracking?.company ?? "?"} ${tracking?.number ?? "(no tracking)"}${tracking?.url ? ` ${tracking.url}` : ""}`,
          );
        }
        for (const e of f.events) {
          if (seenEvents.has(e.id)) continue;
          seenEvents.add(e.id);
          ctx.say(
            `app → Shopify   ${f.name} event ${e.status.padEnd(19)} ${shopTime(e.happenedAt, true)}${e.message ? `  "${e.message}"` : ""}`,
          );
        }
      }
      const tags = seenTags.get(order.id)!;
      for (const tag of order.tags) {
        if (tags.has(tag)) continue;
        tags.add(tag);
        ctx.say(`app → Shopify   ${order.name} tagged "${tag}"`);
      }
    }
    const live = input.courier.map((s) => sandbox.shipment(s.id) ?? s);
    const total = live.reduce((sum, s) => sum + Math.max(s.steps.length, 1), 0);
    const done = live.reduce((sum, s) => sum + (s.steps.length === 0 ? 1 : s.stepIndex), 0);
    ctx.progress(done, total, `${input.what}: ${courierEvents} courier event${courierEvents === 1 ? "" : "s"}`);
  };

  const deadline = Date.now() + input.timeoutMs;
  for (;;) {
    report();
    const courierDone = input.courier.every((s) => sandbox.shipment(s.id)?.finishedAt);
    if (courierDone) {
      await sandbox.webhooksIdle();
      if (await input.finished()) {
        report();
        const keys = new Set(labelOf.keys());
        const refused = sandbox.webhookLog.filter((d) => keys.has(d.shipmentKey) && !d.delivered);
        ctx.check(refused.length === 0, `${input.what}: the app accepted every courier event`, () =>
          refused.map((d) => `${d.event} → ${d.status ?? "no answer"}`).join(", "),
        );
        return;
      }
    }
    if (Date.now() > deadline) {
      report();
      const states = input.courier
        .map((s) => `${s.request.reference_id}/${s.id}: ${sandbox.shipment(s.id)?.state}`)
        .join(", ");
      ctx.check(false, `${input.what}: finished within ${input.timeoutMs / 1000} s`, () => `courier states ${states}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
