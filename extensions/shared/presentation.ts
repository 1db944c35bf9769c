/**
 * What the extensions show for a shipment: state in words, badge tone, ETA, photos, attention. The
 * words come from the extension's locale files (`card.*` in order-delivery-action and
 * order-delivery-block) through `shopify.i18n.translate`, passed in as `t`.
 */
import {
  RATING_MAX,
  RATING_MIN,
  type DeliveryWindowQuote,
  type PhotoKind,
  type ShipmentState,
  type ShipmentView,
} from "./api-contract";
import type { AdminWords } from "./admin-words";
import { cancellationLabel } from "./cancellation";

/** The badge tones the admin components accept. */
export type Tone = "info" | "success" | "warning" | "critical" | "neutral" | "caution";

export type { AdminWords } from "./admin-words";

/** A shipment state in the staff's language. */
export function stateLabel(state: ShipmentState, t: AdminWords): string {
  return t(`card.state.${state}`);
}

export const STATE_TONES: Readonly<Record<ShipmentState, Tone>> = {
  pending: "neutral",
  scheduled: "info",
  assigned: "info",
  en_route: "info",
  delivered: "success",
  attempted: "warning",
  returned: "critical",
  canceled: "neutral",
  expired: "warning",
  failed: "critical",
};

/** A photo's name: the signature, the pickup or the delivery photo. */
export function photoLabel(kind: PhotoKind, t: AdminWords): string {
  return t(`card.photo.${kind}`);
}

/** Formats a point in time for display; the extension passes the admin's formatter (locale, zone). */
export type FormatTime = (date: Date) => string;

function parseIso(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "3:45 PM (in 20 min)", "3:45 PM (due now)", "3:45 PM (12 min late)"; null without a usable ETA. */
export function etaText(etaIso: string | null, now: Date, formatTime: FormatTime, t: AdminWords): string | null {
  const eta = parseIso(etaIso);
  if (!eta) return null;
  const minutes = Math.round((eta.getTime() - now.getTime()) / 60_000);
  const relative =
    minutes > 0
      ? t("card.eta.in", { minutes })
      : minutes === 0
        ? t("card.eta.dueNow")
        : t("card.eta.late", { minutes: -minutes });
  return t("card.eta.at", { time: formatTime(eta), relative });
}

/** A US-dollar (or other currency) amount from minor units, e.g. 1250 → "$12.50". */
export function formatMoney(cents: number, currencyCode: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currencyCode }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currencyCode}`;
  }
}

/** One line per window in the dispatch form: "Today, 2:00–4:00 PM — $12.50". */
export function windowOptionLabel(window: DeliveryWindowQuote): string {
  return `${window.title} — ${formatMoney(window.priceCents, window.currencyCode)}`;
}

export interface ShipmentCard {
  heading: string;
  stateLabel: string;
  tone: Tone;
  /** Label/value lines, only those known. */
  details: { label: string; value: string }[];
  trackingUrl: string | null;
  attention: { reason: string; fix: string | null } | null;
  photos: { label: string; url: string }[];
}

/** "Delivery …", "Return collection …"; a round trip's legs say which leg they are. */
export function headingOf(shipment: ShipmentView, t: AdminWords): string {
  const what = t(
    shipment.leg?.kind === "return_pickup"
      ? "card.heading.collection"
      : shipment.leg
        ? "card.heading.exchange"
        : "card.heading.delivery",
  );
  const base = shipment.trackingNumber
    ? t("card.heading.numbered", { what, number: shipment.trackingNumber })
    : t("card.heading.forOrder", { what, order: shipment.orderName });
  const trip = shipment.leg?.roundTrip;
  return trip ? t("card.heading.roundTrip", { sequence: trip.sequence, heading: base }) : base;
}

/** Everything the block and the action show for one shipment, in the staff's language. */
export function shipmentCard(shipment: ShipmentView, now: Date, formatTime: FormatTime, t: AdminWords): ShipmentCard {
  const details: { label: string; value: string }[] = [];
  const detail = (key: string, value: string) => details.push({ label: t(`card.detail.${key}`), value });
  if (shipment.recipient) {
    const { name, phone, address } = shipment.recipient;
    detail("customer", `${name} · ${phone} · ${address}`);
  }
  if (shipment.trackingNumber) detail("trackingNumber", shipment.trackingNumber);
  if (shipment.driverFirstName) detail("driver", shipment.driverFirstName);
  const eta = ["assigned", "en_route"].includes(shipment.state) ? etaText(shipment.etaIso, now, formatTime, t) : null;
  if (eta) detail("eta", eta);
  const windowStart = parseIso(shipment.windowStartIso);
  const windowEnd = parseIso(shipment.windowEndIso);
  if (windowStart && windowEnd && !["delivered", "canceled", "expired", "failed"].includes(shipment.state)) {
    detail("window", `${formatTime(windowStart)} – ${formatTime(windowEnd)}`);
  }
  const deliveredAt = parseIso(shipment.deliveredAtIso);
  if (shipment.state === "delivered" && deliveredAt) detail("deliveredAt", formatTime(deliveredAt));
  if (shipment.state === "canceled" && shipment.cancellationCode) {
    detail("reason", cancellationLabel(shipment.cancellationCode, t));
  }
  // The courier's extra compensation is in US dollars.
  if (shipment.driverPayRaisedCents > 0) detail("payRaised", formatMoney(shipment.driverPayRaisedCents, "USD"));
  if (shipment.tipped) detail("tip", t("card.detail.sent"));
  if (shipment.rated) detail("rating", t("card.detail.sent"));

  return {
    heading: headingOf(shipment, t),
    stateLabel: stateLabel(shipment.state, t),
    tone: shipment.needsAttention ? "critical" : STATE_TONES[shipment.state],
    details,
    trackingUrl: shipment.trackingUrl,
    attention: shipment.needsAttention
      ? { reason: shipment.attentionReason ?? t("card.attention"), fix: shipment.attentionFix }
      : null,
    photos: shipment.photos.map((photo) => ({ label: photoLabel(photo.kind, t), url: photo.url })),
  };
}

/** Final states sort after live ones; needs-attention first. */
const FINAL: ReadonlySet<ShipmentState> = new Set(["delivered", "returned", "canceled", "expired", "failed"]);

export function sortForDisplay(shipments: readonly ShipmentView[]): ShipmentView[] {
  const rank = (s: ShipmentView) => (s.needsAttention ? 0 : FINAL.has(s.state) ? 2 : 1);
  // A round trip's legs stay together, in leg order, where its most urgent leg would be.
  const group = (s: ShipmentView) => s.leg?.roundTrip?.referenceId ?? s.id;
  const groups = new Map<string, { rank: number; index: number }>();
  shipments.forEach((shipment, index) => {
    const key = group(shipment);
    const seen = groups.get(key);
    groups.set(key, {
      rank: Math.min(seen?.rank ?? Infinity, rank(shipment)),
      index: Math.min(seen?.index ?? Infinity, index),
    });
  });
  return shipments
    .map((shipment, index) => ({ shipment, index, group: groups.get(group(shipment))! }))
    .sort(
      (a, b) =>
        a.group.rank - b.group.rank ||
        a.group.index - b.group.index ||
        (a.shipment.leg?.roundTrip?.sequence ?? 0) - (b.shipment.leg?.roundTrip?.sequence ?? 0) ||
        a.index - b.index,
    )
    .map(({ shipment }) => shipment);
}

/** The block's one-line summary (shown when it is collapsed). */
export function blockSummary(shipments: readonly ShipmentView[], t: AdminWords): string {
  if (shipments.length === 0) return t("card.summary.none");
  const attention = shipments.filter((s) => s.needsAttention).length;
  if (attention > 0) {
    return attention === 1 ? t("card.summary.attentionOne") : t("card.summary.attentionMany", { count: attention });
  }
  const [first] = sortForDisplay(shipments);
  if (shipments.length === 1 && first) return stateLabel(first.state, t);
  const live = shipments.filter((s) => !FINAL.has(s.state)).length;
  return live > 0
    ? t("card.summary.someLive", { count: shipments.length, live })
    : t("card.summary.all", { count: shipments.length });
}

/** The rating values, best first. */
export const RATING_VALUES: readonly number[] = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, i) => RATING_MAX - i,
);

/** The rating choices, best first, each as "5 – Excellent" (the words: the order action's `card.ratingWords`). */
export function ratingOptions(t: AdminWords): { value: number; label: string }[] {
  return RATING_VALUES.map((value) => ({ value, label: `${value} – ${t(`card.ratingWords.${value}`)}` }));
}
