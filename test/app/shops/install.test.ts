import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { loader as appLoader } from "~/routes/app";
import { parseShopSettings } from "~/settings/shop-settings";
import { sessionStorage } from "~/shopify.server";
import { createShopifyStandIn } from "../../shopify-stand-in";
import { mswServer } from "../../support/msw-server";
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

const SHOP = "new-bakery.myshopify.com";

function embeddedRequest(path: string, idToken: string) {
  const host = Buffer.from(`admin.shopify.com/store/new-bakery`).toString("base64url");
  return new Request(`${TEST_APP_URL}${path}?embedded=1&shop=${SHOP}&host=${host}&id_token=${idToken}`);
}

async function load(request: Request): Promise<Response | unknown> {
  try {
    return await appLoader({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let standIn: ReturnType<typeof createShopifyStandIn>;

beforeEach(async () => {
  await db.session.deleteMany();
  await db.shop.deleteMany();
  standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    shops: [
      {
        myshopifyDomain: SHOP,
        name: "New Bakery",
        ianaTimezone: "America/Chicago",
        plan: { displayName: "Advanced", partnerDevelopment: false },
        contactEmail: "hello@new-bakery.example",
        email: "owner@new-bakery.example",
        locales: [
          { locale: "fr", primary: false, published: true },
          { locale: "en", primary: true, published: true },
          { locale: "de", primary: false, published: false },
        ],
      },
    ],
  });
  mswServer.use(...standIn.handlers);
});

describe("install by token exchange", () => {
  it("turns a fresh session token for a new shop into a stored expiring offline session and the shop's row", async () => {
    const token = mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
    const result = await load(embeddedRequest("/app", token));
    expect(result).toMatchObject({ apiKey: TEST_API_KEY });

    const session = await db.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
    expect(session.isOnline).toBe(false);
    expect(session.accessToken).toMatch(/\S{20,}/);
    expect(session.refreshToken).toBeTruthy();
    expect(session.expires).toBeInstanceOf(Date);
    // Sealed at rest; the library's own read gives back a token Shopify issued.
    expect(standIn.issuedTokens.some((t: { accessToken: string }) => t.accessToken === session.accessToken)).toBe(
      false,
    );
    const loaded = await sessionStorage.loadSession(`offline_${SHOP}`);
    expect(standIn.issuedTokens.some((t: { accessToken: string }) => t.accessToken === loaded?.accessToken)).toBe(true);
    // The staff member who opened the app: an online session naming them (shown with what they do).
    const online = await sessionStorage.loadSession(`${SHOP}_42`);
    expect(online).toMatchObject({
      isOnline: true,
      onlineAccessInfo: { associated_user: { id: 42, first_name: "Jamie", last_name: "Merchant" } },
    });
    expect(standIn.issuedTokens.find((t) => t.accessToken === online?.accessToken)?.kind).toBe("online");

    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(shop).toMatchObject({
      name: "New Bakery",
      timezone: "America/Chicago",
      currency: "USD",
      plan: "Advanced",
      uninstalledAt: null,
      // The published languages, the primary first (the shoppers' words are in one of them).
      locales: "en,fr",
    });
    expect(shop.webhookPathId).toHaveLength(24);
    // The tracking page's contact: Shopify's public contact email, never the owner's.
    expect(parseShopSettings(shop.settingsJson).tracking.contactEmail).toBe("hello@new-bakery.example");
  });

  it("keeps the merchant's own contact choice, an empty one included, when the app is authorized again", async () => {
    const install = () =>
      load(embeddedRequest("/app", mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET })));
    await install();
    for (const chosen of [null, "orders@new-bakery.example"]) {
      const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
      const saved = parseShopSettings(row.settingsJson);
      await db.shop.update({
        where: { domain: SHOP },
        data: { settingsJson: JSON.stringify({ ...saved, tracking: { ...saved.tracking, contactEmail: chosen } }) },
      });
      // A new token exchange runs the install hook again.
      await db.session.deleteMany();
      await install();
      // The shop's offline session (jobs, webhooks) and the staff member's online one (admin pages).
      expect(await db.session.findMany({ select: { id: true, isOnline: true }, orderBy: { id: "asc" } })).toEqual([
        { id: `${SHOP}_42`, isOnline: true },
        { id: `offline_${SHOP}`, isOnline: false },
      ]);
      const after = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
      expect(parseShopSettings(after.settingsJson).tracking.contactEmail).toBe(chosen);
    }
  });

  it("lets a staff member in with a new online session while Shopify throttles, keeping the shop's recorded row", async () => {
    const token = () => mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
    await load(embeddedRequest("/app", token()));
    const recorded = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    // The next day: the online session is gone, and Shopify's Admin API answers only "throttled".
    await db.session.deleteMany({ where: { isOnline: true } });
    standIn.throttle.holdEmpty(SHOP);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await load(embeddedRequest("/app", token()))).toMatchObject({ apiKey: TEST_API_KEY });
    expect(await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toEqual(recorded);
    expect(JSON.stringify(warn.mock.calls)).toContain("Kept the shop's recorded details");
    warn.mockRestore();
    // A shop not recorded yet cannot be let in without its row.
    await db.session.deleteMany();
    await db.shop.deleteMany();
    const refused = await load(embeddedRequest("/app", token()));
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(500);
    expect(await db.shop.count()).toBe(0);
  });

  it("refuses a session token signed with another secret and stores nothing", async () => {
    const forged = mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: "someone-elses-secret" });
    const result = await load(embeddedRequest("/app", forged));
    expect(result).toBeInstanceOf(Response);
    expect([401, 302]).toContain((result as Response).status);
    expect(await db.session.count()).toBe(0);
    expect(await db.shop.count()).toBe(0);
  });
});
