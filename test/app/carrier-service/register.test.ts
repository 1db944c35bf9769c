import { beforeEach, describe, expect, it } from "vitest";
import {
  addCarrierServiceToProfiles,
  RATES_CALLBACK_PATH,
  registerCarrierService,
} from "~/carrier-service/register.server";
import { getRuntime } from "~/runtime.server";
import { adminFor, INSTALLED_SHOP as SHOP, setUpInstalledShop } from "../../support/installed-shop";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import { TEST_APP_URL } from "../../support/test-env";

const runtime = getRuntime();
const { db } = runtime;
let standIn: ShopifyStandIn;

beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: "http://127.0.0.1:9", token: "unused" }));
});

const deps = async () => ({ db, admin: await adminFor(SHOP), appUrl: TEST_APP_URL });
const zonesWithOurService = (carrierServiceId: string) =>
  standIn
    .shop(SHOP)
    .deliveryProfiles.flatMap((p) => p.locationGroups.flatMap((g) => g.zones))
    .filter((z) => JSON.stringify(z).includes(carrierServiceId));

describe("carrier service registration", () => {
  it("creates the service, reports the General profile's US zone as missing it, then adds it there on request", async () => {
    const result = await registerCarrierService(await deps(), SHOP, "Same-day delivery");
    if (!result.ok) throw new Error(result.message);
    const service = standIn.shop(SHOP).carrierServices.find((s) => s.id === result.carrierServiceId)!;
    expect(service).toMatchObject({
      name: "Same-day delivery",
      active: true,
      callbackUrl: `${TEST_APP_URL}${RATES_CALLBACK_PATH}`,
    });
    expect((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).carrierServiceId).toBe(
      result.carrierServiceId,
    );
    expect(result.profiles.complete).toBe(false);
    expect(result.profiles.additions.map((a) => a.zoneNames)).toEqual([["Domestic"]]);
    expect(result.instructions[0]).toMatch(/General Profile.*Domestic.*Same-day delivery/);
    expect(zonesWithOurService(result.carrierServiceId)).toHaveLength(0);

    const after = await addCarrierServiceToProfiles(await deps(), SHOP, "Same-day delivery");
    expect(after.profiles.complete).toBe(true);
    expect(zonesWithOurService(result.carrierServiceId)).toHaveLength(1);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("updates the existing service instead of creating a second one", async () => {
    const first = await registerCarrierService(await deps(), SHOP, "Same-day delivery");
    const second = await registerCarrierService(await deps(), SHOP, "Local courier");
    expect(first.ok && second.ok && first.carrierServiceId === second.carrierServiceId).toBe(true);
    expect(standIn.shop(SHOP).carrierServices.map((s) => s.name)).toEqual(["Local courier"]);
  });

  it("creates a new service when the merchant deleted the old one in the admin", async () => {
    await db.shop.update({
      where: { domain: SHOP },
      data: { carrierServiceId: "gid://shopify/DeliveryCarrierService/999999" },
    });
    const result = await registerCarrierService(await deps(), SHOP, "Same-day delivery");
    expect(result.ok).toBe(true);
    expect(standIn.shop(SHOP).carrierServices).toHaveLength(1);
  });

  it("explains which plans can use carrier-calculated rates when the shop's cannot", async () => {
    standIn.shop(SHOP).plan = { displayName: "Basic", partnerDevelopment: false, shopifyPlus: false };
    const result = await registerCarrierService(await deps(), SHOP, "Same-day delivery");
    expect(result).toMatchObject({ ok: false, reason: "plan" });
    expect(!result.ok && result.message).toMatch(/Advanced Shopify and Shopify Plus/);
    const refused = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(refused.carrierServiceId).toBeNull();
    // The answer is kept for Home (checkout capability, the Local Delivery guide)…
    expect(refused.carrierServiceRefusedAt).toBeInstanceOf(Date);
    expect(refused.carrierServiceRefusal).toBe(!result.ok && result.message);

    // …and forgotten once Shopify accepts (the merchant upgraded).
    standIn.shop(SHOP).plan = { displayName: "Advanced", partnerDevelopment: false, shopifyPlus: false };
    expect(await registerCarrierService(await deps(), SHOP, "Same-day delivery")).toMatchObject({ ok: true });
    expect(await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toMatchObject({
      carrierServiceRefusal: null,
      carrierServiceRefusedAt: null,
    });
  });
});
