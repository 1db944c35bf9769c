/**
 * bench:rates' price check after the rush: each rate checkout priced from the app's price memory or
 * model (its quote memory row: the courier price it used and the source that gave it) against the
 * courier's exact price for the same cart, asked through the sandbox's control API (POST
 * /__sandbox/estimate/:token: outside the courier's rate limit and its counters). The cart's estimate request
 * is rebuilt with the app's own mapping (cartToEstimates), so the sandbox prices exactly what the app
 * would have asked; its first open window's request is used (the sandbox's price does not depend on
 * the window). Rows written before price sources were recorded count as live (never checked).
 */
import { createDb } from "~/db/client.server";
import { cartToEstimates } from "~/quote/cart-to-estimate";
import { parseRateRequest } from "~/quote/rate-request";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { openWindows } from "~/schedule/windows";
import type { ShopSettings } from "~/settings/shop-settings";
import { PICKUP_ADDRESS } from "../app/quote/rate-request-fixture";
import { percentile } from "./harness";

const LOCATION = "gid://shopify/Location/1";
const CHECKED_SOURCES = new Set(["memory", "model"]);

export type RushPriceErrors = {
  carts: number;
  checked: number;
  maeUsd: number | null;
  p95Usd: number | null;
  maxUsd: number | null;
};

type QuoteRow = { cartSignature: string; serviceCode: string; courierCents: number | null; priceSource?: string };

export async function rushPriceErrors(input: {
  databaseUrl: string;
  sandboxUrl: string;
  /** The shop's courier token: the sandbox prices as for its account. */
  token: string;
  bodies: readonly string[];
  settings: ShopSettings;
  timeZone: string;
}): Promise<RushPriceErrors> {
  const windows = openWindows({
    now: new Date(),
    timeZone: input.timeZone,
    leadTimeMinutes: input.settings.leadTimeMinutes,
    windows: input.settings.deliveryWindows,
    hours: hoursOfLocations(input.settings.openingHours, [LOCATION]),
  });
  const requests = new Map<string, unknown>();
  for (const body of input.bodies) {
    const parsed = parseRateRequest(body);
    if (!parsed.ok) throw new Error(`A rush cart is unreadable: ${parsed.problems.join("; ")}`);
    const mapping = cartToEstimates({
      request: parsed.request,
      pickupLocations: [{ locationGid: LOCATION, name: "Main St", address: PICKUP_ADDRESS }],
      defaultPackage: input.settings.defaultPackage,
      openWindows: windows,
    });
    if (!mapping.ok) throw new Error(`A rush cart maps to no estimate: ${mapping.reason}`);
    requests.set(mapping.cartSignature, mapping.estimates[0]!.request);
  }

  const db = createDb(input.databaseUrl);
  let rows: QuoteRow[];
  try {
    // Raw, so the check also runs on code from before price sources were recorded (no such column).
    rows = await db.$queryRawUnsafe<QuoteRow[]>(`SELECT * FROM "QuoteMemory"`);
  } finally {
    await db.$disconnect();
  }

  const exact = new Map<string, number>();
  const errors: number[] = [];
  for (const row of rows) {
    if (!CHECKED_SOURCES.has(row.priceSource ?? "live") || row.courierCents === null) continue;
    const request = requests.get(row.cartSignature);
    if (!request) continue;
    let price = exact.get(row.cartSignature);
    if (price === undefined) {
      const response = await fetch(`${input.sandboxUrl}/__sandbox/estimate/${encodeURIComponent(input.token)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      const answer = (await response.json()) as { price?: number };
      if (response.status !== 200 || typeof answer.price !== "number")
        throw new Error(`The sandbox's price check answered ${response.status}`);
      price = answer.price;
      exact.set(row.cartSignature, price);
    }
    errors.push(Math.abs(Number(row.courierCents) / 100 - price));
  }
  const sorted = errors.sort((a, b) => a - b);
  const cents = (usd: number) => Math.round(usd * 100) / 100;
  return {
    carts: requests.size,
    checked: errors.length,
    maeUsd: errors.length ? cents(errors.reduce((sum, e) => sum + e, 0) / errors.length) : null,
    p95Usd: errors.length ? cents(percentile(sorted, 0.95)) : null,
    maxUsd: errors.length ? cents(sorted[sorted.length - 1]!) : null,
  };
}
