import { TIME_BUDGET_MS_DEFAULT } from "~/settings/shop-settings";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { cartToEstimates, matchPickupLocation } from "./cart-to-estimate";
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
import { funnelOutcomeOf, type CourierPriceSource } from "./quote-funnel";
import type { QuoteFunnelRecorder } from "./quote-funnel.server";
import { priceLearningFor, priceWindows, untilAborted, type WindowPriceDeps } from "./window-prices.server";

/**
 * The answer to one carrier-service rate request: one rate per open delivery window, priced by the
 * courier (live, from the estimate cache, or from its recent prices: window-prices.server.ts) and the
 * shop's pricing rules, within the shop's time budget. Checkout is never kept waiting and never shown
 * an error page:
 * - out of area (courier 1004/1005, over 350 miles, not the US, no pickup location, nothing to
 *   ship, no window open) → `{"rates": []}`;
 * - courier slow, throttled, failing, or the quote share of its rate limit used up → the price
 *   memory or model when the shop lets them and they know the cart's kind, else the shop's
 *   fallback for that window (flat rate, or no rate); only a shop that chose Shopify's backup rates
 *   gets an error status, and only when no window could be priced.
 * Nothing about the shopper (address, cart) is logged: log lines carry reason codes only.
 */

/** Kept from the budget for pricing, quote memory and the response after the courier is cut off. */
export const RESPONSE_MARGIN_MS = 200;
/** The longest an answer waits for its quote memory write (the write goes on after it). */
export const QUOTE_MEMORY_WAIT_MS = 50;
/** The least time a courier call is given, even when the budget is almost spent. */
export const MIN_COURIER_CALL_MS = 100;
/** The status that makes Shopify show the merchant's backup rates. */
export const BACKUP_RATES_STATUS = 503;

/**
 * How the answer was made, for the X-Quote-Source header, the benchmark and the quote memory: the
 * weakest source of its windows' prices (a fallback, then model, memory, live, cache), or none
 * (no rate), or backup (Shopify's backup rates).
 */
export type QuoteSource = CourierPriceSource | "fallback" | "none" | "backup";

export type QuoteResult =
  | { status: 200; body: { rates: ShopifyRate[] }; source: Exclude<QuoteSource, "backup">; reason: string | null }
  | { status: typeof BACKUP_RATES_STATUS; body: { error: string }; source: "backup"; reason: string };

export type QuoteDeps = WindowPriceDeps & {
  clock: () => Date;
  /** The installed shop's quote data (see loadQuoteShop), or null. */
  shopFor: (shopDomain: string) => Promise<QuoteShop | null>;
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

  const learning = priceLearningFor(
    input.shopDomain,
    mapping.pickup.locationGid,
    mapping.estimates[0]!.request,
    settings,
  );
  // The postal-code table loads once, on the first quote that may need it, while the courier is asked.
  if (learning) void deps.centroids.load();
  const results = await priceWindows(deps, {
    shopDomain: input.shopDomain,
    estimates: mapping.estimates,
    learning,
    budget,
    logger,
  });

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
    // Dispatch reads it minutes later at the soonest: a slow database (a rush's writes, another
    // process's) finishes the write after the answer rather than delay checkout.
    await untilAborted(written, AbortSignal.any([budget, AbortSignal.timeout(QUOTE_MEMORY_WAIT_MS)]));
  }
  const source = answer.unavailable > 0 ? "fallback" : weakestSource(results);
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

/** Weakest first: an answer is only as courier-based as its least courier-based window. */
const SOURCES_WEAKEST_FIRST: readonly CourierPriceSource[] = ["model", "memory", "live", "cache"];

function weakestSource(results: readonly { kind: string; source: CourierPriceSource }[]): CourierPriceSource {
  const priced = new Set(results.filter((r) => r.kind === "priced").map((r) => r.source));
  return SOURCES_WEAKEST_FIRST.find((source) => priced.has(source)) ?? "cache";
}
