import type { CourierClient } from "~/courier/client.server";
import type { Db } from "~/db/client.server";
import { fieldErrorsFromIssues } from "~/forms/field-errors";
import { instantLabel } from "~/schedule/labels";
import { spanName, uniqueNames } from "~/schedule/rate-wording";
import { hoursOfLocations, parseIsoDate } from "~/schedule/opening-hours";
import { previewSchedule, type NoWindowReason } from "~/schedule/preview";
import { zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";
import { candidateSlotKeys, fullSlotTest } from "~/schedule/capacity";
import { takenPlaces } from "~/schedule/slot-reservations.server";
import type { OpenWindow, OpenWindowsInput } from "~/schedule/windows";
import { cartToEstimates, type WindowEstimate } from "./cart-to-estimate";
import { windowPriceFor } from "./window-pricing";
import {
  estimateOutcome,
  failureOutcome,
  priceLearningFor,
  priceSourceNow,
  type Unavailable,
  type WindowPriceDeps,
} from "./window-prices.server";
import type { SourceNow } from "./price-source-now";
import type { EstimateOutcome } from "./estimate-cache.server";
import type { TakenPlaces } from "./offered-windows.server";
import { loadQuoteShop, type QuoteShop } from "./quote-shop.server";
import { RatePreviewInput } from "./rate-preview-input";
import type { RateRequest } from "./rate-request";
import { toShopifyRate } from "./rate-response";
import { areaOf, type AreaVerdict, radiusVerdict, zipVerdict } from "./delivery-area";

/**
 * The settings page's preview: what a shopper at an address would be offered at a shop-local date
 * and time. The same window computation as checkout (app/schedule), the same estimate request and
 * pricing rules; the courier is asked directly (no cache, no quote memory: a preview is not a quote
 * an order could use). Without a courier account or a full address, the windows come without prices.
 */

/** Whether an offer's slot has no place left for the location, as checkout counts it (openWindows' isFull). */
export type FullSlots = (input: {
  shopDomain: string;
  locationGid: string;
  /** The location's most deliveries per slot; null: no limit. */
  slotCapacity: number | null;
  schedule: OpenWindowsInput;
}) => Promise<(offer: OpenWindow) => boolean>;

/**
 * The slots' places counted as checkout counts them (app/quote/offered-windows.server.ts): every
 * candidate slot of the location in one query, full when its places in use reach the capacity.
 */
export function countedFullSlots(takenPlaces: TakenPlaces): FullSlots {
  return async ({ shopDomain, locationGid, slotCapacity, schedule }) => {
    if (slotCapacity === null) return () => false;
    const taken = await takenPlaces(shopDomain, candidateSlotKeys(locationGid, schedule));
    return fullSlotTest({ locationGid, capacity: slotCapacity, taken, timeZone: schedule.timeZone });
  };
}

export type RatePreviewDeps = {
  db: Db;
  courierFor: (shopDomain: string) => Promise<CourierClient | null>;
  /** Defaults to the reservations in `db` (countedFullSlots). */
  fullSlots?: FullSlots;
  /** Checkout's price memory, model and courier state (the runtime's quote deps): which source would price now. */
  pricing?: Pick<WindowPriceDeps, "estimates" | "prices" | "centroids">;
  clock?: () => Date;
};

export type PreviewRate = {
  serviceCode: string;
  /** The rate's name as checkout shows it. */
  name: string;
  description: string;
  /** "Today 2–4 pm". */
  window: string;
  pickupAfter: string;
  /** What the shopper pays; null when no price could be had (see priceNote). */
  priceCents: number | null;
};

export type RatePreviewResult =
  | {
      intent: "preview";
      ok: true;
      /** The instant asked about, as staff read it. */
      at: string;
      currency: string;
      rates: PreviewRate[];
      /** Why the rates come without prices, when they do. */
      priceNote: string | null;
      /** Which source checkout would price this address from now (live, memory, model, fallback); null when not asked. */
      priceSource?: SourceNow | null;
      /** area_zip / area_radius: the location's delivery area hid the rates (delivery-area.ts). */
      whyNone: { reason: NoWindowReason | "out_of_area" | "area_zip" | "area_radius"; message: string } | null;
    }
  | { intent: "preview"; ok: false; message: string; fieldErrors: Record<string, string> };

/** The preview prices one parcel of the shop's default package, standing for a cart. */
const ONE_PARCEL = 1;

export async function previewRates(
  deps: RatePreviewDeps,
  shopDomain: string,
  form: Record<string, unknown>,
): Promise<RatePreviewResult> {
  const parsed = RatePreviewInput.safeParse(form);
  if (!parsed.success) return refused(fieldErrorsFromIssues(parsed.error.issues));
  const input = parsed.data;
  const shop = await loadQuoteShop(deps.db, shopDomain);
  if (!shop) return refused({ form: "The app is not set up for this store yet. Reload the app." });
  const location = shop.pickupLocations.find((p) => p.locationGid === input.locationGid);
  if (!location) return refused({ locationGid: "Choose an enabled pickup location (save the settings first)." });

  const { settings, timeZone } = shop;
  const now = zonedTimeOnDate(parseIsoDate(input.date), input.time, timeZone);
  const schedule = {
    now,
    timeZone,
    leadTimeMinutes: settings.leadTimeMinutes,
    windows: settings.deliveryWindows,
    hours: hoursOfLocations(settings.openingHours, [location.locationGid]),
  };
  const slotCapacity = settings.openingHours.find((h) => h.locationGid === location.locationGid)?.slotCapacity ?? null;
  const fullSlots = deps.fullSlots ?? countedFullSlots((shop, keys) => takenPlaces(deps.db, shop, keys));
  const isFull = await fullSlots({ shopDomain, locationGid: location.locationGid, slotCapacity, schedule });
  const preview = previewSchedule({ ...schedule, isFull });
  const answer = {
    intent: "preview" as const,
    ok: true as const,
    at: instantLabel(now, timeZone),
    currency: shop.currency,
  };
  if (preview.whyNone) return { ...answer, rates: [], priceNote: null, whyNone: preview.whyNone };

  const unpriced = (note: string) => ({
    ...answer,
    rates: uniqueNames(preview.offered.map((window) => previewRate(shop, window, now, null))),
    priceNote: note,
    whyNone: null,
  });
  const area = areaOf(settings.deliveryAreas, location.locationGid);
  const byZip = zipVerdict(area, input.zip);
  if (!byZip.inside) return { ...answer, rates: [], priceNote: null, whyNone: hiddenByArea(byZip) };
  const mapping = cartToEstimates({
    request: rateRequestFor(location.address, input, shop),
    pickupLocations: [location],
    defaultPackage: settings.defaultPackage,
    openWindows: preview.offered,
  });
  if (!mapping.ok) {
    if (mapping.reason === "destination_address_incomplete")
      return unpriced("Enter the street, city and state too for the courier's prices.");
    return unpriced(mapping.detail);
  }
  const courier = await deps.courierFor(shopDomain);
  if (!courier) return unpriced("Connect the courier account for prices.");
  // Read before the courier is asked below, so the preview's own estimate does not change the answer.
  const priceSource = deps.pricing ? await sourceForPreview(deps.pricing, shopDomain, mapping, settings, deps) : null;

  const outcomes = await Promise.all(mapping.estimates.map((estimate) => askCourier(courier, estimate)));
  const outOfArea = outcomes.find((outcome) => outcome.kind === "out_of_area");
  if (outOfArea) {
    const why = outOfArea.why === "too_far" ? "it is too far from the store" : "the courier cannot route to it";
    return {
      ...answer,
      rates: [],
      priceNote: null,
      whyNone: { reason: "out_of_area", message: `Out of the delivery area: ${why}.` },
    };
  }
  const rates = mapping.estimates.flatMap((estimate, i) => {
    const outcome = outcomes[i]!;
    if (outcome.kind !== "priced") return [previewRate(shop, estimate.window, now, null)];
    const configured = settings.deliveryWindows.find((w) => w.id === estimate.window.windowId);
    const price = windowPriceFor({
      price: configured?.price,
      rules: settings.pricing,
      courierPriceDollars: outcome.priceDollars,
      distanceMiles: outcome.distanceMiles,
      orderSubtotalCents: null,
      customerTags: [],
    });
    // As at checkout: a window whose own price limits leave it out is not offered.
    return price.offered ? [previewRate(shop, estimate.window, now, price.totalCents)] : [];
  });
  const priced = outcomes.find((outcome) => outcome.kind === "priced");
  const byRadius = radiusVerdict(area, priced?.kind === "priced" ? priced.distanceMiles : null);
  if (!byRadius.inside) {
    return { ...answer, rates: [], priceNote: null, whyNone: hiddenByArea(byRadius) };
  }
  const unanswered = outcomes.find((outcome) => outcome.kind === "refused" || outcome.kind === "unavailable");
  const priceNote = unanswered
    ? `The courier gave no price for some windows (${unanswered.kind === "refused" ? "request refused" : unanswered.why}); checkout would use the fallback.`
    : null;
  return { ...answer, rates: uniqueNames(rates), priceNote, priceSource, whyNone: null };
}

async function sourceForPreview(
  pricing: NonNullable<RatePreviewDeps["pricing"]>,
  shopDomain: string,
  mapping: Extract<ReturnType<typeof cartToEstimates>, { ok: true }>,
  settings: QuoteShop["settings"],
  deps: RatePreviewDeps,
): Promise<SourceNow> {
  const learning = priceLearningFor(shopDomain, mapping.pickup.locationGid, mapping.estimates[0]!.request, settings);
  // The postal-code table, as checkout loads it on its first quote.
  if (learning) await pricing.centroids.load();
  return priceSourceNow(pricing, shopDomain, learning, (deps.clock ?? (() => new Date()))());
}

function hiddenByArea(verdict: Exclude<AreaVerdict, { inside: true }>) {
  const rule = verdict.rule === "zip" ? "ZIP codes" : "radius";
  return {
    reason: verdict.rule === "zip" ? ("area_zip" as const) : ("area_radius" as const),
    message: `No rate: outside the location's delivery area (its ${rule} rule). ${verdict.message}`,
  };
}

function refused(fieldErrors: Record<string, string>): RatePreviewResult {
  const messages = Object.values(fieldErrors);
  const message = messages.length === 1 ? messages[0]! : `Fix the ${messages.length} highlighted fields.`;
  return { intent: "preview", ok: false, message, fieldErrors };
}

async function askCourier(courier: CourierClient, estimate: WindowEstimate): Promise<EstimateOutcome | Unavailable> {
  try {
    const answer = await courier.estimate(estimate.request, { lane: "quote", failFast: true });
    return estimateOutcome(answer.price, answer.estimated_distance ?? null);
  } catch (error) {
    return failureOutcome(error);
  }
}

/** The rate request Shopify would send for one parcel of the default package from the location to the address. */
function rateRequestFor(
  origin: QuoteShop["pickupLocations"][number]["address"],
  input: RatePreviewInput,
  shop: QuoteShop,
): RateRequest {
  return {
    origin: {
      countryCode: origin.countryCode ?? null,
      zip: origin.zip ?? null,
      provinceCode: origin.provinceCode ?? null,
      city: origin.city ?? null,
      address1: origin.address1 ?? null,
      address2: origin.address2 ?? null,
    },
    destination: {
      countryCode: "US",
      zip: input.zip,
      provinceCode: input.state,
      city: input.city,
      address1: input.address1,
      address2: null,
    },
    items: [
      {
        name: null,
        quantity: ONE_PARCEL,
        grams: null,
        priceCents: null,
        requiresShipping: true,
        productId: null,
        variantId: null,
      },
    ],
    currency: shop.currency,
    locale: null,
    subtotalCents: null,
  };
}

function previewRate(shop: QuoteShop, window: OpenWindow, now: Date, priceCents: number | null): PreviewRate {
  const configured = shop.settings.deliveryWindows.find((w) => w.id === window.windowId)!;
  const rate = toShopifyRate({
    window: configured,
    openWindow: window,
    totalCents: priceCents ?? 0,
    currency: shop.currency,
    timeZone: shop.timeZone,
    now,
  });
  const today = zonedDate(now, shop.timeZone);
  return {
    serviceCode: rate.service_code,
    name: rate.service_name,
    description: rate.description,
    window: spanName(window.deliverBetween, today, shop.timeZone),
    pickupAfter: instantLabel(window.pickupAfter, shop.timeZone),
    priceCents,
  };
}
