import type { WindowPrice } from "./window-price-schema";

/**
 * The settings page's editable copy of a window's price (window-price-schema.ts): money as the dollars
 * the merchant types, posted back in cents under the window's dotted names ("deliveryWindows.0.price.mode").
 * Pure, used in the browser.
 */

export type TierDraft = { upToMiles: string; price: string };
export type PriceDraft = {
  mode: WindowPrice["mode"];
  flat: string;
  tiers: TierDraft[];
  surcharge: string;
  courierLimit: string;
};

/** A window that has no price of its own yet: the courier's price through the shop's rules. */
export const COURIER_PRICE_DRAFT: PriceDraft = {
  mode: "courier",
  flat: "",
  tiers: [],
  surcharge: "",
  courierLimit: "",
};

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export function priceDraftOf(price: WindowPrice): PriceDraft {
  return {
    mode: price.mode,
    flat: dollars(price.flatCents),
    tiers: price.tiers.map((tier) => ({ upToMiles: String(tier.upToMiles), price: dollars(tier.priceCents) })),
    surcharge: price.surchargeCents === 0 ? "" : dollars(price.surchargeCents),
    courierLimit: dollars(price.offerWhileCourierAtMostCents),
  };
}

/** The fields to post under `prefix` ("deliveryWindows.0.price"); money through `toCents` (settings-draft.ts). */
export function priceEntries(
  draft: PriceDraft,
  prefix: string,
  toCents: (dollarsText: string) => string,
): [string, string][] {
  const entries: [string, string][] = [
    [`${prefix}.mode`, draft.mode],
    [`${prefix}.flatCents`, draft.mode === "flat" ? toCents(draft.flat) : ""],
    [`${prefix}.surchargeCents`, draft.surcharge.trim() === "" ? "0" : toCents(draft.surcharge)],
    [`${prefix}.offerWhileCourierAtMostCents`, toCents(draft.courierLimit)],
  ];
  const tiers = draft.mode === "distance_tiers" ? draft.tiers : [];
  if (tiers.length === 0) entries.push([`${prefix}.tiers`, ""]);
  tiers.forEach((tier, i) =>
    entries.push(
      [`${prefix}.tiers.${i}.upToMiles`, tier.upToMiles],
      [`${prefix}.tiers.${i}.priceCents`, toCents(tier.price)],
    ),
  );
  return entries;
}
