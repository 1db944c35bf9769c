/**
 * The embedded pages' loaders and actions, called as the admin calls them: a document load with
 * `id_token` in the URL, and form posts with `Authorization: Bearer <session token>`. The courier
 * is the sandbox over HTTP; Shopify is the stand-in (Admin GraphQL against the real schema).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { action as homeAction, loader as homeLoader } from "~/routes/app._index/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import { loader as sectionLoader } from "~/routes/app.settings.$section/route";
import { zonedParts } from "~/schedule/time-zone";
import { recipientColumns } from "~/shipments/recipient";
import { createRequest } from "../../courier-sandbox/testing";
import { action as detailAction, loader as detailLoader } from "~/routes/app.shipments.$id/route";
import { action as listAction, loader as listLoader } from "~/routes/app.shipments._index/route";
import { parseShopSettings } from "~/settings/shop-settings";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { addStaffUser } from "../../shopify-stand-in";
import { deleteCarrierService } from "../../shopify-stand-in/domain/carrier-services";
import { handleShopRedact } from "~/webhooks/compliance.server";
import { DEFAULT_LIST_QUERY } from "~/routes/app.shipments._index/list-query";
import { SEARCH_MATCHES_MAX } from "~/routes/app.shipments._index/list-where";
import { drainJobs } from "../../support/installed-shop";
import { apiRequest, call, data, documentRequest, sessionToken } from "./embedded";
import { OTHER_SHOP, SHOP, setUpStaffWorld, startSandbox, type StaffWorld } from "./staff-fixture";

let sandbox: CourierSandbox;
let world: StaffWorld;
/** The list's shipments one by one (a round trip's legs after its entry). */
const rowsOf = <L>(page: { entries: { legs: L[] }[] }): L[] => page.entries.flatMap((entry) => entry.legs);

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  world = await setUpStaffWorld(sandbox);
});

const post = (path: string, form: Record<string, string>, shop = SHOP) => apiRequest(path, { shop, form });
const homeData = async () => data(await call(homeLoader, documentRequest("/app", SHOP)));
const home = async () => (await homeData()).status!;
/** Home after the background courier check it asked for has run (the page itself never waits on it). */
const checkedHome = async () => {
  await home();
  await drainJobs(world.runtime);
  return home();
};

describe("page authentication", () => {
  it("bounces a document load without id_token to App Bridge's session-token page", async () => {
    const response = (await call(homeLoader, documentRequest("/app", SHOP, { idToken: null }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\/session-token\?/);
  });

  it("redirects a form post without a session token to the login path and changes nothing", async () => {
    const response = (await call(
      homeAction,
      apiRequest("/app", { form: { intent: "dispatch-mode", dispatchMode: "manual" } }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");
    const shop = await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(shop.settingsJson).toBe("{}");
  });

  it("refuses a form post with a forged session token with 401", async () => {
    const forged = apiRequest("/app/settings", {
      shop: SHOP,
      token: "eyJhbGciOiJIUzI1NiJ9.eyJkZXN0IjoiaHR0cHM6Ly94In0.bad",
      form: { intent: "settings" },
    });
    expect(((await call(settingsAction, forged)) as Response).status).toBe(401);
  });
});

describe("home: the setup checklist with live status", () => {
  it("tests the saved courier token with a real estimate in the background and reads the rest live", async () => {
    const first = await home();
    // The page load asked for the check and did not wait on the courier.
    expect(first.checklist.steps[0]).toMatchObject({ state: "waiting", summary: expect.stringMatching(/^Checking/) });
    expect(sandbox.requestLog.filter((e) => e.token === world.courierToken)).toEqual([]);
    await drainJobs(world.runtime);
    const status = await home();
    expect(status.checklist.steps.map((s) => [s.id, s.state])).toEqual([
      ["courier", "done"],
      ["pickup", "done"],
      ["carrier", "todo"],
      ["webhook", "todo"],
      ["dispatch", "todo"],
    ]);
    // The first pickup location (Brooklyn) to the test address (San Francisco): the courier answers
    // "no route", which still proves it accepted the token.
    expect(status.checklist.steps[0]!.summary).toBe("The courier accepted the token.");
    expect(
      sandbox.requestLog.filter((e) => e.token === world.courierToken).map((e) => `${e.method} ${e.path} ${e.status}`),
    ).toEqual(["POST /v1/estimates 400"]);
    expect(status.courier.tokenLast4).toBe(world.courierToken.slice(-4));
    expect(JSON.stringify(status)).not.toContain(world.courierToken);
    expect(status.webhook).toMatchObject({
      method: "bearer",
      headerName: "Authorization",
      secretSet: false,
      lastEventAt: null,
    });
    expect(status.webhook.url).toMatch(/^https:\/\/courier-app\.test\/courier\/webhooks\/[A-Za-z0-9_-]+$/);
  });

  it("prices a real test delivery when the pickup location is in the courier's area", async () => {
    await world.runtime.db.pickupLocation.updateMany({
      where: { shopId: world.shopId },
      data: {
        addressJson: JSON.stringify({
          address1: "1 Market St",
          city: "San Francisco",
          provinceCode: "CA",
          zip: "94105",
          countryCode: "US",
        }),
      },
    });
    expect((await checkedHome()).checklist.steps[0]!.summary).toMatch(
      /^The courier accepted the token \(a test delivery would cost \$\d+\.\d\d\)\.$/,
    );
  });

  it("shows a token the courier no longer accepts as blocked, and a shop without one as to do", async () => {
    await saveCourierToken(world.runtime, SHOP, {
      token: "revoked-token-0000",
      environment: "sandbox",
      baseUrl: sandbox.url,
    });
    expect((await checkedHome()).checklist.steps[0]).toMatchObject({
      state: "blocked",
      summary: expect.stringContaining("did not accept this access token"),
    });
    await world.runtime.db.shop.update({ where: { domain: SHOP }, data: { courierTokenEncrypted: null } });
    expect((await home()).checklist.steps[0]!.state).toBe("todo");
  });

  it("says plainly that the courier is not reachable yet when the app has no address for the shop's environment", async () => {
    // The test environment configures no COURIER_PRODUCTION_URL, and the shop has no address of its own.
    await saveCourierToken(world.runtime, SHOP, {
      token: world.courierToken,
      environment: "production",
      baseUrl: null,
    });
    const before = sandbox.requestLog.length;
    expect((await checkedHome()).checklist.steps[0]).toEqual({
      id: "courier",
      title: "Connect your courier account",
      state: "waiting",
      summary:
        "The courier is not reachable yet: this app has no courier address yet; enter the address the courier gave you, or ask whoever runs this app to set it up.",
    });
    expect(sandbox.requestLog.length).toBe(before);
  });

  it("connects a courier token only after the courier accepted it", async () => {
    const refused = data(
      await call(
        homeAction,
        post("/app", { intent: "courier", environment: "sandbox", token: "not-a-real-token-123" }),
      ),
    );
    expect(refused).toMatchObject({
      intent: "courier",
      ok: false,
      fieldErrors: { token: expect.stringContaining("did not accept this access token") },
    });
    expect((await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).courierTokenLast4).toBe(
      world.courierToken.slice(-4),
    );

    const fresh = `fresh-token-${Date.now()}-ABCD`;
    sandbox.addToken(fresh);
    const accepted = data(
      await call(
        homeAction,
        post("/app", { intent: "courier", environment: "sandbox", token: fresh, baseUrl: sandbox.url }),
      ),
    );
    expect(accepted).toMatchObject({
      intent: "courier",
      ok: true,
      message: expect.stringContaining("Courier account saved."),
    });
    const shop = await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(shop.courierTokenLast4).toBe("ABCD");
    expect(shop.courierTokenEncrypted).not.toContain(fresh);
  });

  it.each([
    [{ environment: "staging", token: "abcdefgh12" }, "environment", "Choose sandbox or production."],
    [{ environment: "sandbox", token: "short" }, "token", "This is too short to be a courier access token."],
    [{ environment: "sandbox", token: "has space inside" }, "token", "The access token has no spaces; copy it again."],
    [
      { environment: "sandbox", token: "tok_abcdé😀𝑝" },
      "token",
      "The access token has only letters, digits and symbols (no accents or emoji); copy it again.",
    ],
    [
      { environment: "sandbox", token: "", baseUrl: "http://courier.example.com" },
      "baseUrl",
      "Enter an https:// address, or leave it empty for the courier's standard address.",
    ],
    [
      { environment: "sandbox", token: "", baseUrl: "https://courier.attacker.example" },
      "baseUrl",
      "The address courier.attacker.example is not one of the courier addresses this app may use; ask whoever runs this app to allow it.",
    ],
  ])("refuses the courier form %j with a message beside the field", async (fields, field, message) => {
    const result = data(await call(homeAction, post("/app", { intent: "courier", ...fields })));
    expect(result).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
  });

  it("registers the carrier service, then adds it to the shipping profiles", async () => {
    world.shop.carrierCalculatedShipping = true;
    const registered = data(await call(homeAction, post("/app", { intent: "register-carrier" })));
    expect(registered).toMatchObject({
      intent: "register-carrier",
      ok: true,
      message: "Same-day delivery is registered. Add it to your shipping profiles so shoppers see it.",
    });
    expect(registered.instructions![0]).toContain('"General Profile"');
    expect(world.shop.carrierServices.map((s) => [s.name, s.callbackUrl])).toEqual([
      ["Same-day delivery", "https://courier-app.test/carrier-service/rates"],
    ]);
    const blocked = await home();
    expect(blocked.checklist.steps[2]).toMatchObject({
      state: "blocked",
      summary: "Registered, but missing from 1 shipping zone: shoppers there do not see it yet.",
    });
    expect(blocked.carrier).toMatchObject({ status: "registered", complete: false });

    const added = data(await call(homeAction, post("/app", { intent: "add-to-profiles" })));
    expect(added).toMatchObject({
      intent: "add-to-profiles",
      ok: true,
      message: "Same-day delivery was added to your shipping profiles.",
    });
    expect((await home()).checklist.steps[2]!.state).toBe("done");
  });

  it("shows Shopify's plan message when the plan cannot use carrier-calculated rates", async () => {
    world.shop.carrierCalculatedShipping = false;
    const result = data(await call(homeAction, post("/app", { intent: "register-carrier" })));
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        "Your Shopify plan does not include third-party carrier-calculated shipping rates.",
      ),
    });
    expect((await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).carrierServiceId).toBeNull();

    // Home, loaded again, says Shopify refused (the answer was kept) and guides Shopify Local Delivery.
    const status = await home();
    expect(status.checklist.prompts.find((p) => p.id === "checkout")).toMatchObject({
      title: "Your plan cannot show the app's rates",
      action: { url: "shopify://admin/settings/plan" },
    });
    expect(status.localDelivery?.title).toBe("Deliver with Shopify Local Delivery");
    expect(status.localDelivery?.steps.find((s) => s.id === "local_delivery")?.action?.url).toBe(
      "shopify://admin/settings/shipping/local-delivery",
    );
  });

  it("shows no Local Delivery guide while Shopify has not refused the carrier service", async () => {
    expect((await home()).localDelivery).toBeNull();
  });

  it("refuses to add to profiles before registering", async () => {
    expect(data(await call(homeAction, post("/app", { intent: "add-to-profiles" })))).toMatchObject({
      ok: false,
      message: "Register same-day delivery with Shopify first.",
    });
  });

  it("shows the webhook secret once, and the courier's first event completes the step", async () => {
    const generated = data(await call(homeAction, post("/app", { intent: "webhook-secret", method: "x-api-key" })));
    expect(generated).toMatchObject({
      intent: "webhook-secret",
      ok: true,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const waiting = await home();
    expect(waiting.webhook).toMatchObject({ method: "x-api-key", headerName: "x-api-key", secretSet: true });
    expect(JSON.stringify(waiting)).not.toContain(generated.secret!);
    expect(waiting.checklist.steps[3]!.state).toBe("waiting");

    const pathId = waiting.webhook.url.split("/").pop()!;
    const event = new Request(waiting.webhook.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-api-key": generated.secret! },
      body: JSON.stringify({
        event: "shipment.driver_assigned",
        data: { id: 1, occurred_at: new Date().toISOString() },
      }),
    });
    expect((await courierWebhook({ request: event, params: { pathId }, context: {} })).status).toBe(200);
    expect((await home()).checklist.steps[3]).toMatchObject({
      state: "done",
      summary: "Last update received just now.",
    });
  });

  it("refuses an unknown webhook method", async () => {
    expect(data(await call(homeAction, post("/app", { intent: "webhook-secret", method: "hmac" })))).toMatchObject({
      ok: false,
      fieldErrors: { method: "Choose how the courier signs its calls." },
    });
  });

  it("saves the dispatch mode through the settings validation", async () => {
    expect(
      data(await call(homeAction, post("/app", { intent: "dispatch-mode", dispatchMode: "everything" }))),
    ).toMatchObject({
      ok: false,
      fieldErrors: { dispatchMode: "Choose which orders are dispatched" },
    });
    expect(
      data(await call(homeAction, post("/app", { intent: "dispatch-mode", dispatchMode: "manual" }))),
    ).toMatchObject({ ok: true });
    const shop = await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(parseShopSettings(shop.settingsJson).dispatchMode).toBe("manual");
    expect((await home()).checklist.steps[4]!.state).toBe("done");
  });

  it("refuses an unknown intent", async () => {
    expect(data(await call(homeAction, post("/app", { intent: "drop-tables" })))).toMatchObject({
      ok: false,
      message: "This form is not known to the app. Reload the page.",
    });
  });
});

describe("settings", () => {
  const validForm = (overrides: Record<string, string> = {}) => ({
    intent: "settings",
    leadTimeMinutes: "45",
    "pricing.fixedMarkupCents": "150",
    "deliveryOptions.signatureRequired": "true",
    "tags.over21": "wine, spirits",
    "pickupLocations.0.locationGid": world.shop.locations[0]!.id,
    "pickupLocations.0.enabled": "true",
    "pickupLocations.0.contactName": "Maria",
    "pickupLocations.0.contactPhone": "(718) 555-0199",
    "pickupLocations.0.notes": "Back door on Dock St",
    "pickupLocations.1.locationGid": world.shop.locations[1]!.id,
    "pickupLocations.1.enabled": "false",
    "pickupLocations.1.contactName": "",
    "pickupLocations.1.contactPhone": "",
    "pickupLocations.1.notes": "",
    ...overrides,
  });

  it("loads the settings with the shop's Shopify locations", async () => {
    const loaded = data(await call(settingsLoader, documentRequest("/app/settings", SHOP)));
    expect(loaded.settings?.leadTimeMinutes).toBe(60);
    const pickups = loaded.pickups;
    expect(pickups.map((p) => [p.name, p.enabled, p.contactName, p.missingInShopify])).toEqual([
      ["Main Street Bakery", true, "Dana", false],
      ["Warehouse", true, "Dana", false],
    ]);
    expect(pickups[1]!.addressLine).toBe("50 Dock St, Brooklyn, NY, 11201, US");
    expect(JSON.stringify(loaded)).not.toContain(world.courierToken);
  });

  it("opens each settings section as a page of its own, an unknown one is not found, and the preview starts now", async () => {
    const before = new Date();
    const loaded = data(await call(settingsLoader, documentRequest("/app/settings", SHOP)));
    const after = new Date();
    const zone = loaded.shop!.timeZone;
    const stamp = (at: Date) => {
      const p = zonedParts(at, zone);
      const two = (n: number) => String(n).padStart(2, "0");
      return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
    };
    expect([stamp(before), stamp(after)]).toContainEqual(loaded.shop!.previewAt);

    const hours = data(await call(sectionLoader, documentRequest("/app/settings/hours", SHOP), { section: "hours" }));
    expect(hours).toEqual({ sectionId: "hours" });
    const unknown = await call(sectionLoader, documentRequest("/app/settings/nope", SHOP), { section: "nope" });
    expect((unknown as Response).status).toBe(404);
  });

  it("saves one section's fields and keeps every other saved setting", async () => {
    data(await call(settingsAction, post("/app/settings", validForm())));
    const before = parseShopSettings(
      (await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson,
    );
    const result = data(
      await call(settingsAction, post("/app/settings", { intent: "settings", "pricing.markupPercent": "12" })),
    );
    expect(result).toMatchObject({ intent: "settings", ok: true });
    const after = parseShopSettings(
      (await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson,
    );
    expect(after).toEqual({ ...before, pricing: { ...before.pricing, markupPercent: 12 } });
  });

  it("saves pricing from the courier's recent prices: off, or its age limit; refuses an age out of range", async () => {
    data(await call(settingsAction, post("/app/settings", validForm())));
    const read = async () =>
      parseShopSettings((await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson)
        .priceMemory;
    expect(await read()).toEqual({ enabled: true, maxAgeMinutes: 15 });
    const off = data(
      await call(
        settingsAction,
        post("/app/settings", {
          intent: "settings",
          "priceMemory.enabled": "false",
          "priceMemory.maxAgeMinutes": "30",
        }),
      ),
    );
    expect(off).toMatchObject({ ok: true });
    expect(await read()).toEqual({ enabled: false, maxAgeMinutes: 30 });
    const refused = data(
      await call(settingsAction, post("/app/settings", { intent: "settings", "priceMemory.maxAgeMinutes": "0" })),
    );
    expect(refused).toMatchObject({ ok: false, fieldErrors: { "priceMemory.maxAgeMinutes": expect.any(String) } });
    expect(await read()).toEqual({ enabled: false, maxAgeMinutes: 30 });
  });

  it("saves the settings and the pickup locations together, with Shopify's address snapshot", async () => {
    const result = data(await call(settingsAction, post("/app/settings", validForm())));
    expect(result).toMatchObject({ intent: "settings", ok: true, message: "Settings saved." });
    const shop = await world.runtime.db.shop.findUniqueOrThrow({
      where: { domain: SHOP },
      include: { pickupLocations: { orderBy: { name: "asc" } } },
    });
    const settings = parseShopSettings(shop.settingsJson);
    expect(settings).toMatchObject({
      leadTimeMinutes: 45,
      pricing: { fixedMarkupCents: 150 },
      deliveryOptions: { signatureRequired: true },
      tags: { over21: ["wine", "spirits"] },
    });
    expect(shop.pickupLocations.map((p) => [p.name, p.enabled, p.contactName, p.contactPhone, p.notes])).toEqual([
      ["Main Street Bakery", true, "Maria", "(718) 555-0199", "Back door on Dock St"],
      ["Warehouse", false, null, null, null],
    ]);
    expect(JSON.parse(shop.pickupLocations[0]!.addressJson)).toMatchObject({
      address1: world.shop.locations[0]!.address.address1,
      countryCode: "US",
    });
  });

  it("saves courier returns: on, the receiving locations and the customer's charge; refuses what is not a location", async () => {
    const main = world.shop.locations[0]!.id;
    const saved = data(
      await call(
        settingsAction,
        post(
          "/app/settings",
          validForm({
            "courierReturns.enabled": "true",
            "courierReturns.receivingLocationGids": main,
            "courierReturns.customerChargeCents": "499",
          }),
        ),
      ),
    );
    expect(saved).toMatchObject({ ok: true });
    const shop = await world.runtime.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(parseShopSettings(shop.settingsJson).courierReturns).toEqual({
      enabled: true,
      receivingLocationGids: [main],
      customerChargeCents: 499,
    });
    const refused = data(
      await call(
        settingsAction,
        post("/app/settings", validForm({ "courierReturns.receivingLocationGids": "warehouse" })),
      ),
    );
    expect(refused).toMatchObject({ ok: false });
    expect(JSON.stringify(refused)).toContain("Choose pickup locations of the shop");
  });

  it("refuses invalid fields with one message per field and saves nothing", async () => {
    // The staff member has opened the app (their first request runs the install hook, which may fill
    // the tracking contact from Shopify's): what the refused post must leave alone is what follows.
    await call(settingsLoader, documentRequest("/app/settings", SHOP));
    const before = await world.runtime.db.shop.findUniqueOrThrow({
      where: { domain: SHOP },
      include: { pickupLocations: true },
    });
    const result = data(
      await call(
        settingsAction,
        post(
          "/app/settings",
          validForm({
            leadTimeMinutes: "0",
            "pricing.minimumPriceCents": "5000",
            "pricing.maximumPriceCents": "1000",
            "tracking.urlTemplate": "http://track.example/x",
            "pickupLocations.0.contactPhone": "555-12",
            "pickupLocations.1.enabled": "true",
          }),
        ),
      ),
    );
    expect(result).toMatchObject({ intent: "settings", ok: false, message: "Fix the 6 highlighted fields." });
    expect((result as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      leadTimeMinutes: "Enter a whole number of minutes from 1 to 1440",
      "pricing.maximumPriceCents": "The maximum price must not be below the minimum price",
      "tracking.urlTemplate": "Include {tracking_number} in the URL",
      "pickupLocations.0.contactPhone": "Enter a US phone number with 10 digits, for example (415) 555-0132.",
      "pickupLocations.1.contactName": "Enter the name of the person drivers ask for.",
      "pickupLocations.1.contactPhone": "Enter a phone number drivers can call.",
    });
    const after = await world.runtime.db.shop.findUniqueOrThrow({
      where: { domain: SHOP },
      include: { pickupLocations: true },
    });
    expect(after.settingsJson).toBe(before.settingsJson);
    expect(after.pickupLocations).toEqual(before.pickupLocations);
  });

  it("refuses a location that is not the shop's", async () => {
    const result = data(
      await call(
        settingsAction,
        post("/app/settings", validForm({ "pickupLocations.0.locationGid": "gid://shopify/Location/999999" })),
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        "pickupLocations.0.locationGid": "Shopify did not confirm this location; reload the page and try again.",
      },
    });
  });

  it("saves a new carrier service name, then renames the service in Shopify as its own action", async () => {
    world.shop.carrierCalculatedShipping = true;
    data(await call(homeAction, post("/app", { intent: "register-carrier" })));
    const result = data(
      await call(settingsAction, post("/app/settings", validForm({ carrierServiceName: "Bakery Express" }))),
    );
    expect(result).toMatchObject({ intent: "settings", ok: true, carrierServiceNameChanged: true });
    // The save touches settings only: Shopify keeps the old name until the page asks for the rename.
    expect(world.shop.carrierServices.map((s) => s.name)).toEqual(["Same-day delivery"]);
    const renamed = data(await call(settingsAction, post("/app/settings", { intent: "carrier-service-name" })));
    expect(renamed).toEqual({
      intent: "carrier-service-name",
      ok: true,
      message: 'Shoppers now see "Bakery Express" at checkout.',
    });
    expect(world.shop.carrierServices.map((s) => s.name)).toEqual(["Bakery Express"]);
  });

  it("says so when Shopify keeps the old carrier service name", async () => {
    world.shop.carrierCalculatedShipping = true;
    data(await call(homeAction, post("/app", { intent: "register-carrier" })));
    data(await call(settingsAction, post("/app/settings", validForm({ carrierServiceName: "Bakery Express" }))));
    // The merchant deleted the service in Shopify and the plan no longer allows a new one.
    const [service] = world.shop.carrierServices;
    deleteCarrierService(world.shop, service!.id, service!.ownerApiClientId);
    world.shop.carrierCalculatedShipping = false;
    const result = data(await call(settingsAction, post("/app/settings", { intent: "carrier-service-name" })));
    expect(result).toMatchObject({ intent: "carrier-service-name", ok: false });
    expect((result as { message: string }).message).toMatch(/^Shopify kept the old delivery name: \S/);
    expect(world.shop.carrierServices).toEqual([]);
  });

  it("reports an unchanged carrier service name, and a name for a service not registered yet", async () => {
    const unchanged = data(await call(settingsAction, post("/app/settings", validForm())));
    expect(unchanged).toMatchObject({ intent: "settings", ok: true, carrierServiceNameChanged: false });
    const notRegistered = data(await call(settingsAction, post("/app/settings", { intent: "carrier-service-name" })));
    expect(notRegistered).toEqual({
      intent: "carrier-service-name",
      ok: true,
      message: 'Shoppers will see "Same-day delivery" once same-day delivery is registered.',
    });
    expect(world.shop.carrierServices).toEqual([]);
  });

  it("refuses a form intent it does not know", async () => {
    const result = data(await call(settingsAction, post("/app/settings", { intent: "delete-everything" })));
    expect(result).toEqual({
      intent: "settings",
      ok: false,
      message: "This form is not known to the app. Reload the page.",
    });
  });

  it("runs the shared setup actions (courier account) from the settings page too", async () => {
    const result = data(
      await call(settingsAction, post("/app/settings", { intent: "courier", environment: "sandbox", token: "x y" })),
    );
    expect(result).toMatchObject({
      intent: "courier",
      ok: false,
      fieldErrors: { token: "This is too short to be a courier access token." },
    });
  });
});

describe("shipments list", () => {
  it("lists the shop's deliveries by pickup time, with views, state filter, sort and search", async () => {
    const a = await world.book("scheduled");
    const b = await world.book("delivered");
    const soon = Date.now() + 3_600_000;
    await world.runtime.db.shipment.update({ where: { id: a.id }, data: { pickupAfter: new Date(soon) } });
    await world.runtime.db.shipment.update({
      where: { id: b.id },
      data: { needsAttention: true, attentionReason: "Price above the quote", pickupAfter: new Date(soon + 60_000) },
    });
    const otherShop = await world.book("scheduled", {
      shopId: world.otherShopId,
      orderGid: "gid://shopify/Order/1",
      orderName: "#1",
    });

    const all = data(await call(listLoader, documentRequest("/app/shipments", SHOP)));
    expect(rowsOf(all).map((s) => s.id)).toEqual([b.id, a.id]);
    expect(rowsOf(all).map((s) => s.id)).not.toContain(otherShop.id);

    const delivered = data(await call(listLoader, documentRequest("/app/shipments?state=delivered", SHOP)));
    expect(rowsOf(delivered).map((s) => s.id)).toEqual([b.id]);
    const attention = data(await call(listLoader, documentRequest("/app/shipments?view=attention", SHOP)));
    expect(rowsOf(attention).map((s) => [s.id, s.attentionReason])).toEqual([[b.id, "Price above the quote"]]);
    const waiting = data(await call(listLoader, documentRequest("/app/shipments?view=waiting", SHOP)));
    expect(rowsOf(waiting).map((s) => s.id)).toEqual([a.id]);
    const earliest = data(await call(listLoader, documentRequest("/app/shipments?sort=pickup_asc", SHOP)));
    expect(rowsOf(earliest).map((s) => s.id)).toEqual([a.id, b.id]);
    expect(rowsOf(earliest)[0]).toMatchObject({ locationName: "Main Street Bakery", shopperPriceCents: null });
    const elsewhere = data(
      await call(listLoader, documentRequest("/app/shipments?location=gid%3A%2F%2Fshopify%2FLocation%2F0", SHOP)),
    );
    expect(elsewhere.total).toBe(0);
    const byTracking = data(
      await call(listLoader, documentRequest(`/app/shipments?q=${a.trackingNumber!.toLowerCase()}`, SHOP)),
    );
    expect(rowsOf(byTracking).map((s) => s.id)).toEqual([a.id]);
    const byOrder = data(
      await call(
        listLoader,
        documentRequest(`/app/shipments?q=${encodeURIComponent(b.orderName.replace("#", ""))}`, SHOP),
      ),
    );
    expect(rowsOf(byOrder).map((s) => s.id)).toEqual([b.id]);
    const junk = data(await call(listLoader, documentRequest("/app/shipments?state=nope&page=-3", SHOP)));
    expect(junk.query).toEqual(DEFAULT_LIST_QUERY);
  });

  it("shows and finds the customer, and tells deliveries, return collections and an exchange's legs apart", async () => {
    const now = new Date();
    const contact = (name: string, phone: string) => ({
      address: { street1: "500 Valencia St", city: "San Francisco", state: "CA" as const, zip: "94110" },
      contact: { name, phone },
    });
    const leg = (i: number, kind: string, batch: string | null, customer: ReturnType<typeof contact>) => {
      const request = createRequest(
        now,
        kind === "return_pickup" ? { pickup_location: customer } : { delivery_location: customer },
      );
      const requestJson = JSON.stringify(request);
      return {
        shopId: world.shopId,
        orderGid: `gid://shopify/Order/${7000 + (i > 0 ? 1 : 0)}`,
        orderName: i > 0 ? "#7001" : "#7000",
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${7000 + i}`,
        locationGid: world.shop.locations[0]!.id,
        idempotencyKey: `legs-${i}`,
        trackingNumber: `TRK70${i}`,
        pickupAfter: new Date(now.getTime() + i * 60_000),
        kind,
        batchReferenceId: batch,
        batchSequence: batch ? i - 1 : null,
        requestJson,
        ...recipientColumns(requestJson, kind),
      };
    };
    await world.runtime.db.shipment.createMany({
      data: [
        leg(0, "delivery", null, contact("Dana Whitfield", "5551700034")),
        leg(1, "return_pickup", null, contact("Omar Reyes", "+1 415 555 0188")),
        leg(2, "delivery", "rt-1092-1", contact("Omar Reyes", "+1 415 555 0188")),
        leg(3, "return_pickup", "rt-1092-1", contact("Omar Reyes", "+1 415 555 0188")),
      ],
    });
    const list = async (query: string) =>
      rowsOf(data(await call(listLoader, documentRequest(`/app/shipments?sort=pickup_asc&${query}`, SHOP))));

    const dana = await list("q=dana");
    expect(dana.map((s) => [s.orderName, s.customerName, s.customerPhone, s.roleWords])).toEqual([
      ["#7000", "Dana Whitfield", "(555) 170-0034", "Delivery"],
    ]);
    expect((await list("q=WHITF")).map((s) => s.orderName)).toEqual(["#7000"]);
    expect((await list(`q=${encodeURIComponent("(555) 170")}`)).map((s) => s.orderName)).toEqual(["#7000"]);
    expect((await list(`q=${encodeURIComponent("+1 415 555 0188")}`)).map((s) => s.roleWords)).toEqual([
      "Return collection",
      "Exchange: new items to the customer",
      "Exchange: returned items from the customer",
    ]);
    expect((await list("q=4155550188")).map((s) => s.roleWords)).toEqual([
      "Return collection",
      "Exchange: new items to the customer",
      "Exchange: returned items from the customer",
    ]);
    // A leg's tracking number finds its round trip, shown whole.
    expect((await list("q=TRK702")).map((s) => s.trackingNumber)).toEqual(["TRK702", "TRK703"]);
    expect((await list("q=7001")).length).toBe(3);
    // Too little to search a name or a phone by: nothing but exact order names and tracking numbers.
    expect(await list("q=d")).toEqual([]);
    expect(await list("q=555")).toEqual([]);

    expect((await list("kind=return")).map((s) => s.role)).toEqual(["return_collection"]);
    expect((await list("kind=exchange")).map((s) => s.role)).toEqual(["exchange_delivery", "exchange_collection"]);
    expect((await list("kind=delivery&q=7000")).map((s) => s.role)).toEqual(["delivery"]);

    // Grouped by order: the exchange's round trip one entry with its legs, next to the order's return
    // collection (and each names the other); a trip counts once in the total.
    const order7001 = data(await call(listLoader, documentRequest("/app/shipments?sort=pickup_asc&q=7001", SHOP)));
    expect(order7001.total).toBe(2);
    expect(
      order7001.entries.map((e) => [e.tripWords, e.legs.map((l) => l.roleWords), e.sameOrder.map((o) => o.words)]),
    ).toEqual([
      [null, ["Return collection"], ["Exchange: one round trip, 2 legs"]],
      [
        "Exchange: one round trip, 2 legs",
        ["Exchange: new items to the customer", "Exchange: returned items from the customer"],
        ["Return collection"],
      ],
    ]);
    expect((await list("q=7000")).length).toBe(1);
    const exchangeLeg = (await list("kind=exchange"))[1]!;
    const page = data(
      await call(detailLoader, documentRequest(`/app/shipments/${exchangeLeg.id}`, SHOP), { id: exchangeLeg.id }),
    );
    expect(page.detail!.shipment.title).toBe("Exchange for #7001: returned items from the customer");
    expect(page.detail!.view.recipient).toEqual({
      name: "Omar Reyes",
      phone: "(415) 555-0188",
      address: "500 Valencia St, San Francisco, CA 94110",
    });
    // The order's other shipments beside it: the return collection alone, the exchange as one trip.
    const legs = page.detail!.orderLegs.map((g) => [g.roundTrip, g.legs.map((l) => [l.words, l.state, l.current])]);
    expect(legs).toEqual([
      [false, [["Return collection", "Being booked", false]]],
      [
        true,
        [
          ["Exchange: new items to the customer", "Being booked", false],
          ["Exchange: returned items from the customer", "Being booked", true],
        ],
      ],
    ]);
    // A trip is listed when any of its legs matches, once, with all its legs.
    await world.runtime.db.shipment.updateMany({ where: { trackingNumber: "TRK703" }, data: { state: "en_route" } });
    const out = data(await call(listLoader, documentRequest("/app/shipments?state=en_route", SHOP)));
    expect([out.total, out.entries.map((e) => e.legs.map((l) => [l.trackingNumber, l.state === "en_route"]))]).toEqual([
      1,
      [
        [
          ["TRK702", false],
          ["TRK703", true],
        ],
      ],
    ]);
  });

  it("answers a search matching more deliveries than SQLite takes bound values (999): the most recent SEARCH_MATCHES_MAX", async () => {
    const start = Date.UTC(2026, 9, 1);
    await world.runtime.db.shipment.createMany({
      data: Array.from({ length: 1_200 }, (_, i) => ({
        shopId: world.shopId,
        orderGid: `gid://shopify/Order/${9000 + i}`,
        orderName: `#${9000 + i}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${9000 + i}`,
        locationGid: world.shop.locations[0]!.id,
        idempotencyKey: `many-${i}`,
        pickupAfter: new Date(start + i * 60_000),
        recipientSearch: `dana whitfield 41555${String(i).padStart(5, "0")}`,
      })),
    });
    for (const query of ["q=dana", "q=dana&kind=exchange", "q=dana&sort=pickup_asc"]) {
      const page = data(await call(listLoader, documentRequest(`/app/shipments?${query}`, SHOP)));
      expect(page.total, query).toBe(query.includes("exchange") ? 0 : SEARCH_MATCHES_MAX);
    }
    const newest = data(await call(listLoader, documentRequest("/app/shipments?q=dana", SHOP)));
    expect(rowsOf(newest)[0]!.orderName).toBe("#10199");
  });

  it("pages by 25", async () => {
    const rows = Array.from({ length: 27 }, (_, i) => ({
      shopId: world.shopId,
      orderGid: `gid://shopify/Order/${5000 + i}`,
      orderName: `#${5000 + i}`,
      fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${5000 + i}`,
      locationGid: world.shop.locations[0]!.id,
      idempotencyKey: `page-${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
    }));
    await world.runtime.db.shipment.createMany({ data: rows });
    const second = data(await call(listLoader, documentRequest("/app/shipments?page=2&sort=created_desc", SHOP)));
    expect([second.total, second.page, second.pageCount, rowsOf(second).map((s) => s.orderName)]).toEqual([
      27,
      2,
      2,
      ["#5001", "#5000"],
    ]);
  });

  it("retries the shop's failed background task, and refuses another shop's", async () => {
    const mine = await world.runtime.db.job.create({
      data: {
        shopDomain: SHOP,
        kind: "dispatch.order",
        payloadJson: "{}",
        state: "dead",
        lastError: "Shopify was down",
        finishedAt: new Date(),
      },
    });
    const theirs = await world.runtime.db.job.create({
      data: { shopDomain: OTHER_SHOP, kind: "dispatch.order", payloadJson: "{}", state: "dead" },
    });
    const listed = data(await call(listLoader, documentRequest("/app/shipments", SHOP)));
    expect(listed.deadJobs).toEqual([
      expect.objectContaining({ id: mine.id, label: "Dispatching the order", lastError: "Shopify was down" }),
    ]);
    expect(data(await call(listAction, post("/app/shipments", { jobId: theirs.id })))).toEqual({
      ok: false,
      message: "This background task was not found in your store.",
    });
    expect(data(await call(listAction, post("/app/shipments", { jobId: "../../etc" })))).toEqual({
      ok: false,
      message: "This is not a job id.",
    });
    expect(data(await call(listAction, post("/app/shipments", { jobId: mine.id })))).toEqual({
      ok: true,
      message: "The task is queued again.",
    });
    expect((await world.runtime.db.job.findUniqueOrThrow({ where: { id: mine.id } })).state).toBe("queued");
    expect((await world.runtime.db.job.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("dead");
  });
});

describe("shipment page", () => {
  it("shows the timeline, driver, price and photo and label links of the shop's delivery", async () => {
    const shipment = await world.book("delivered");
    await world.runtime.db.shipment.update({
      where: { id: shipment.id },
      data: {
        driverPhone: "5551234567",
        vehicleJson: JSON.stringify({ category: "car", color: "blue", make: "Toyota", model: "Corolla" }),
        lastLatitude: 40.7,
        lastLongitude: -73.99,
        quotedPriceCents: 1200,
      },
    });
    await world.runtime.db.courierEvent.create({
      data: {
        shopId: world.shopId,
        shipmentId: shipment.id,
        courierShipmentId: shipment.courierShipmentId,
        eventName: "shipment.delivery_confirmed",
        occurredAt: new Date(),
        dedupeKey: "e-1",
        payloadJson: "{}",
        outcome: "en_route → delivered",
      },
    });
    await world.runtime.db.shipmentActivity.create({
      data: { shipmentId: shipment.id, kind: "dispatched", message: "Courier shipment created." },
    });
    const loaded = data(
      await call(detailLoader, documentRequest(`/app/shipments/${shipment.id}`, SHOP), { id: shipment.id }),
    );
    const detail = loaded.detail!;
    expect(detail.timeline.map((t) => [t.source, t.title])).toEqual(
      expect.arrayContaining([
        ["Courier", "Delivered"],
        ["App", "Courier shipment created."],
      ]),
    );
    expect(detail.shipment.driver).toEqual({
      name: shipment.driverName,
      phone: "5551234567",
      vehicle: { category: "car", color: "blue", make: "Toyota", model: "Corolla" },
    });
    expect(detail.shipment).toMatchObject({
      priceCents: shipment.priceCents,
      quotedPriceCents: 1200,
      lastPosition: { latitude: 40.7, longitude: -73.99 },
    });
    expect(detail.view.photos.map((p) => p.kind)).toEqual(["signature", "pickup", "delivery"]);
    expect(detail.labels).toBeNull();
    expect(detail.view).toMatchObject({ canTip: true, canRate: true, canCancel: false });
  });

  it("does not show another shop's delivery", async () => {
    const shipment = await world.book("scheduled");
    const loaded = data(
      await call(detailLoader, documentRequest(`/app/shipments/${shipment.id}`, OTHER_SHOP), { id: shipment.id }),
    );
    expect(loaded).toMatchObject({ detail: null, notFound: "This delivery was not found in your store." });
  });

  it("cancels, tips and rates through the same services as the order page", async () => {
    const scheduled = await world.book("scheduled");
    const invalid = data(
      await call(
        detailAction,
        post(`/app/shipments/${scheduled.id}`, { intent: "cancel", code: "other", comment: "" }),
        { id: scheduled.id },
      ),
    );
    expect(invalid).toEqual({
      intent: "cancel",
      ok: false,
      message: "Explain the reason in the comment.",
      fieldErrors: { comment: "Explain the reason in the comment." },
    });
    const canceled = data(
      await call(
        detailAction,
        post(`/app/shipments/${scheduled.id}`, { intent: "cancel", code: "other", comment: "Customer will collect" }),
        { id: scheduled.id },
      ),
    );
    expect(canceled).toEqual({ intent: "cancel", ok: true, message: "The delivery was canceled." });
    expect(sandbox.shipment(scheduled.courierShipmentId!)!.state).toBe("canceled");

    const delivered = await world.book("delivered");
    expect(
      data(
        await call(detailAction, post(`/app/shipments/${delivered.id}`, { intent: "tip", amountDollars: "$4.25" }), {
          id: delivered.id,
        }),
      ),
    ).toMatchObject({ ok: true });
    expect(sandbox.shipment(delivered.courierShipmentId!)!.tip).toBe(4.25);
    expect(
      data(
        await call(detailAction, post(`/app/shipments/${delivered.id}`, { intent: "rate", value: "9" }), {
          id: delivered.id,
        }),
      ),
    ).toMatchObject({
      ok: false,
      fieldErrors: { value: "The rating must be a whole number from 1 to 5." },
    });
    expect(
      data(
        await call(detailAction, post(`/app/shipments/${delivered.id}`, { intent: "rate", value: "5" }), {
          id: delivered.id,
        }),
      ),
    ).toMatchObject({ ok: true });
    const timeline = await world.runtime.db.shipmentActivity.findMany({
      where: { shipmentId: delivered.id },
      orderBy: { createdAt: "asc" },
    });
    expect(timeline.map((a) => a.message)).toEqual([
      "Staff tipped the driver $4.25.",
      "Staff rated the driver 5 out of 5.",
    ]);
  });

  it("records which staff member tipped, rated and canceled, by the name Shopify gives, and when; shows it on the delivery; shop/redact removes it", async () => {
    const logged = (["log", "info", "warn", "debug"] as const).map((level) => vi.spyOn(console, level));
    // The staff as Shopify knows them: each online token names its session token's user.
    addStaffUser(world.shop, { userId: "1001", firstName: "Dana", lastName: "Staffer" });
    addStaffUser(world.shop, { userId: "1002", firstName: "Lee", lastName: null });
    addStaffUser(world.shop, { userId: "1003", firstName: "Sam", lastName: "Courier" });
    addStaffUser(world.shop, { userId: "1004", firstName: null, lastName: null });
    const asStaff = (userId: string, path: string, form: Record<string, string>) =>
      apiRequest(path, { shop: SHOP, form, token: sessionToken(SHOP, { userId }) });
    const delivered = await world.book("delivered");
    // An action recorded before the app knew names (no name stored) still reads "A staff member".
    await world.runtime.db.staffAction.create({
      data: {
        shopId: world.shopId,
        shipmentId: delivered.id,
        orderGid: delivered.orderGid,
        action: "retry",
        detail: "Retried the delivery.",
        staffUserId: "77",
        staffName: null,
        createdAt: new Date(Date.now() - 60_000),
      },
    });
    const path = `/app/shipments/${delivered.id}`;
    const act = async (userId: string, form: Record<string, string>) =>
      data(await call(detailAction, asStaff(userId, path, form), { id: delivered.id }));
    expect(await act("1001", { intent: "tip", amountDollars: "4.25" })).toMatchObject({ ok: true });
    expect(await act("1002", { intent: "rate", value: "9" })).toMatchObject({ ok: false });
    expect(await act("1002", { intent: "rate", value: "5" })).toMatchObject({ ok: true });
    const scheduled = await world.book("scheduled");
    expect(
      data(
        await call(
          detailAction,
          asStaff("1003", `/app/shipments/${scheduled.id}`, {
            intent: "cancel",
            code: "other",
            comment: "Mrs Jones will collect it herself",
          }),
          { id: scheduled.id },
        ),
      ),
    ).toMatchObject({ ok: true });
    // A settings change is the shop's, not a delivery's: recorded, not shown on a delivery.
    expect(
      data(await call(homeAction, asStaff("1004", "/app", { intent: "dispatch-mode", dispatchMode: "everything" }))),
    ).toMatchObject({ ok: false });
    expect(
      data(await call(homeAction, asStaff("1004", "/app", { intent: "dispatch-mode", dispatchMode: "manual" }))),
    ).toMatchObject({ ok: true });

    const rows = await world.runtime.db.staffAction.findMany({
      where: { NOT: { staffUserId: "77" } },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => [r.action, r.staffUserId, r.staffName, r.shipmentId, r.detail])).toEqual([
      ["tip", "1001", "Dana Staffer", delivered.id, "Tipped the driver $4.25."],
      ["rating", "1002", "Lee", delivered.id, "Rated the driver 5 out of 5."],
      ["cancel", "1003", "Sam Courier", scheduled.id, "Canceled the delivery: Other reason (explain in the comment)."],
      ["settings", "1004", null, null, "Changed the dispatch mode."],
    ]);
    expect(JSON.stringify(rows)).not.toContain("Mrs Jones");

    const page = data(await call(detailLoader, documentRequest(path, SHOP), { id: delivered.id }));
    // In the delivery's one timeline: each action once (the log's row and the timeline row it wrote
    // merged), with who did it.
    const staffEntries = page.detail!.timeline.filter((e) => e.source === "Staff");
    expect(staffEntries.map((e) => [e.title, e.by])).toEqual([
      ["Staff rated the driver 5 out of 5.", "Lee"],
      ["Staff tipped the driver $4.25.", "Dana Staffer"],
      ["Retried the delivery.", "A staff member"],
    ]);
    expect(new Date(staffEntries[0]!.at).getTime()).toBe(rows[1]!.createdAt.getTime());
    // Staff names are shown to the shop, never logged.
    const lines = JSON.stringify(logged.flatMap((spy) => spy.mock.calls));
    for (const name of ["Dana", "Staffer", "Sam Courier"]) expect(lines).not.toContain(name);
    for (const spy of logged) spy.mockRestore();

    await handleShopRedact(world.runtime.db, SHOP);
    expect(await world.runtime.db.staffAction.count()).toBe(0);
  });

  it("refuses actions on another shop's delivery", async () => {
    const shipment = await world.book("scheduled");
    const result = data(
      await call(
        detailAction,
        post(`/app/shipments/${shipment.id}`, { intent: "cancel", code: "duplicate_order", comment: "" }, OTHER_SHOP),
        { id: shipment.id },
      ),
    );
    expect(result).toMatchObject({ ok: false, message: "This delivery was not found in your store." });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
  });

  it("lists the delivery's failed tasks and retries one, noting it on the timeline", async () => {
    const shipment = await world.book("scheduled");
    const job = await world.runtime.db.job.create({
      data: {
        shopDomain: SHOP,
        kind: "tracking.apply-events",
        payloadJson: "{}",
        orderingKey: `shipment:${shipment.id}`,
        state: "dead",
        lastError: "Shopify refused the request",
        finishedAt: new Date(),
      },
    });
    await world.runtime.db.job.create({
      data: {
        shopDomain: SHOP,
        kind: "tracking.apply-events",
        payloadJson: "{}",
        orderingKey: "shipment:someone-else",
        state: "dead",
      },
    });
    const loaded = data(
      await call(detailLoader, documentRequest(`/app/shipments/${shipment.id}`, SHOP), { id: shipment.id }),
    );
    expect(loaded.detail!.deadJobs.map((j) => j.id)).toEqual([job.id]);
    const result = data(
      await call(detailAction, post(`/app/shipments/${shipment.id}`, { intent: "retry-job", jobId: job.id }), {
        id: shipment.id,
      }),
    );
    expect(result).toEqual({ intent: "retry-job", ok: true, message: "The task is queued again." });
    const activity = await world.runtime.db.shipmentActivity.findFirstOrThrow({ where: { shipmentId: shipment.id } });
    expect(activity.message).toBe("Staff retried: Applying courier updates to the order.");
  });
});
