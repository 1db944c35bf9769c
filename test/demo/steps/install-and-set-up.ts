/**
 * Step 1: the merchant installs the app and works through its home page and settings page, each
 * form posted to the page's own action with a session token, as the embedded page's fetchers do.
 */
import { newHoursDraft } from "~/settings/hours-draft";
import { draftFromSettings, draftToEntries, newWindowDraft } from "~/settings/settings-draft";
import type { SetupActionResult } from "~/onboarding/setup-actions.server";
import type { loader as homeLoader } from "~/routes/app._index/route";
import type { loader as settingsLoader } from "~/routes/app.settings/route";
import { SANDBOX_CANCEL_COMMAND } from "../../courier-sandbox/commands";
import type { DemoContext, DemoStep } from "../context";
import { DEMO_SLOT_CAPACITY, DEMO_SLOT_MINUTES, DEMO_SLOT_WINDOW_ID, demoSlot } from "../slot";
import { DEMO_SHOP, DEMO_TIME_ZONE, LOCATIONS, PICKUP_CONTACTS, shopTime } from "../store";

type HomeData = Awaited<ReturnType<typeof homeLoader>>;
type SettingsData = Awaited<ReturnType<typeof settingsLoader>>;
type SaveResult = { intent: string; ok: boolean; message: string; fieldErrors?: Record<string, string> };

/**
 * Minutes between booking and pickup. The courier sandbox drives a booking by itself only when its
 * delivery window starts within 30 minutes (otherwise it waits for a driver that never comes), so the
 * demo store promises to hand orders over within 5 minutes.
 */
export const DEMO_LEAD_TIME_MINUTES = 5;

const HOME = "/app";
const HOME_ROUTE = "routes/app._index";
const SETTINGS = "/app/settings";
const SETTINGS_ROUTE = "routes/app.settings";

async function setupAction(ctx: DemoContext, fields: Record<string, string>): Promise<SetupActionResult> {
  const result = await ctx.stack.client.action<SetupActionResult>(HOME, Object.entries(fields), { index: true });
  ctx.check(result.ok, `the home page accepted "${fields.intent}"`, () => result.message);
  return result;
}

async function checklist(ctx: DemoContext) {
  const home = await ctx.stack.client.loader<HomeData>(HOME, HOME_ROUTE);
  ctx.check(home.status, "home page: the shop is installed");
  return home.status.checklist;
}

export const installAndSetUp: DemoStep = {
  name: "Install and set up",
  proves:
    "Token-exchange install; courier token tested before saving; pickup locations saved; carrier service registered and in the shipping profile; webhook secret; dispatch mode.",
  async run(ctx: DemoContext) {
    const { client, store, courierToken, sandbox } = ctx.stack;

    // Install: the first embedded page load exchanges the session token for an offline token.
    await client.openPage(HOME);
    const exchanged = store.standIn.issuedTokens.filter((t) => t.shop === DEMO_SHOP && t.via === "token-exchange");
    ctx.check(
      exchanged.some((t) => t.kind === "offline"),
      "install: the app obtained an offline access token by token exchange",
    );
    const before = await checklist(ctx);
    ctx.check(
      before.done === 0,
      "install: the home page lists five setup steps, none done",
      () => `${before.done} done`,
    );
    ctx.say(`Installed on ${DEMO_SHOP} by token exchange; the home page shows ${before.steps.length} setup steps.`);

    // 1. Courier account: the token is tested with a real estimate before it is saved.
    const courier = await setupAction(ctx, { intent: "courier", environment: "sandbox", token: courierToken });
    ctx.say(`Courier: ${courier.message}`);

    // 2. Pickup locations (settings page): contacts, driver notes, and a short lead time.
    const settings = await client.loader<SettingsData>(SETTINGS, SETTINGS_ROUTE);
    ctx.check(
      settings.settings !== null && settings.pickups.length === 3,
      "settings: the page lists the store's three Shopify locations",
      () => `${settings.pickups.length} listed`,
    );
    const draft = draftFromSettings(settings.settings!, settings.pickups);
    draft.fields.leadTimeMinutes = String(DEMO_LEAD_TIME_MINUTES);
    for (const pickup of draft.pickups) {
      const key = (Object.keys(LOCATIONS) as (keyof typeof LOCATIONS)[]).find((k) => LOCATIONS[k].name === pickup.name);
      if (!key) continue;
      Object.assign(pickup, {
        enabled: true,
        ...PICKUP_CONTACTS[key],
        notes: key === "dogpatch" ? SANDBOX_CANCEL_COMMAND : "",
      });
    }
    // Opening hours around the clock and a slot placed from the real clock: the same demo at any hour.
    const slot = demoSlot(new Date(), DEMO_TIME_ZONE);
    draft.hours = draft.pickups
      .filter((p) => p.enabled)
      .map((p) => ({
        ...newHoursDraft(p.locationGid),
        weekly: Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]),
        slotCapacity: String(DEMO_SLOT_CAPACITY),
      }));
    // The slots take the place of the tomorrow window: a cart from two locations then needs at most
    // six estimates, within the courier's 10 requests a second.
    draft.windows = draft.windows.map((w) => (w.kind === "tomorrow" ? { ...w, enabled: false } : w));
    draft.windows.push({
      ...newWindowDraft(draft.windows.map((w) => w.id)),
      id: DEMO_SLOT_WINDOW_ID,
      kind: "slots",
      serviceName: "Scheduled delivery",
      description: "A one-hour slot you choose",
      slotMinutes: String(DEMO_SLOT_MINUTES),
      startTimes: [slot.start],
      daysAhead: "2",
      maxRates: "1",
    });
    const saved = await client.action<SaveResult>(SETTINGS, [["intent", "settings"], ...draftToEntries(draft)]);
    ctx.check(
      saved.ok,
      "settings: pickup locations, contacts, lead time, opening hours and the slots window saved",
      () => `${saved.message} ${JSON.stringify(saved.fieldErrors ?? {})}`,
    );
    ctx.state.slot = slot;
    ctx.say(
      `Pickup locations: ${draft.pickups.map((p) => p.name).join(", ")}; lead time ${DEMO_LEAD_TIME_MINUTES} min.`,
    );
    ctx.say(
      `Opening hours: every day 00:00–24:00 at ${draft.hours.length} locations, at most ${DEMO_SLOT_CAPACITY} deliveries a slot; ` +
        `"Scheduled delivery": ${DEMO_SLOT_MINUTES}-minute slots at ${slot.start} (${shopTime(slot.startAt)}, placed from the clock so any hour gives the same demo).`,
    );
    ctx.say(
      `Driver notes of ${LOCATIONS.dogpatch.name}: "${SANDBOX_CANCEL_COMMAND}" (the sandbox's cancel command, used in step 5).`,
    );

    // 3. Carrier service: registered, then added to the shipping profile's zones.
    const registered = await setupAction(ctx, { intent: "register-carrier" });
    ctx.say(`Carrier service: ${registered.message}`);
    const added = await setupAction(ctx, { intent: "add-to-profiles" });
    ctx.say(`Shipping profile: ${added.message}`);
    const service = store.shop.carrierServices.find((s) => s.name === "Same-day delivery");
    ctx.check(
      service?.active && service.callbackUrl === `${client.appUrl}/carrier-service/rates`,
      "Shopify: the carrier service is active with the app's rates URL",
      () => JSON.stringify(service),
    );
    const zones = store.shop.deliveryProfiles.flatMap((p) => p.locationGroups.flatMap((g) => g.zones));
    const offering = zones.filter((z) =>
      z.methodDefinitions.some(
        (m) => m.rateProvider.kind === "participant" && m.rateProvider.carrierServiceId === service.id,
      ),
    );
    ctx.check(
      offering.length > 0,
      "Shopify: the shipping profile's zones offer the carrier service",
      () => `${zones.length} zones, none with it`,
    );
    ctx.state.carrierService = { id: service.id, name: service.name, callbackUrl: service.callbackUrl };
    ctx.say(
      `Shopify now offers "${service.name}" in ${offering.map((z) => z.name).join(", ")}, calling ${service.callbackUrl}`,
    );

    // 4. Courier webhook: the secret is shown once; the courier's operator enters URL and secret.
    const secret = await setupAction(ctx, { intent: "webhook-secret", method: "x-api-key" });
    ctx.check(
      typeof secret.secret === "string" && secret.secret.length >= 32,
      "webhook: a secret was generated and shown once",
    );
    const { shop } = await client.loader<SettingsData>(SETTINGS, SETTINGS_ROUTE);
    ctx.check(
      shop?.webhook.secretSet && shop.webhook.method === "x-api-key",
      "webhook: the settings page shows the secret as set (x-api-key)",
    );
    sandbox.setAccountOptions(courierToken, {
      webhook: { url: shop.webhook.url, auth: { method: "x-api-key", token: secret.secret } },
    });
    ctx.state.webhookUrl = shop.webhook.url;
    ctx.say(`Courier webhook: ${shop.webhook.url} (header x-api-key), entered at the courier.`);

    // 5. Dispatch mode.
    await setupAction(ctx, { intent: "dispatch-mode", dispatchMode: "carrier_orders" });
    ctx.say("Dispatch mode: orders whose shopper chose same-day delivery.");

    const after = await checklist(ctx);
    const states = Object.fromEntries(after.steps.map((s) => [s.id, s.state]));
    ctx.check(
      states.courier === "done" &&
        states.pickup === "done" &&
        states.carrier === "done" &&
        states.dispatch === "done" &&
        states.webhook === "waiting",
      "home page: four setup steps done, the webhook waiting for the first courier event",
      () => JSON.stringify(states),
    );
    ctx.say(
      `Home page checklist: ${after.done} of ${after.steps.length} done; the webhook step waits for the first courier event.`,
    );
  },
};
