import { z } from "zod";
import { courierBaseUrl, courierBaseUrlProblem, type CourierUrls } from "~/courier/base-url";
import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import { checkCourierBaseUrl } from "~/courier/request.server";
import type { KeyRing } from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import type { CourierForShop } from "~/runtime.server";
import { loadCourierToken, saveCourierToken } from "~/shops/courier-credentials.server";
import type { CourierCredentials } from "~/shops/courier-for-shop.server";
import {
  checkFromError,
  checkFromEstimate,
  courierAddressOf,
  testEstimateRequest,
  type CourierCheck,
} from "./courier-check";

export const COURIER_TOKEN_MIN_LENGTH = 8;
export const COURIER_TOKEN_MAX_LENGTH = 512;
/** A live check must not hold the home page long. */
export const LIVE_CHECK_TIMEOUT_MS = 4000;

/** The courier account form (settings and onboarding). An empty token keeps the saved one. */
export const CourierAccountInput = z.object({
  environment: z.enum(["sandbox", "production"], { error: "Choose sandbox or production." }),
  token: z
    .string()
    .trim()
    .max(COURIER_TOKEN_MAX_LENGTH, `The access token is at most ${COURIER_TOKEN_MAX_LENGTH} characters.`)
    .refine(
      (token) => token === "" || token.length >= COURIER_TOKEN_MIN_LENGTH,
      "This is too short to be a courier access token.",
    )
    .refine((token) => !/\s/.test(token), "The access token has no spaces; copy it again.")
    // It travels in an HTTP header, which holds only visible ASCII characters.
    .refine(
      (token) => /^[\x21-\x7e]*$/.test(token),
      "The access token has only letters, digits and symbols (no accents or emoji); copy it again.",
    )
    .default(""),
  /** Absent: keep the shop's current address; empty: the courier's standard address. */
  baseUrl: z
    .string()
    .trim()
    .max(300, "The address is too long.")
    .refine((url) => {
      if (url === "") return true;
      try {
        checkCourierBaseUrl(url);
        return true;
      } catch {
        return false;
      }
    }, "Enter an https:// address, or leave it empty for the courier's standard address.")
    .transform((url) => (url === "" ? null : url.replace(/\/+$/, "")))
    .optional(),
});
export type CourierAccountInput = z.infer<typeof CourierAccountInput>;

async function firstPickupAddress(db: Db, shopDomain: string) {
  const pickup = await db.pickupLocation.findFirst({
    where: { shop: { domain: shopDomain }, enabled: true },
    orderBy: { name: "asc" },
    select: { addressJson: true },
  });
  return pickup ? courierAddressOf(pickup.addressJson) : null;
}

/** One real estimate with this client: does the courier accept its token? */
export async function testCourier(
  client: CourierClient,
  pickup: ReturnType<typeof courierAddressOf>,
  now: Date,
): Promise<CourierCheck> {
  try {
    const estimate = await client.estimate(testEstimateRequest(pickup, now), {
      lane: "background",
      failFast: true,
      timeoutMs: LIVE_CHECK_TIMEOUT_MS,
    });
    return checkFromEstimate(estimate);
  } catch (error) {
    if (error instanceof CourierError) return checkFromError(error);
    throw error;
  }
}

/**
 * The home page's live status of the saved courier connection. An address the app cannot use (none
 * configured, or no longer allowed) is said plainly instead of as a failed call.
 */
export async function shopCourierCheck(
  deps: { db: Db; courierFor: CourierForShop; courierUrls: CourierUrls; clock: () => Date },
  shopDomain: string,
): Promise<CourierCheck> {
  const client = await deps.courierFor(shopDomain);
  if (!client) return { status: "not_connected" };
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { courierEnvironment: true, courierBaseUrl: true },
  });
  const environment = shop?.courierEnvironment === "production" ? "production" : "sandbox";
  const baseUrl = courierBaseUrl(environment, shop?.courierBaseUrl, deps.courierUrls.defaults);
  const problem = courierBaseUrlProblem(baseUrl, deps.courierUrls.policy);
  if (problem) return { status: "unreachable", detail: `The courier is not reachable yet: ${problem}.` };
  return testCourier(client, await firstPickupAddress(deps.db, shopDomain), deps.clock());
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

export type ConnectResult = { ok: true; check: CourierCheck } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Saves the courier account after testing the token with a real estimate. A token the courier
 * refuses is not saved; one that cannot be tested now (courier unreachable) is saved with a warning.
 */
export async function connectCourier(
  deps: {
    db: Db;
    keys: KeyRing;
    clock: () => Date;
    courierUrls: CourierUrls;
    clientFor: (credentials: CourierCredentials) => CourierClient;
  },
  shopDomain: string,
  input: CourierAccountInput,
): Promise<ConnectResult> {
  // The shop's own address: https to a host the operator allowed (loopback only in development).
  const urlProblem = input.baseUrl ? courierBaseUrlProblem(input.baseUrl, deps.courierUrls.policy) : null;
  if (urlProblem) return { ok: false, fieldErrors: { baseUrl: sentence(urlProblem) } };
  const token = input.token || (await loadCourierToken(deps, shopDomain));
  if (!token) return { ok: false, fieldErrors: { token: "Paste the access token the courier gave you." } };
  const baseUrl =
    input.baseUrl !== undefined
      ? input.baseUrl
      : ((await deps.db.shop.findUnique({ where: { domain: shopDomain }, select: { courierBaseUrl: true } }))
          ?.courierBaseUrl ?? null);
  const credentials: CourierCredentials = { environment: input.environment, token, baseUrl };
  const check = await testCourier(
    deps.clientFor(credentials),
    await firstPickupAddress(deps.db, shopDomain),
    deps.clock(),
  );
  if (check.status === "rejected") return { ok: false, fieldErrors: { token: check.detail } };
  await saveCourierToken(deps, shopDomain, credentials);
  // The check just made is Home's courier health until the next background one.
  await deps.db.shop.updateMany({
    where: { domain: shopDomain },
    data: {
      courierCheckStatus: check.status,
      courierCheckDetail: "detail" in check ? check.detail : null,
      courierCheckedAt: deps.clock(),
    },
  });
  return { ok: true, check };
}
