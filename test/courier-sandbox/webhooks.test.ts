import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourierClient } from "~/courier/client.server";
import { dedupeKey, type CourierEvent } from "~/courier/events";
import { ETA_EVENT_NAMES } from "~/courier/limits";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import type { AcceptedCourierWebhookAuth } from "~/courier/webhook-auth.server";
import {
  SANDBOX_CANCEL_COMMAND,
  SANDBOX_NO_DRIVER_COMMAND,
  SANDBOX_REASSIGN_COMMAND,
  SANDBOX_RETURN_COMMAND,
} from "./commands";
import type { AccountOptions, WebhookAuth } from "./model";
import { scaledScheduler, type Scheduler } from "./scheduler";
import { startCourierSandbox, type CourierSandbox } from "./server";
import { createRequest, startWebhookReceiver } from "./testing";

/**
 * Whole deliveries observed end to end through the sandbox's webhooks, at 2000x (30 s before the
 * first event take 15 ms), received by a tiny server that authenticates with
 * verifyCourierWebhookAuth and parses with parseCourierEvent, as the app will.
 */

const SECRET = "whsec_0123456789abcdef";
const AUTHS: { name: string; sandbox: WebhookAuth; accepted: AcceptedCourierWebhookAuth }[] = [
  { name: "bearer", sandbox: { method: "bearer", token: SECRET }, accepted: { method: "bearer", secrets: [SECRET] } },
  {
    name: "basic",
    sandbox: { method: "basic", user: "courier", password: SECRET },
    accepted: { method: "basic", secrets: ["old-secret", SECRET], basicUser: "courier" },
  },
  {
    name: "x-api-key",
    sandbox: { method: "x-api-key", token: SECRET },
    accepted: { method: "x-api-key", secrets: [SECRET] },
  },
];

const PICKUP = ["driver_assigned", "en_route_to_pickup", "driver_approaching_pickup", "at_pickup", "pickup_confirmed"];
const TO_DOOR = ["en_route_to_delivery", "driver_approaching_delivery", "at_delivery"];
const PATHS = [
  {
    name: "delivered",
    notes: {},
    final: "delivered",
    last: "shipment.delivery_details_added",
    kinds: [...PICKUP, ...TO_DOOR, "delivery_confirmed", "delivery_details_added"],
  },
  {
    name: "returned",
    notes: { delivery: SANDBOX_RETURN_COMMAND },
    final: "returned",
    last: "shipment.returned",
    kinds: [...PICKUP, ...TO_DOOR, "delivery_attempted", "returned"],
  },
  {
    name: "canceled",
    notes: { pickup: SANDBOX_CANCEL_COMMAND },
    final: "canceled",
    last: "shipment.canceled",
    kinds: ["driver_assigned", "en_route_to_pickup", "canceled"],
  },
] as const;

let sandbox: CourierSandbox;
beforeAll(async () => {
  sandbox = await startCourierSandbox({ timeScale: 2000, tokens: [] });
});
afterAll(() => sandbox.close());

/**
 * A scheduler that holds every timer until `open()`: shipments created while it is closed all exist
 * before the first of them progresses, however slowly the machine runs the test.
 */
function gatedScheduler(inner: Scheduler) {
  let open = false;
  type Held = { sandboxMs: number; fn: () => void; cancel: (() => void) | null };
  const held: Held[] = [];
  const scheduler: Scheduler = {
    after(sandboxMs, fn) {
      if (open) return inner.after(sandboxMs, fn);
      const entry: Held = { sandboxMs, fn, cancel: null };
      held.push(entry);
      return () => {
        if (entry.cancel) entry.cancel();
        else held.splice(held.indexOf(entry), 1);
      };
    },
    cancelAll() {
      held.length = 0;
      inner.cancelAll();
    },
  };
  return {
    scheduler,
    open() {
      open = true;
      for (const entry of held.splice(0)) entry.cancel = inner.after(entry.sandboxMs, entry.fn);
    },
  };
}

async function setup(
  auth: (typeof AUTHS)[number],
  options: Partial<AccountOptions> = {},
  receiverOpts = {},
  on = sandbox,
) {
  const receiver = await startWebhookReceiver(auth.accepted, receiverOpts);
  const token = `tok-${randomUUID()}`;
  on.setAccountOptions(token, {
    imageCapture: { signature: true, pickup: true, delivery: true },
    ...options,
    webhook: { url: receiver.url, auth: auth.sandbox },
  });
  const client = createCourierClient({ baseUrl: on.url, token, limiter: createInProcessRateLimiter() });
  return { receiver, client, token };
}

const kindsOf = (events: CourierEvent[]) => events.map((e) => e.name.replace(/^shipment\./, ""));
const withNotes = (notes: { pickup?: string; delivery?: string }, now = new Date()) => {
  const base = createRequest(now);
  return createRequest(now, {
    pickup_location: { ...base.pickup_location, notes: notes.pickup },
    delivery_location: { ...base.delivery_location, notes: notes.delivery ?? null },
  });
};

describe("a full sandbox delivery through webhooks", () => {
  const cases = PATHS.flatMap((path) => AUTHS.map((auth) => [path.name, auth.name, path, auth] as const));

  it.each(cases)("%s path with %s authentication", async (_p, _a, path, auth) => {
    const { receiver, client } = await setup(auth);
    try {
      const created = await client.createShipment(withNotes(path.notes));
      await receiver.waitFor(() => receiver.eventsFor(created.id).some((e) => e.name === path.last));
      await sandbox.webhooksIdle();
      const events = receiver.eventsFor(created.id);
      expect(kindsOf(events)).toEqual(path.kinds);
      expect(receiver.refused).toEqual([]);

      let previous = 0;
      for (const event of events) {
        expect(event.kind).toBe(event.name); // every event got its typed kind
        expect(event.occurredAt).toBeInstanceOf(Date);
        expect(event.occurredAt!.getTime()).toBeGreaterThanOrEqual(previous);
        previous = event.occurredAt!.getTime();
        const data = event.data as Record<string, unknown>;
        expect(data).toMatchObject({ reference_id: "order-1001", tracking_number: created.tracking_number });
        expect(data.driver).toMatchObject({ name: expect.any(String), phone: expect.any(String) });
        expect(event.eta !== null).toBe((ETA_EVENT_NAMES as readonly string[]).includes(event.name));
      }
      const assigned = events[0]!;
      if (assigned.kind === "shipment.driver_assigned")
        expect(assigned.data.driver?.vehicle?.make).toEqual(expect.any(String));

      const shipment = await client.getShipment(created.id);
      expect(shipment.state).toBe(path.final);
      expect(shipment.events.length).toBeGreaterThanOrEqual(path.kinds.length - 1);

      if (path.name === "delivered") {
        const confirmed = events.find((e) => e.kind === "shipment.delivery_confirmed");
        if (confirmed?.kind !== "shipment.delivery_confirmed") throw new Error("no delivery_confirmed");
        expect(confirmed.data.signatory_name).toBe("Dana Buyer");
        expect(confirmed.data.attachment?.url).toBe(`${sandbox.url}/v1/shipments/${created.id}/images/signature`);
        expect((await client.getImage(created.id, "signature")).kind).toBe("image");
      }
      if (path.name === "returned") {
        const attempted = events.find((e) => e.kind === "shipment.delivery_attempted");
        if (attempted?.kind !== "shipment.delivery_attempted") throw new Error("no delivery_attempted");
        expect(attempted.data.latitude).toEqual(expect.any(Number)); // sent as a string, read as a number
        expect(attempted.data.return_reason).toBe("recipient_unavailable");
      }
    } finally {
      await receiver.close();
    }
  });

  it("sends the additional events when enabled: created, grouping, tracking, unassigned, confirmed with details", async () => {
    const gate = gatedScheduler(scaledScheduler(2000));
    const own = await startCourierSandbox({ scheduler: gate.scheduler, tokens: [] });
    const { receiver, client } = await setup(AUTHS[0]!, { extraEvents: true }, {}, own);
    try {
      const now = new Date();
      const batch = { reference_id: `trip-${randomUUID()}`, sequence_number: 1 };
      const first = await client.createShipment({
        ...withNotes({ pickup: SANDBOX_REASSIGN_COMMAND }, now),
        delivery_batch: batch,
      });
      const second = await client.createShipment({
        ...createRequest(now),
        delivery_batch: { ...batch, sequence_number: 2 },
      });
      gate.open();
      await receiver.waitFor(() =>
        [first.id, second.id].every((id) =>
          receiver.eventsFor(id).some((e) => e.name === "shipment.delivery_confirmed_with_details"),
        ),
      );
      const kinds = kindsOf(receiver.eventsFor(first.id));
      expect(kinds[0]).toBe("created");
      expect(kinds.filter((k) => k === "driver_assigned")).toHaveLength(2);
      expect(kinds).toEqual(
        expect.arrayContaining(["driver_unassigned", "tracking_updated", "delivery_confirmed_with_details"]),
      );
      const grouping = receiver.received
        .map((r) => r.event)
        .find((e) => e.kind === "grouping.pickup_grouping_identified");
      if (grouping?.kind !== "grouping.pickup_grouping_identified") throw new Error("no grouping event");
      expect(grouping.data.shipments.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
      const tracking = receiver.eventsFor(second.id).find((e) => e.kind === "shipment.tracking_updated");
      if (tracking?.kind !== "shipment.tracking_updated") throw new Error("no tracking event");
      expect(tracking.data.related_shipments).toEqual([first.id]);
      expect(tracking.data.delivery_batch).toMatchObject({ reference_id: batch.reference_id, sequence_number: 2 });
      expect(tracking.eta).toBeInstanceOf(Date);
      const details = receiver.eventsFor(first.id).find((e) => e.kind === "shipment.delivery_confirmed_with_details");
      if (details?.kind !== "shipment.delivery_confirmed_with_details") throw new Error("no details event");
      expect(details.data.attachments.map((a) => a.image_type).sort()).toEqual(["delivery", "signature"]);
    } finally {
      await receiver.close();
      await own.close();
    }
  });

  it("no driver before the deadline: canceled (delivery_deadline_passed), then reposted as a new shipment that is delivered", async () => {
    const { receiver, client } = await setup(AUTHS[1]!, { automaticRepost: true });
    try {
      const now = new Date();
      const start = new Date(now.getTime() + 60_000).toISOString();
      const end = new Date(now.getTime() + 10 * 60_000).toISOString(); // 9 sandbox minutes: 270 ms at 2000x
      const created = await client.createShipment({
        ...withNotes({ pickup: SANDBOX_NO_DRIVER_COMMAND }, now),
        pickup_after: start,
        deliver_between: { start, end },
      });
      await receiver.waitFor(() => receiver.received.some((r) => r.event.kind === "shipment.reposted"));
      const [canceled, reposted] = receiver
        .eventsFor(created.id)
        .concat(receiver.received.map((r) => r.event).filter((e) => e.kind === "shipment.reposted"));
      expect(canceled).toMatchObject({
        kind: "shipment.canceled",
        data: { cancellation_code: "delivery_deadline_passed" },
      });
      if (reposted?.kind !== "shipment.reposted") throw new Error("no reposted event");
      expect(reposted.data.parent_id).toBe(created.id);
      const freshId = reposted.shipmentId!;
      expect(freshId).not.toBe(created.id);
      expect((await client.getShipment(created.id)).state).toBe("expired");
      await receiver.waitFor(
        () => receiver.eventsFor(freshId).some((e) => e.kind === "shipment.delivery_confirmed"),
        5_000,
      );
      expect((await client.getShipment(freshId)).state).toBe("delivered");
    } finally {
      await receiver.close();
    }
  });
});

describe("webhook delivery faults", () => {
  it("retries a webhook that fails, and gives up on one that is never accepted", async () => {
    const flaky = await setup(AUTHS[2]!, {}, { failFirst: 2 });
    const before = sandbox.stats().webhooks;
    try {
      const created = await flaky.client.createShipment(withNotes({ pickup: SANDBOX_CANCEL_COMMAND }));
      await flaky.receiver.waitFor(() =>
        flaky.receiver.eventsFor(created.id).some((e) => e.kind === "shipment.canceled"),
      );
      expect(kindsOf(flaky.receiver.eventsFor(created.id))).toEqual([
        "driver_assigned",
        "en_route_to_pickup",
        "canceled",
      ]);
      expect(sandbox.stats().webhooks.retries - before.retries).toBeGreaterThanOrEqual(2);
    } finally {
      await flaky.receiver.close();
    }

    const wrongSecret = await setup({ ...AUTHS[0]!, accepted: { method: "bearer", secrets: ["another-secret"] } });
    try {
      const created = await wrongSecret.client.createShipment(withNotes({ pickup: SANDBOX_CANCEL_COMMAND }));
      await wrongSecret.receiver.waitFor(() => wrongSecret.receiver.refused.length >= 12);
      await sandbox.webhooksIdle();
      expect(wrongSecret.receiver.received).toEqual([]);
      const log = sandbox.webhookLog.filter((w) => w.shipmentKey.endsWith(`:${created.id}`));
      expect(log.map((w) => [w.event, w.attempts, w.delivered, w.status])).toEqual([
        ["shipment.driver_assigned", 4, false, 401],
        ["shipment.en_route_to_pickup", 4, false, 401],
        ["shipment.canceled", 4, false, 401],
      ]);
    } finally {
      await wrongSecret.receiver.close();
    }
  });

  it("delivers duplicates (same dedupe key) and out-of-order events when asked", async () => {
    const { receiver, client } = await setup(AUTHS[0]!);
    try {
      sandbox.setFaults({ webhookDuplicateRate: 1, webhookReorder: true });
      const created = await client.createShipment(withNotes({ pickup: SANDBOX_CANCEL_COMMAND }));
      await receiver.waitFor(() => receiver.eventsFor(created.id).length >= 6, 5_000);
      const events = receiver.eventsFor(created.id);
      const keys = events.map(dedupeKey);
      expect(new Set(keys).size).toBe(3);
      expect(kindsOf(events)).toEqual([
        "en_route_to_pickup",
        "en_route_to_pickup",
        "driver_assigned",
        "driver_assigned",
        "canceled",
        "canceled",
      ]);
    } finally {
      sandbox.resetFaults();
      await receiver.close();
    }
  });
});
