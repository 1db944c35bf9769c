import { HttpResponseError, RequestedTokenType } from "@shopify/shopify-api";
import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { mintSessionToken } from "../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_SCOPES } from "../support/test-env";
import { addStaffUser, createShopifyStandIn } from "./index";
import { adminClient, shopifyLibrary } from "./library";

const SHOP = "new-shop.myshopify.com";

function setup() {
  const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  mswServer.use(...standIn.handlers);
  return { standIn, shop };
}

function sessionToken(overrides: { secret?: string; shop?: string } = {}) {
  return mintSessionToken({
    shop: overrides.shop ?? SHOP,
    apiKey: TEST_API_KEY,
    apiSecret: overrides.secret ?? TEST_API_SECRET,
    userId: "42",
  });
}

async function failure(promise: Promise<unknown>): Promise<HttpResponseError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpResponseError);
  return error as HttpResponseError;
}

describe("Shopify stand-in: OAuth token endpoint", () => {
  beforeEach(() => mswServer.resetHandlers());

  it("token exchange turns a fresh session token into an expiring offline token that the Admin API accepts", async () => {
    const { standIn, shop } = setup();
    const shopify = shopifyLibrary();
    const started = Date.now();
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: sessionToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });

    expect(session).toMatchObject({ id: `offline_${SHOP}`, shop: SHOP, isOnline: false, scope: TEST_SCOPES });
    expect(session.expires!.getTime() - started).toBeGreaterThan(3590_000);
    expect(session.expires!.getTime() - started).toBeLessThan(3610_000);
    expect(session.refreshToken).toMatch(/^shprt_/);
    expect(session.refreshTokenExpires!.getTime() - started).toBeGreaterThan(89 * 24 * 3600_000);
    expect(standIn.issuedTokens).toEqual([
      expect.objectContaining({ shop: SHOP, kind: "offline", via: "token-exchange", accessToken: session.accessToken }),
    ]);
    expect(shop.appInstallation.installedAt).not.toBeNull();

    const response = await adminClient(SHOP, session.accessToken!).request<{ shop: { myshopifyDomain: string } }>(
      `{ shop { myshopifyDomain } }`,
    );
    expect(response.data?.shop.myshopifyDomain).toBe(SHOP);
  });

  it("refuses a session token signed with another secret (invalid_subject_token), issuing nothing", async () => {
    const { standIn } = setup();
    const response = await fetch(`https://${SHOP}/admin/oauth/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        client_id: TEST_API_KEY,
        client_secret: TEST_API_SECRET,
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: sessionToken({ secret: "someone-elses-secret" }),
        subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
        requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        expiring: "1",
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid_subject_token",
      error_description: "The session token signature is invalid.",
    });
    expect(standIn.issuedTokens).toEqual([]);
  });

  it("refuses a session token minted for another shop, and an app using the wrong client secret", async () => {
    const { standIn } = setup();
    const otherShop = await failure(
      shopifyLibrary().auth.tokenExchange({
        shop: SHOP,
        sessionToken: sessionToken({ shop: "other.myshopify.com" }),
        requestedTokenType: RequestedTokenType.OfflineAccessToken,
      }),
    );
    expect([otherShop.response.code, otherShop.response.body]).toEqual([
      400,
      { error: "invalid_subject_token", error_description: "The session token was issued for another shop." },
    ]);

    const wrongSecret = await failure(
      shopifyLibrary({ apiSecretKey: "wrong-secret" }).auth.tokenExchange({
        shop: SHOP,
        sessionToken: sessionToken({ secret: "wrong-secret" }),
        requestedTokenType: RequestedTokenType.OfflineAccessToken,
      }),
    );
    expect(wrongSecret.response.code).toBe(401);
    expect(standIn.issuedTokens).toEqual([]);
    expect(standIn.rejectedRequests.map((r) => r.status)).toEqual([400, 401]);
  });

  it("refresh_token grant rotates the tokens; a used refresh token is refused", async () => {
    setup();
    const shopify = shopifyLibrary();
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: sessionToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    const { session: refreshed } = await shopify.auth.refreshToken({ shop: SHOP, refreshToken: session.refreshToken! });
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(refreshed.refreshToken).not.toBe(session.refreshToken);
    const reused = await failure(shopify.auth.refreshToken({ shop: SHOP, refreshToken: session.refreshToken! }));
    expect([reused.response.code, (reused.response.body as { error: string }).error]).toEqual([400, "invalid_grant"]);
  });

  it("issues an online token with the associated user of the session token", async () => {
    setup();
    const { session } = await shopifyLibrary().auth.tokenExchange({
      shop: SHOP,
      sessionToken: sessionToken(),
      requestedTokenType: RequestedTokenType.OnlineAccessToken,
    });
    expect(session).toMatchObject({
      isOnline: true,
      onlineAccessInfo: { associated_user: { id: 42, account_owner: true } },
    });
  });

  it("names the session token's user from the shop's staff, and refuses a user who is not on it", async () => {
    const { shop } = setup();
    addStaffUser(shop, { userId: "7", firstName: "Dana", lastName: "Staffer" });
    const library = shopifyLibrary();
    const exchange = (userId: string) =>
      library.auth.tokenExchange({
        shop: SHOP,
        sessionToken: mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, userId }),
        requestedTokenType: RequestedTokenType.OnlineAccessToken,
      });
    const { session } = await exchange("7");
    expect(session.onlineAccessInfo?.associated_user).toMatchObject({
      id: 7,
      first_name: "Dana",
      last_name: "Staffer",
      account_owner: false,
    });
    const stranger = await failure(exchange("8"));
    expect([stranger.response.code, (stranger.response.body as { error: string }).error]).toEqual([
      400,
      "invalid_subject_token",
    ]);
  });
});
