import { beforeEach, describe, expect, it, vi } from "vitest";
import { action } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import type { WebhookAuthMethod } from "~/courier/webhook-auth.server";
import { BASIC_AUTH_USER, rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { JobError } from "~/jobs/errors";
import {
  APPLY_EVENTS_JOB,
  MATCH_EARLY_EVENTS_ATTEMPTS,
  MATCH_EARLY_EVENTS_DELAY_MS,
  MATCH_EARLY_EVENTS_JOB,
} from "~/tracking/jobs";
import { IntakeFullError } from "~/tracking/intake.server";
import {
  COURIER_EVENT_REPLAY_WINDOW_MS,
  INTAKE_FULL_RETRY_AFTER_S,
  matchEarlyEvents,
  receiveCourierWebhook,
} from "~/tracking/courier-webhook.server";
import { recentIso } from "../../support/recent-time";

const SHOP = "corner-bakery.myshopify.com";
const { db, keys } = getRuntime();

let pathId: string;
let secret: string;
let shipmentId: string;

async function setUp(method: WebhookAuthMethod) {
  secret = await rotateWebhookSecret({ db, keys }, SHOP, method);
}

function authHeaders(method: WebhookAuthMethod, value: string): Record<string, string> {
  if (method === "basic")
    return { Authorization: `Basic ${Buffer.from(`${BASIC_AUTH_USER}:${value}`).toString("base64")}` };
  if (method === "bearer") return { Authorization: `Bearer ${value}` };
  return { "x-api-key": value };
}

async function post(body: unknown, headers: Record<string, string>, path = pathId) {
  const request = new Request(`https://courier-app.test/courier/webhooks/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return action({ request, params: { pathId: path }, context: {} });
}

const pickup = (id = 4711, occurredAt = recentIso(30)) => ({
  event: "shipment.pickup_confirmed",
  data: {
    id,
    occurred_at: occurredAt,
    reference_id: "#1001",
    tracking_number: "TRK4711",
    latitude: 40.7,
    longitude: -74,
    items: [{ reference_id: "SOUR-LOAF" }],
  },
});

beforeEach(async () => {
  await db.courierEvent.deleteMany();
  await db.job.deleteMany();
  await db.shipment.deleteMany();
  await db.shop.deleteMany();
  const shop = await db.shop.create({ data: { domain: SHOP, webhookPathId: "path-abc123" } });
  pathId = shop.webhookPathId;
  const shipment = await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: "gid://shopify/Order/1",
      orderName: "#1001",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: "k1",
      courierShipmentId: "4711",
      trackingNumber: "TRK4711",
      state: "assigned",
    },
  });
  shipmentId = shipment.id;
});

describe("courier webhook receiver", () => {
  it.each<WebhookAuthMethod>(["basic", "bearer", "x-api-key"])(
    "accepts the shop's %s secret, stores the event once and enqueues its application",
    async (method) => {
      await setUp(method);
      const response = await post(pickup(), authHeaders(method, secret));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, duplicate: false, matched: true });
      const events = await db.courierEvent.findMany();
      expect(events).toMatchObject([
        { shipmentId, eventName: "shipment.pickup_confirmed", courierShipmentId: "4711", appliedAt: null },
      ]);
      expect(await db.job.findMany()).toMatchObject([
        { kind: APPLY_EVENTS_JOB, shopDomain: SHOP, orderingKey: `shipment:${shipmentId}`, state: "queued" },
      ]);
      expect((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).lastCourierEventAt).toBeInstanceOf(Date);
    },
  );

  it.each<[string, WebhookAuthMethod, Record<string, string>]>([
    ["a wrong bearer secret", "bearer", { Authorization: "Bearer not-the-secret" }],
    ["no credentials", "bearer", {}],
    ["the secret under another method", "x-api-key", { Authorization: "Bearer SECRET" }],
    [
      "basic with the wrong user",
      "basic",
      { Authorization: `Basic ${Buffer.from("someone:SECRET").toString("base64")}` },
    ],
  ])("refuses %s with 401 and writes nothing", async (_name, method, headers) => {
    await setUp(method);
    const filled = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("SECRET", secret)]));
    const response = await post(pickup(), filled);
    expect(response.status).toBe(401);
    expect(await db.courierEvent.count()).toBe(0);
    expect(await db.job.count()).toBe(0);
  });

  it("refuses an unknown path with the same 401", async () => {
    await setUp("bearer");
    const response = await post(pickup(), authHeaders("bearer", secret), "no-such-path");
    expect(response.status).toBe(401);
  });

  it("recognises a repeated event and stores it once", async () => {
    await setUp("bearer");
    for (let i = 0; i < 3; i++) expect((await post(pickup(), authHeaders("bearer", secret))).status).toBe(200);
    const last = await post(pickup(), authHeaders("bearer", secret));
    expect(await last.json()).toMatchObject({ duplicate: true });
    expect(await db.courierEvent.count()).toBe(1);
    expect(await db.job.count()).toBe(1);
  });

  it("ignores an event older than the replay window: answered 200, nothing written, logged", async () => {
    await setUp("bearer");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const old = new Date(Date.now() - COURIER_EVENT_REPLAY_WINDOW_MS - 60_000).toISOString();
    const response = await post(pickup(4711, old), authHeaders("bearer", secret));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: false, ignored: "outside_replay_window" });
    expect(await db.courierEvent.count()).toBe(0);
    expect(await db.job.count()).toBe(0);
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringContaining(
        `[courier-webhooks] Courier event older than the replay window ignored {"shop":"${SHOP}","event":"shipment.pickup_confirmed","courierShipmentId":"4711","occurredAt":"${old}"}`,
      ),
    ]);
    // Just inside the window it is taken.
    const inside = new Date(Date.now() - COURIER_EVENT_REPLAY_WINDOW_MS + 60_000).toISOString();
    expect(await (await post(pickup(4711, inside), authHeaders("bearer", secret))).json()).toMatchObject({
      received: true,
      duplicate: false,
    });
  });

  it("ignores and logs a repeat of an event's identity with a changed body; the first one stands", async () => {
    await setUp("bearer");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = pickup();
    expect((await post(first, authHeaders("bearer", secret))).status).toBe(200);
    const changed = { ...first, data: { ...first.data, latitude: 10.5, items: [{ reference_id: "OTHER" }] } };
    const response = await post(changed, authHeaders("bearer", secret));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: true, matched: true });
    const stored = await db.courierEvent.findMany();
    expect(stored.map((e) => JSON.parse(e.payloadJson) as unknown)).toEqual([first]);
    expect(await db.job.count()).toBe(1);
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringContaining(
        "[courier-webhooks] Courier event repeated with a changed body ignored: the first one received stands",
      ),
    ]);
  });

  it("answers a true repeat 200 without a warning, whatever its key order and spacing", async () => {
    await setUp("bearer");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = pickup();
    expect((await post(first, authHeaders("bearer", secret))).status).toBe(200);
    const reordered = JSON.stringify(
      { data: Object.fromEntries(Object.entries(first.data).reverse()), event: first.event },
      null,
      2,
    );
    const response = await post(reordered, authHeaders("bearer", secret));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: true, matched: true });
    expect(await db.courierEvent.count()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("stores unknown events and unknown fields without complaint", async () => {
    await setUp("bearer");
    const response = await post(
      {
        event: "shipment.teleported",
        data: { id: 4711, occurred_at: recentIso(31), warp_factor: "9" },
        extra: true,
      },
      authHeaders("bearer", secret),
    );
    expect(response.status).toBe(200);
    const stored = await db.courierEvent.findFirstOrThrow();
    expect(stored.eventName).toBe("shipment.teleported");
    expect(JSON.parse(stored.payloadJson).data.warp_factor).toBe("9");
  });

  it("stores an event for a shipment it does not know, and schedules one later look for its row", async () => {
    await setUp("bearer");
    const before = Date.now();
    const response = await post(pickup(999), authHeaders("bearer", secret));
    expect(await response.json()).toEqual({ received: true, duplicate: false, matched: false });
    expect(await db.courierEvent.count()).toBe(1);
    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      kind: MATCH_EARLY_EVENTS_JOB,
      maxAttempts: MATCH_EARLY_EVENTS_ATTEMPTS,
      payloadJson: JSON.stringify({ courierShipmentId: "999" }),
    });
    expect(jobs[0]!.runAt.getTime()).toBeGreaterThanOrEqual(before + MATCH_EARLY_EVENTS_DELAY_MS);
  });

  it("an event that raced the shipment's own transaction is attached once the row exists, and applied", async () => {
    await setUp("bearer");
    // The courier reported on shipment 999 while the dispatch job's transaction (which attaches early
    // events) had not committed: neither saw the other, so the event is stored unmatched.
    await post(pickup(999), authHeaders("bearer", secret));
    const job = { shopDomain: SHOP, attempts: 1, maxAttempts: MATCH_EARLY_EVENTS_ATTEMPTS };
    await expect(matchEarlyEvents({ db, queue: getRuntime().queue }, job, "999")).rejects.toBeInstanceOf(JobError);
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const late = await db.shipment.create({
      data: {
        shopId: shop.id,
        orderGid: "gid://shopify/Order/2",
        orderName: "#1002",
        fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2",
        locationGid: "gid://shopify/Location/1",
        idempotencyKey: "k2",
        courierShipmentId: "999",
        state: "scheduled",
      },
    });
    expect(await matchEarlyEvents({ db, queue: getRuntime().queue }, { ...job, attempts: 2 }, "999")).toEqual({
      attached: 1,
    });
    expect((await db.courierEvent.findFirstOrThrow()).shipmentId).toBe(late.id);
    expect(
      await db.job.findMany({ where: { kind: APPLY_EVENTS_JOB }, select: { payloadJson: true, orderingKey: true } }),
    ).toEqual([{ payloadJson: JSON.stringify({ shipmentId: late.id }), orderingKey: `shipment:${late.id}` }]);
  });

  it("after the last look for a row that never came, the event stays stored for reconciliation", async () => {
    await setUp("bearer");
    await post(pickup(999), authHeaders("bearer", secret));
    const job = { shopDomain: SHOP, attempts: MATCH_EARLY_EVENTS_ATTEMPTS, maxAttempts: MATCH_EARLY_EVENTS_ATTEMPTS };
    expect(await matchEarlyEvents({ db, queue: getRuntime().queue }, job, "999")).toEqual({ notYet: true });
    expect((await db.courierEvent.findFirstOrThrow()).shipmentId).toBeNull();
  });

  it("answers 400 for a body that is not an event, and 413 beyond the size limit", async () => {
    await setUp("bearer");
    expect((await post("{not json", authHeaders("bearer", secret))).status).toBe(400);
    expect((await post({ data: {} }, authHeaders("bearer", secret))).status).toBe(400);
    expect(
      (
        await post(
          { event: "shipment.at_delivery", data: { pad: "x".repeat(1024 * 1024 + 10) } },
          authHeaders("bearer", secret),
        )
      ).status,
    ).toBe(413);
    expect(await db.courierEvent.count()).toBe(0);
  });

  it("records a pickup grouping on the shipments it lists", async () => {
    await setUp("bearer");
    await post(
      {
        event: "grouping.pickup_grouping_identified",
        data: {
          id: "G-12",
          friendly_id: "Blue 12",
          occurred_at: recentIso(0),
          shipments: [{ id: 4711, reference_id: "#1001" }],
        },
      },
      authHeaders("bearer", secret),
    );
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipmentId } })).groupId).toBe("G-12");
  });

  it("finds the shipment a repost replaces by its parent id", async () => {
    await setUp("bearer");
    const response = await post(
      {
        event: "shipment.reposted",
        data: { id: 5000, parent_id: 4711, occurred_at: recentIso(40), reference_id: "#1001" },
      },
      authHeaders("bearer", secret),
    );
    expect(await response.json()).toMatchObject({ matched: true });
    expect((await db.courierEvent.findFirstOrThrow()).shipmentId).toBe(shipmentId);
  });

  it("takes a secret rotated on another instance at once, while the previous one still works", async () => {
    await setUp("bearer");
    const first = secret;
    expect((await post(pickup(4711, recentIso(30)), authHeaders("bearer", first))).status).toBe(200);
    // Another instance rotates: this process still keeps the first secret.
    const second = await rotateWebhookSecret({ db, keys }, SHOP, "bearer");
    expect((await post(pickup(4711, recentIso(31)), authHeaders("bearer", second))).status).toBe(200);
    expect((await post(pickup(4711, recentIso(32)), authHeaders("bearer", first))).status).toBe(200);
    expect((await post(pickup(4711, recentIso(33)), authHeaders("bearer", "neither"))).status).toBe(401);
    expect(await db.courierEvent.count()).toBe(3);
  });

  it("asks the courier to come back (503, Retry-After) when too many events are waiting to be stored", async () => {
    await setUp("bearer");
    const runtime = getRuntime().courierWebhooks;
    const full = { submit: () => Promise.reject(new IntakeFullError()) };
    const result = await receiveCourierWebhook(
      { ...runtime, intake: full },
      {
        pathId,
        headers: new Headers(authHeaders("bearer", secret)),
        rawBody: JSON.stringify(pickup()),
      },
    );
    expect(result).toMatchObject({ status: 503, retryAfterS: INTAKE_FULL_RETRY_AFTER_S });
    expect(await db.courierEvent.count()).toBe(0);
  });
});
