/** Fuzzing the settings page's and Home's form actions, against the Shopify stand-in and the courier sandbox. */
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { db } from "~/db.server";
import { action as homeAction } from "~/routes/app._index/route";
import { action as settingsAction } from "~/routes/app.settings/route";
import type { CourierSandbox } from "../courier-sandbox/server";
import { mswServer } from "../support/msw-server";
import { OTHER_SHOP, SHOP, setUpStaffWorld, startSandbox } from "../app/routes/staff-fixture";
import { fuzzes } from "./settings";
import { formTarget } from "./targets/forms";

let sandbox: CourierSandbox;
let standInHandlers: Parameters<typeof mswServer.use> = [];
let settingsForms: Record<string, string>[] = [];
let setupForms: Record<string, string>[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  const world = await setUpStaffWorld(sandbox);
  standInHandlers = world.standIn.handlers;
  const [first, second] = world.shop.locations;
  settingsForms = [
    {
      intent: "settings",
      leadTimeMinutes: "45",
      "pricing.fixedMarkupCents": "150",
      "deliveryOptions.signatureRequired": "true",
      "tags.over21": "wine, spirits",
      "pickupLocations.0.locationGid": first!.id,
      "pickupLocations.0.enabled": "true",
      "pickupLocations.0.contactName": "Maria",
      "pickupLocations.0.contactPhone": "(718) 555-0199",
      "pickupLocations.0.notes": "Back door on Dock St",
      "pickupLocations.1.locationGid": second!.id,
      "pickupLocations.1.enabled": "false",
      "pickupLocations.1.contactName": "",
      "pickupLocations.1.contactPhone": "",
      "pickupLocations.1.notes": "",
    },
    { intent: "carrier-service-name" },
  ];
  setupForms = [
    { intent: "courier", environment: "sandbox", token: world.courierToken, baseUrl: sandbox.url },
    { intent: "register-carrier" },
    { intent: "add-to-profiles" },
    { intent: "webhook-secret", method: "bearer" },
    { intent: "dispatch-mode", dispatchMode: "manual" },
  ];
});
afterAll(() => sandbox.close());
// The setup file resets MSW's handlers after each test: the Shopify stand-in answers every test again.
beforeEach(() => mswServer.use(...standInHandlers));

describe("form actions", () => {
  fuzzes(
    "POST /app/settings",
    () => db,
    () =>
      formTarget({
        name: "POST /app/settings",
        path: "/app/settings",
        action: settingsAction,
        forms: [...settingsForms, ...setupForms],
        shop: SHOP,
        otherShop: OTHER_SHOP,
      }),
  );
  fuzzes(
    "POST /app (setup)",
    () => db,
    () =>
      formTarget({
        name: "POST /app (setup)",
        path: "/app",
        action: homeAction,
        forms: setupForms,
        shop: SHOP,
        otherShop: OTHER_SHOP,
      }),
  );
});
