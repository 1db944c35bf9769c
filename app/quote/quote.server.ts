import type { CourierClient } from "~/courier/client.server";
import { CourierError, isAddressProblem } from "~/courier/errors";
import { MAX_DISTANCE_MILES } from "~/courier/limits";
import { TIME_BUDGET_MS_DEFAULT } from "~/settings/shop-settings";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { cartToEstimates, matchPickupLocation, type WindowEstimate } from "./cart-to-estimate";
import type { EstimateCache, EstimateOutcome } from "./estimate-cache.server";
import { dollarsToCents } from "./pricing";
import { shapeRates } from "./shape-rates";
import { shopperLanguageFor } from "~/text/shopper/languages";
import { shopperText } from "~/text/shopper/shopper-text";
import type { QuoteMemory } from "./quote-memory.server";
import { parseRateRequest } from "./rate-request";
import type { ShopifyRate } from "./rate-response";
import type { QuoteShop } from "./quote-shop.server";
import { slotCapacityOf } from "~/schedule/capacity";
import { offeredWindows, type QuoteLogger, type TakenPlaces } from "./offered-windows.server";
import { areaOf, radiusVerdict, zipVerdict } from "./delivery-area";
import { openWindows } from "~/schedule/windows";
import { funnelOutcomeOf } from "./quote-funnel";
import type { QuoteFunnelRecorder } from "./quote-funnel.server";

/**
 * The answer to one carrier-service rate request: one rate per open delivery window, priced by the
 * courier (from the estimate cache when possible) and the shop's pricing rules, within the shop's
 * time budget. Checkout is never kept waiting and never shown an error page:
 * - out of area (courier 1004/1005, over 350 miles, not the US, no pickup location, nothing to
 *   ship, no window open) → `{"rates": []}`;
 * - courier slow, throttled, failing, or the quote share of its rate limit used up → the shop's
 *   fallback for that window (flat rate, or no rate); only a shop that chose Shopify's backup rates
 *   gets an error status, and only when no window could be priced.
 * Nothing about the shopper (address, cart) is logged: log lines carry reason codes only.
 */

/** Kept from the budget for pricing, quote memory and the response after the courier is cut off. */
export const RESPONSE_MARGIN_MS = 200;
/** The least time a courier call is given, even when the budget is almost spent. */
export const MIN_COURIER_CALL_MS = 100;
/** A refresh of a stale estimate runs after the answer was sent; it gets the default budget. */
export const BACKGROUND_REFRESH_MS = TIME_BUDGET_MS_DEFAULT;
/** After a 429 without Retry-After, the courier is not asked again for this long. */
export const DEFAULT_COURIER_PAUSE_MS = 1_000;
export const MAX_COURIER_PAUSE_MS = 30_000;
/** The status that makes Shopify show the merchant's backup rates. */
export const BACKUP_RATES_STATUS = 503;

/** How the answer was made, for the X-Quote-Source header and the benchmark. */
export type QuoteSource = "courier" | "cache" | "fallback" | "none" | "backup";

export type QuoteResult =
  | { status: 200; body: { rates: ShopifyRate[] }; source: Exclude<QuoteSource, "backup">; reason: string | null }
  | { status: typeof BACKUP_RATES_STATUS; body: { error: string }; source: "backup"; reason: string };

export type QuoteDeps = {
  clock: () => Date;
  /** The installed shop's quote data (see loadQuoteShop), or null. */
  shopFor: (shopDomain: string) => Promise<QuoteShop | null>;
  /** The shop's courier client, or null when it has no courier account connected. */
  courierFor: (shopDomain: string) => Promise<CourierClient | null>;
  estimates: EstimateCache;
  memory: QuoteMemory;
  /** The places taken per slot key (app/schedule/slot-reservations.server.ts takenPlaces), in one query. */
  takenPlaces: TakenPlaces;
  logger?: QuoteLogger;
  /** The signal that ends a budget of `ms` (AbortSignal.timeout); a test passes its own to end it when it chooses. */
  budgetTimer?: (ms: number) => AbortSignal;
  /** Counts every answer for Insights (in memory, written in batches); none in tests that do not look. */
  funnel?: QuoteFunnelRecorder;
};

/** Where an answer is counted: the shop's time zone once read, and the cart's pickup location ("" for none). */
type FunnelPlace = { timeZone: string | null; locationGid: string };

export type Unavailable = { kind: "unavailable"; why: string };
type WindowOutcome = EstimateOutcome | Unavailable | { kind: "not_connected" };
type WindowResult = WindowOutcome & { source: "courier" | "cache" };

const silentLogger: QuoteLogger = { warn: () => undefined };

export async function quoteRates(deps: QuoteDeps, input: { shopDomain: string; body: string }): Promise<QuoteResult> {
  const started = performance.now();
  const place: FunnelPlace = { timeZone: null, locationGid: "" };
  const result = await answerQuote(deps, input, started, place);
  if (deps.funnel) {
    const outcome = funnelOutcomeOf({
      source: result.source,
      reason: result.reason,
      rates: result.status === 200 ? result.body.rates.length : 0,
    });
    if (outcome) {
      deps.funnel.record({
        shopDomain: input.shopDomain,
        locationGid: place.locationGid,
        timeZone: place.timeZone,
        at: deps.clock(),
        outcome,
        answerMs: performance.now() - started,
      });
    }
  }
  return result;
}

async function answerQuote(
  deps: QuoteDeps,
  input: { shopDomain: string; body: string },
  started: number,
  place: FunnelPlace,
): Promise<QuoteResult> {
  const logger = deps.logger ?? silentLogger;
  // Reading the shop is bounded too: the database can be held by a long write (the one SQLite
  // connection, a PostgreSQL lock), and an unbounded read left checkout without an answer for as long
  // (the late answers of signed rate requests in issue 22, whatever their body, an empty one too).
  // Before the shop's own budget is known, the default one applies.
  const shopRead = deps.shopFor(input.shopDomain).catch((error: unknown) => {
    logger.warn("shop not read", { error: error instanceof Error ? error.name : "unknown" });
    return undefined;
  });
  const budgetTimer = deps.budgetTimer ?? ((ms: number) => AbortSignal.timeout(ms));
  const shop = await untilAborted(shopRead, budgetTimer(TIME_BUDGET_MS_DEFAULT - RESPONSE_MARGIN_MS));
  if (shop === undefined) return noRates("shop_unavailable");
  if (!shop) return noRates("shop_not_installed");
  const { settings, timeZone } = shop;
  place.timeZone = timeZone;
  // Counted from the start, so reading the shop above counts against the budget too.
  const left = settings.timeBudgetMs - (performance.now() - started) - RESPONSE_MARGIN_MS;
  const budget = budgetTimer(Math.max(Math.floor(left), MIN_COURIER_CALL_MS));

  const parsed = parseRateRequest(input.body);
  if (!parsed.ok) {
    logger.warn("rate request unreadable", { fields: parsed.problems.slice(0, 5).join("; ") });
    return noRates("unreadable_request");
  }
  const request = parsed.request;
  const now = deps.clock();
  // Shopify asks once per origin: the windows are those of the location the cart ships from.
  const origin = matchPickupLocation(request.origin, shop.pickupLocations);
  if (origin) place.locationGid = origin.locationGid;
  const windowsInput = origin && {
    now,
    timeZone,
    leadTimeMinutes: settings.leadTimeMinutes,
    windows: settings.deliveryWindows,
    hours: hoursOfLocations(settings.openingHours, [origin.locationGid]),
  };
  const capacity = origin ? slotCapacityOf(settings.openingHours, origin.locationGid) : null;
  const offered =
    origin && windowsInput
      ? await offeredWindows(deps.takenPlaces, {
          shopDomain: input.shopDomain,
          locationGid: origin.locationGid,
          capacity,
          windows: windowsInput,
          logger,
        })
      : [];
  const mapping = cartToEstimates({
    request,
    pickupLocations: shop.pickupLocations,
    defaultPackage: settings.defaultPackage,
    openWindows: offered,
  });
  if (!mapping.ok) {
    // Nothing offered although the hours would offer a window: capacity took every one out.
    const full = mapping.reason === "no_open_window" && capacity !== null && windowsInput;
    return noRates(full && openWindows(windowsInput).length > 0 ? "slots_full" : mapping.reason);
  }
  // The location's delivery area: a ZIP outside it costs no courier call.
  const area = origin ? areaOf(settings.deliveryAreas, origin.locationGid) : null;
  const byZip = zipVerdict(area, request.destination.zip);
  if (!byZip.inside) return noRates("out_of_area:zip");

  const ask = courierAsker(deps, input.shopDomain, logger);
  const results = await Promise.all(
    mapping.estimates.map((estimate) =>
      resolveWindow(deps, ask, `${input.shopDomain}|${estimate.windowKey}`, estimate, budget),
    ),
  );

  const noRate = results.find((r) => r.kind === "out_of_area" || r.kind === "refused" || r.kind === "not_connected");
  if (noRate) return noRates(noRate.kind === "out_of_area" ? `out_of_area:${noRate.why}` : noRate.kind);
  // The radius with the distance the courier measured for this cart (one estimate, cached or not).
  const priced = results.find((r) => r.kind === "priced");
  if (!radiusVerdict(area, priced?.kind === "priced" ? priced.distanceMiles : null).inside) {
    return noRates("out_of_area:radius");
  }

  const answer = shapeRates({
    settings,
    request,
    shopCurrency: shop.currency,
    timeZone,
    // Named in the buyer's language (the callback's `rate.locale`) when the shop publishes it.
    text: shopperText(shopperLanguageFor([request.locale], shop.locales)),
    estimates: mapping.estimates,
    results,
    now,
  });
  if (answer.unavailable > 0 && answer.rates.length === 0 && settings.checkoutFallback === "shopify_backup_rates") {
    return {
      status: BACKUP_RATES_STATUS,
      body: { error: "Courier unavailable" },
      source: "backup",
      reason: "courier_unavailable",
    };
  }

  if (answer.remembered.length > 0) {
    const written = deps.memory
      .remember(input.shopDomain, mapping.cartSignature, answer.remembered)
      .catch((error: unknown) => {
        logger.warn("quote memory not written", { error: error instanceof Error ? error.name : "unknown" });
      });
    // A slow database finishes the write after the answer rather than delay checkout past the budget.
    await untilAborted(written, budget);
  }
  const source =
    answer.unavailable > 0 ? "fallback" : results.some((r) => r.source === "courier") ? "courier" : "cache";
  return {
    status: 200,
    body: { rates: answer.rates },
    source,
    // Every window priced, and the shop's price rules (the courier's price, distance tiers) left each out.
    reason: answer.unavailable > 0 ? "courier_unavailable" : answer.rates.length === 0 ? "priced_out" : null,
  };
}

function noRates(reason: string): QuoteResult {
  return { status: 200, body: { rates: [] }, source: "none", reason };
}

// ---- one window: cache, single flight, courier -----------------------------------------------

type Ask = (estimate: WindowEstimate, cacheKey: string, signal: AbortSignal) => Promise<WindowOutcome>;

/**
 * Fresh cache → that. Stale cache (an earlier pickup slot, within the TTL) → that at once, and a
 * refresh after the answer. Otherwise the courier, shared with identical requests under way, cut
 * off when this request's budget runs out.
 */
async function resolveWindow(
  deps: QuoteDeps,
  ask: Ask,
  cacheKey: string,
  estimate: WindowEstimate,
  budget: AbortSignal,
): Promise<WindowResult> {
  const cached = deps.estimates.lookup(cacheKey, estimate.slot);
  if (cached?.state === "fresh") return { ...cached.outcome, source: "cache" };
  const flightKey = `${cacheKey}@${estimate.slot}`;
  if (cached?.state === "stale") {
    void deps.estimates.coalesce(flightKey, () => ask(estimate, cacheKey, AbortSignal.timeout(BACKGROUND_REFRESH_MS)));
    return { ...cached.outcome, source: "cache" };
  }
  const outcome = await courierUntilAborted(
    deps.estimates.coalesce(flightKey, () => ask(estimate, cacheKey, budget)),
    budget,
  );
  return { ...outcome, source: "courier" };
}

function courierUntilAborted(work: Promise<WindowOutcome>, signal: AbortSignal): Promise<WindowOutcome> {
  const timedOut: Unavailable = { kind: "unavailable", why: "time_budget" };
  return untilAborted(
    work.catch((): WindowOutcome => ({ kind: "unavailable", why: "error" })),
    signal,
  ).then((outcome) => outcome ?? timedOut);
}

/** The work's result, or undefined as soon as `signal` aborts (the work itself goes on). Never rejects. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
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

/** Asks the courier for one window's estimate; the client is made once per rate request. Never throws. */
function courierAsker(deps: QuoteDeps, shopDomain: string, logger: QuoteLogger): Ask {
  let client: Promise<CourierClient | null> | undefined;
  return async (estimate, cacheKey, signal) => {
    if (deps.estimates.isPaused(shopDomain)) return { kind: "unavailable", why: "courier_paused" };
    try {
      client ??= deps.courierFor(shopDomain);
      const courier = await client;
      if (!courier) return { kind: "not_connected" };
      const answer = await courier.estimate(estimate.request, { lane: "quote", failFast: true, signal });
      const outcome = estimateOutcome(answer.price, answer.estimated_distance ?? null);
      if (outcome.kind === "unavailable") logger.warn("courier estimate unusable", { why: outcome.why });
      else deps.estimates.store(cacheKey, estimate.slot, outcome);
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

// ---- the answer --------------------------------------------------------------------------------
