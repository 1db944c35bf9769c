/**
 * Step 9: a second store, on Shopify's Basic plan, in Shopify Local Delivery mode. It installs the app;
 * "Register with Shopify" is refused for the plan and Home says so, with the one action and the guided
 * Local Delivery setup; a local-delivery order is dispatched exactly once (inside the 10-mile area, after
 * one courier estimate) and delivered; an order outside the area is not dispatched, and staff see why.
 */
import { randomBytes } from "node:crypto";
import { newHoursDraft } from "~/settings/hours-draft";
import { draftFromSettings, draftToEntries } from "~/settings/settings-draft";
import type { SetupActionResult } from "~/onboarding/setup-actions.server";
import type { loader as homeLoader } from "~/routes/app._index/route";
import type { loader as settingsLoader } from "~/routes/app.settings/route";
import type { OrderShipmentsResponse } from "../../../extensions/shared/api-contract";
import { ALL_FEATURES } from "../../courier-sandbox/model";
import type { OrderState } from "../../shopify-stand-in";
import { createAppClient, type AppClient } from "../app-client";
import {
  BASIC_SHOP,
  createBasicStore,
  FLORIST_CONTACT,
  FLORIST_LOCATION,
  FLORIST_RADIUS_MILES,
  placeLocalDeliveryOrder,
} from "../basic-store";
import type { DemoContext, DemoStep } from "../context";
import { ordersPaidPayload, shopTime } from "../store";
import { DEMO_LEAD_TIME_MINUTES } from "./install-and-set-up";

type HomeData = Awaited<ReturnType<typeof homeLoader>>;
type SettingsData = Awaited<ReturnType<typeof settingsLoader>>;
type SaveResult = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

const DISPATCH_TIMEOUT_MS = 20_000;
const DELIVERY_TIMEOUT_MS = 45_000;
const legacyId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

async function home(ctx: DemoContext, client: AppClient) {
  const data = await client.loader<HomeData>("/app", "routes/app._index");
  ctx.check(data.status, `home page of ${BASIC_SHOP}: the shop is installed`);
  return data.status;
}

async function setup(client: AppClient, fields: Record<string, string>) {
  return client.action<SetupActionResult>("/app", Object.entries(fields), { index: true });
}

const shipmentsOf = (client: AppClient, order: OrderState) =>
  client.api<OrderShipmentsResponse>("GET", `/api/orders/${legacyId(order.id)}/shipments`);

async function pay(ctx: DemoContext, client: AppClient, order: OrderState, times: number) {
  for (let i = 0; i < times; i++) {
    const response = await client.shopifyWebhook("orders/paid", ordersPaidPayload(order));
    ctx.check(response.status === 200, `orders/paid for ${order.name} (delivery ${i + 1}) accepted`);
  }
}

export const localDeliveryStore: DemoStep = {
  name: "A Basic-plan store: Shopify Local Delivery",
  proves:
    "A Basic-plan store is told at install and on Home that it cannot use calculated rates (Shopify refused the registration), with the one action and the Local Delivery guide; a local-delivery order is dispatched exactly once and delivered; an order outside the delivery area is kept for staff with the reason.",
  async run(ctx: DemoContext) {
    const { sandbox, store, appUrl, apiKey, apiSecret } = ctx.stack;
    const florist = createBasicStore(store.standIn);
    const client = createAppClient({ appUrl, shop: BASIC_SHOP, apiKey, apiSecret });
    const courierToken = `demo-courier-florist-${randomBytes(8).toString("hex")}`;
    sandbox.addToken(courierToken, ALL_FEATURES);

    // Install: the plan is recorded; before registering, Home warns that Basic probably lacks calculated rates.
    await client.openPage("/app");
    ctx.check(
      store.standIn.issuedTokens.some((t) => t.shop === BASIC_SHOP && t.kind === "offline"),
      `install on ${BASIC_SHOP}: an offline token by token exchange`,
    );
    const installed = await home(ctx, client);
    const warned = installed.checklist.prompts.find((p) => p.id === "checkout");
    ctx.check(
      warned?.title === "Your plan may not show the app's rates",
      "install: Home says the Basic plan may not show the app's rates",
      () => JSON.stringify(warned),
    );
    ctx.say(`Mission Florist (Basic plan) installed. Home: "${warned.title}" — ${warned.summary}`);

    const courier = await setup(client, { intent: "courier", environment: "sandbox", token: courierToken });
    ctx.check(courier.ok, "courier account of the florist tested and saved", () => courier.message);

    // Settings: the pickup location, a short lead time, hours around the clock, and a 10-mile delivery area.
    const settings = await client.loader<SettingsData>("/app/settings", "routes/app.settings");
    ctx.check(settings.settings !== null && settings.pickups.length === 1, "settings: the florist's one location");
    const draft = draftFromSettings(settings.settings!, settings.pickups);
    draft.fields.leadTimeMinutes = String(DEMO_LEAD_TIME_MINUTES);
    const pickup = draft.pickups[0]!;
    Object.assign(pickup, { enabled: true, ...FLORIST_CONTACT, notes: "" });
    draft.hours = [
      {
        ...newHoursDraft(pickup.locationGid),
        weekly: Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]),
      },
    ];
    draft.areas = [{ locationGid: pickup.locationGid, radiusMiles: String(FLORIST_RADIUS_MILES), zipCodes: "" }];
    const saved = await client.action<SaveResult>("/app/settings", [["intent", "settings"], ...draftToEntries(draft)]);
    ctx.check(
      saved.ok,
      "settings: pickup location, hours and a 10-mile delivery area saved",
      () => `${saved.message} ${JSON.stringify(saved.fieldErrors ?? {})}`,
    );

    // "Register with Shopify": refused for the plan; Home now says so, with the fix and the Local Delivery guide.
    const registered = await setup(client, { intent: "register-carrier" });
    ctx.check(!registered.ok, "Shopify refused the carrier service on the Basic plan", () => registered.message);
    ctx.check(florist.shop.carrierServices.length === 0, "Shopify: no carrier service on the florist's store");
    const refused = await home(ctx, client);
    const prompt = refused.checklist.prompts.find((p) => p.id === "checkout");
    ctx.check(
      prompt?.title === "Your plan cannot show the app's rates" &&
        prompt.action?.url === "shopify://admin/settings/plan",
      "Home: the plan cannot show calculated rates, with one action (open the Shopify plan)",
      () => JSON.stringify(prompt),
    );
    const guide = refused.localDelivery;
    ctx.check(
      guide?.steps.map((s) => `${s.id}:${s.state}`).join(",") ===
        "online_orders:done,local_delivery:todo,first_order:waiting",
      "Home: the Shopify Local Delivery guide (location read from Shopify, the merchant's step, waiting for an order)",
      () => JSON.stringify(guide?.steps.map((s) => `${s.id}:${s.state}`)),
    );
    ctx.say(`Home: "${prompt.title}" → ${prompt.action!.content}. ${guide.title}:`);
    for (const step of guide.steps) ctx.say(`  ${step.state.padEnd(7)} ${step.title} — ${step.summary}`);

    const secret = await setup(client, { intent: "webhook-secret", method: "x-api-key" });
    ctx.check(secret.ok && typeof secret.secret === "string", "webhook secret of the florist generated");
    const { shop } = await client.loader<SettingsData>("/app/settings", "routes/app.settings");
    ctx.check(shop?.webhook.url, "settings: the florist's courier webhook URL");
    sandbox.setAccountOptions(courierToken, {
      webhook: { url: shop.webhook.url, auth: { method: "x-api-key", token: secret.secret! } },
    });
    ctx.check(
      (await setup(client, { intent: "dispatch-mode", dispatchMode: "carrier_orders" })).ok,
      "dispatch mode set",
    );

    // A local-delivery order nearby, its webhook delivered twice: one estimate (the radius), one shipment.
    const order = placeLocalDeliveryOrder(florist, "nearby");
    ctx.say(`Order ${order.name}: 1 × Seasonal bouquet, shipping "Local delivery" $8.00 (Shopify's own rate).`);
    await pay(ctx, client, order, 2);
    const booked = await ctx.waitFor(
      `one courier shipment for ${order.name}`,
      async () => {
        const view = await shipmentsOf(client, order);
        return view.shipments.length === 1 && view.shipments[0]!.trackingNumber ? view.shipments[0]! : null;
      },
      { timeoutMs: DISPATCH_TIMEOUT_MS, intervalMs: 100 },
    );
    const mine = [...sandbox.shipments.values()].filter((s) => s.token === courierToken);
    ctx.check(
      mine.length === 1 && mine[0]!.request.reference_id === order.name,
      `courier: exactly one shipment for ${order.name}`,
      () => `${mine.length} booked`,
    );
    const calls = sandbox.requestLog.filter((r) => r.token === courierToken && r.method === "POST").map((r) => r.path);
    ctx.check(
      calls.filter((p) => p === "/v1/shipments").length === 1 && calls.includes("/v1/estimates"),
      "courier: the 10-mile area checked with an estimate, then one shipment created",
      () => calls.join(", "),
    );
    const request = mine[0]!.request;
    ctx.check(
      request.pickup_location.address.name === FLORIST_LOCATION.name &&
        request.delivery_location.notes === "Leave with the front desk",
      "courier: picked up at Valencia Florist, with the shopper's delivery instructions",
    );
    ctx.say(
      `Shipment ${booked.trackingNumber}: pickup from ${shopTime(request.pickup_after)}, delivery ${shopTime(request.deliver_between.start)}–${shopTime(request.deliver_between.end)} (the default window).`,
    );

    await ctx.waitFor(
      `${order.name} delivered and fulfilled in Shopify`,
      async () =>
        order.displayFulfillmentStatus === "FULFILLED" &&
        order.fulfillments.some((f) => f.events.some((e) => e.status === "DELIVERED")) &&
        (await shipmentsOf(client, order)).shipments[0]?.state === "delivered",
      {
        timeoutMs: DELIVERY_TIMEOUT_MS,
        intervalMs: 200,
        describe: () => `courier: ${sandbox.shipment(mine[0]!.id)?.state}`,
      },
    );
    ctx.check(
      order.fulfillments.length === 1 && order.fulfillments[0]!.trackingInfo[0]?.number === booked.trackingNumber,
      `Shopify: one fulfillment for ${order.name} with tracking ${booked.trackingNumber}`,
    );
    const proven = await home(ctx, client);
    const first = proven.localDelivery?.steps.find((s) => s.id === "first_order");
    ctx.check(
      first && proven.localDelivery?.steps.every((s) => s.state === "done") && first.summary.includes(order.name),
      `Home: the guide shows ${order.name} as the proof that Local Delivery works`,
      () => JSON.stringify(proven.localDelivery?.steps.map((s) => `${s.id}:${s.state}`)),
    );
    ctx.say(`${order.name} delivered. Home: ${first.summary}`);

    // An order outside the 10-mile area: nothing is created at the courier; staff see why.
    const far = placeLocalDeliveryOrder(florist, "far");
    await pay(ctx, client, far, 1);
    const kept = await ctx.waitFor(
      `${far.name} kept for staff`,
      async () => (await shipmentsOf(client, far)).shipments.find((s) => s.needsAttention) ?? null,
      { timeoutMs: DISPATCH_TIMEOUT_MS, intervalMs: 100 },
    );
    ctx.check(
      /^Outside the delivery area of Valencia Florist: [\d.]+ mi away, beyond the location's 10 mi\./.test(
        kept.attentionReason ?? "",
      ),
      `app: ${far.name} needs staff, with the reason in words`,
      () => kept.attentionReason ?? "",
    );
    ctx.check(
      ![...sandbox.shipments.values()].some((s) => s.token === courierToken && s.request.reference_id === far.name),
      `courier: no shipment created for ${far.name}`,
    );
    ctx.say(`${far.name} (Sacramento): ${kept.attentionReason}`);
  },
};
