import type { CourierClient } from "~/courier/client.server";
import { CourierError, isAddressProblem } from "~/courier/errors";
import { MAX_DISTANCE_MILES, REQUESTS_PER_SECOND } from "~/courier/limits";
import { TIME_BUDGET_MS_DEFAULT } from "~/settings/shop-settings";
import type { EstimateRequest } from "~/courier/requests";
import type { ShopSettings } from "~/settings/shop-settings";
import { zip5, type WindowEstimate } from "./cart-to-estimate";
import { heavierClasses, sizeClassOf } from "./package-size-class";
import { sourceNow, type SourceNow } from "./price-source-now";
import type { EstimateCache, EstimateOutcome } from "./estimate-cache.server";
import { chooseEstimates } from "./estimate-choice";
import type { QuoteLogger } from "./offered-windows.server";
import type { PostalCentroids } from "./postal-centroids.server";
import { priceKeyText, type PriceKey, type PriceMemory } from "./price-memory";
import { predictPrice } from "./price-model";
import { dollarsToCents } from "./pricing";
import type { CourierPriceSource } from "./quote-funnel";

/**
 * One cart's windows priced: from the estimate cache (the same cart asked before), the courier (live,
 * shared with identical requests under way, cut off when the request's budget runs out), and, when
 * the courier cannot answer in time and the shop lets them, the price memory (the courier's price for
 * the same pickup location, postal code and size class) or the location's price model. In a rush,
 * estimate-choice.ts decides which windows ask the courier at all.
 */

/** A refresh of a stale estimate runs after the answer was sent; it gets the default budget. */
export const BACKGROUND_REFRESH_MS = TIME_BUDGET_MS_DEFAULT;
/** After a 429 without Retry-After, the courier is not asked again for this long. */
export const DEFAULT_COURIER_PAUSE_MS = 1_000;
export const MAX_COURIER_PAUSE_MS = 30_000;

export type Unavailable = { kind: "unavailable"; why: string };
export type WindowOutcome = EstimateOutcome | Unavailable | { kind: "not_connected" };
export type WindowResult = WindowOutcome & { source: CourierPriceSource };

export type WindowPriceDeps = {
  courierFor: (shopDomain: string) => Promise<CourierClient | null>;
  estimates: EstimateCache;
  prices: PriceMemory;
  centroids: PostalCentroids;
};

/** What the memory and model need to know of the cart; null when the shop has them off. */
export type PriceLearning = {
  key: PriceKey;
  pickupZip: string;
  maxAgeMs: number;
};

type Ask = (estimate: WindowEstimate, cacheKey: string, signal: AbortSignal) => Promise<WindowOutcome>;

export async function priceWindows(
  deps: WindowPriceDeps,
  input: {
    shopDomain: string;
    estimates: readonly WindowEstimate[];
    learning: PriceLearning | null;
    budget: AbortSignal;
    logger: QuoteLogger;
  },
): Promise<WindowResult[]> {
  const { shopDomain, estimates, learning, budget } = input;
  const ask = courierAsker(deps, shopDomain, input.logger, learning);
  const cacheKeys = estimates.map((estimate) => `${shopDomain}|${estimate.windowKey}`);
  const cached = estimates.map((estimate, i) => deps.estimates.lookup(cacheKeys[i]!, estimate.slot));
  const combination = learning ? `price:${priceKeyText(learning.key)}` : null;
  const windows = cached.filter((hit) => hit === null).length;
  // The memory and model are consulted only when the choice depends on them: a rush, windows to price.
  const consult = learning !== null && windows > 0 && deps.estimates.isRushed(shopDomain);
  const choices = chooseEstimates({
    learning: learning !== null,
    rushed: consult,
    covered: consult && deps.prices.recall(learning.key, learning.maxAgeMs) !== null,
    combinationInFlight: consult && deps.estimates.running(combination!) !== undefined,
    modelPrices: consult && modelPrice(deps, learning) !== null,
    spareCalls: deps.estimates.recentCalls(shopDomain) < REQUESTS_PER_SECOND / 2,
    windows,
  });
  let uncached = 0;
  return Promise.all(
    estimates.map(async (estimate, i): Promise<WindowResult> => {
      const cacheKey = cacheKeys[i]!;
      const hit = cached[i];
      const flightKey = `${cacheKey}@${estimate.slot}`;
      // Fresh → that. Stale (an earlier pickup slot, within the TTL) → that at once, and a refresh after the answer.
      if (hit?.state === "fresh") return { ...hit.outcome, source: "cache" };
      if (hit?.state === "stale") {
        void deps.estimates.coalesce(flightKey, () =>
          ask(estimate, cacheKey, AbortSignal.timeout(BACKGROUND_REFRESH_MS)),
        );
        return { ...hit.outcome, source: "cache" };
      }
      const choice = choices[uncached++]!;
      if (choice === "await_combination" && combination) {
        await untilAborted(deps.estimates.running(combination) ?? Promise.resolve(), budget);
      } else if (choice === "ask") {
        const live = deps.estimates.coalesce(flightKey, () => ask(estimate, cacheKey, budget));
        // Other carts of the same combination in a rush wait for this answer rather than spend a call.
        if (combination) void deps.estimates.coalesce(combination, () => live);
        const outcome = await courierUntilAborted(live, budget);
        if (outcome.kind !== "unavailable" || !learning) return { ...outcome, source: "live" };
      }
      return learning ? fromMemoryOrModel(deps, learning) : { kind: "unavailable", why: "error", source: "live" };
    }),
  );
}

/** The memory's recent price for the cart's combination, else the model's; else unavailable (the fallback). */
function fromMemoryOrModel(deps: WindowPriceDeps, learning: PriceLearning): WindowResult {
  const remembered = deps.prices.recall(learning.key, learning.maxAgeMs);
  if (remembered) {
    return {
      kind: "priced",
      priceDollars: remembered.priceDollars,
      distanceMiles: remembered.distanceMiles,
      source: "memory",
    };
  }
  const predicted = modelPrice(deps, learning);
  if (predicted) return { kind: "priced", ...predicted, source: "model" };
  return { kind: "unavailable", why: "no_courier_price", source: "model" };
}

/** The location's model's price for the cart's size class and postal code, when it has one. */
function modelPrice(
  deps: Pick<WindowPriceDeps, "prices" | "centroids">,
  learning: PriceLearning,
): { priceDollars: number; distanceMiles: number } | null {
  const centroidMilesTo = (postalCode: string) => deps.centroids.milesBetween(learning.pickupZip, postalCode);
  const model = deps.prices.model(learning.key, centroidMilesTo);
  const centroidMiles = centroidMilesTo(learning.key.postalCode);
  return model && centroidMiles !== null
    ? predictPrice(model, learning.key.sizeClass, centroidMiles, heavierClasses(learning.key.sizeClass))
    : null;
}

/** What the memory and model key a cart by, from its first window's estimate request; null when the shop has them off. */
export function priceLearningFor(
  shopDomain: string,
  locationGid: string,
  request: EstimateRequest,
  settings: Pick<ShopSettings, "priceMemory">,
): PriceLearning | null {
  if (!settings.priceMemory.enabled) return null;
  const zip = request.delivery_location.address.zip;
  return {
    key: { shopDomain, locationGid, postalCode: zip5(zip) ?? zip, sizeClass: sizeClassOf(request.items) },
    pickupZip: request.pickup_location.address.zip,
    maxAgeMs: settings.priceMemory.maxAgeMinutes * 60_000,
  };
}

/** Which source would price such a cart now (the settings preview), from the state checkout decides with. */
export function priceSourceNow(
  deps: Pick<WindowPriceDeps, "estimates" | "prices" | "centroids">,
  shopDomain: string,
  learning: PriceLearning | null,
  now: Date,
): SourceNow {
  const remembered = learning ? deps.prices.recall(learning.key, learning.maxAgeMs) : null;
  return sourceNow({
    learning: learning !== null,
    rushed: deps.estimates.isRushed(shopDomain),
    paused: deps.estimates.isPaused(shopDomain),
    remembered: remembered && {
      priceDollars: remembered.priceDollars,
      ageMinutes: (now.getTime() - remembered.storedAt.getTime()) / 60_000,
    },
    modelled: learning ? modelPrice(deps, learning) : null,
  });
}

function courierUntilAborted(work: Promise<WindowOutcome>, signal: AbortSignal): Promise<WindowOutcome> {
  const timedOut: Unavailable = { kind: "unavailable", why: "time_budget" };
  return untilAborted(
    work.catch((): WindowOutcome => ({ kind: "unavailable", why: "error" })),
    signal,
  ).then((outcome) => outcome ?? timedOut);
}

/** The work's result, or undefined as soon as `signal` aborts (the work itself goes on). Never rejects. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener("abort", onAbort, { once: true });
    const settle = (value: T | undefined) => {
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    work.then(settle, () => settle(undefined));
  });
}

/**
 * Asks the courier for one window's estimate; the client is made once per rate request. A price is
 * kept in the estimate cache and, when the shop learns, in the price memory. Never throws.
 */
function courierAsker(
  deps: WindowPriceDeps,
  shopDomain: string,
  logger: QuoteLogger,
  learning: PriceLearning | null,
): Ask {
  let client: Promise<CourierClient | null> | undefined;
  return async (estimate, cacheKey, signal) => {
    if (deps.estimates.isPaused(shopDomain)) {
      deps.estimates.noteRefused(shopDomain);
      return { kind: "unavailable", why: "courier_paused" };
    }
    try {
      client ??= deps.courierFor(shopDomain);
      const courier = await client;
      if (!courier) return { kind: "not_connected" };
      const answer = await courier.estimate(estimate.request, { lane: "quote", failFast: true, signal });
      deps.estimates.noteCall(shopDomain);
      const outcome = estimateOutcome(answer.price, answer.estimated_distance ?? null);
      if (outcome.kind === "unavailable") logger.warn("courier estimate unusable", { why: outcome.why });
      else deps.estimates.store(cacheKey, estimate.slot, outcome);
      if (outcome.kind === "priced" && learning) {
        deps.prices.remember(learning.key, {
          priceDollars: outcome.priceDollars,
          distanceMiles: outcome.distanceMiles,
          centroidMiles: deps.centroids.milesBetween(learning.pickupZip, learning.key.postalCode),
        });
      }
      return outcome;
    } catch (error) {
      const outcome = failureOutcome(error);
      if (outcome.kind !== "unavailable") deps.estimates.store(cacheKey, estimate.slot, outcome);
      else if (error instanceof CourierError && error.status === 429) {
        deps.estimates.pause(
          shopDomain,
          Math.min(error.retryAfterMs ?? DEFAULT_COURIER_PAUSE_MS, MAX_COURIER_PAUSE_MS),
        );
      }
      if (outcome.kind === "unavailable" && outcome.why === "throttled") deps.estimates.noteRefused(shopDomain);
      if (outcome.kind === "unavailable" && !EXPECTED_FAILURES.has(outcome.why)) {
        logger.warn("courier estimate failed", {
          why: outcome.why,
          status: error instanceof CourierError ? (error.status ?? null) : null,
        });
      }
      return outcome;
    }
  };
}

/** Failures that are the normal life of a busy checkout, not worth a log line each. */
const EXPECTED_FAILURES = new Set(["throttled", "timeout"]);

/** The courier's estimate as checkout reads it (too far, no price, a price it cannot use). */
export function estimateOutcome(price: unknown, distance: number | null): EstimateOutcome | Unavailable {
  if (distance !== null && distance > MAX_DISTANCE_MILES) return { kind: "out_of_area", why: "too_far" };
  if (typeof price !== "number") return { kind: "unavailable", why: "no_price" };
  try {
    dollarsToCents(price);
  } catch {
    return { kind: "unavailable", why: "invalid_price" };
  }
  return { kind: "priced", priceDollars: price, distanceMiles: distance };
}

/** A failed estimate call as checkout reads it: out of area, refused, or unavailable for now. */
export function failureOutcome(error: unknown): EstimateOutcome | Unavailable {
  if (!(error instanceof CourierError)) return { kind: "unavailable", why: "error" };
  if (isAddressProblem(error)) {
    const noRoute = error.apiErrors.some((e) => e.code === 1005);
    return { kind: "out_of_area", why: noRoute ? "no_route" : "address_not_found" };
  }
  if (error.kind === "invalid_request" || error.kind === "validation") return { kind: "refused" };
  return { kind: "unavailable", why: error.kind };
}
