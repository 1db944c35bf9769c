/** What the extensions show for a shipment: state in words, badge tone, ETA, photos, attention. */
import {
  RATING_MAX,
  RATING_MIN,
  type DeliveryWindowQuote,
  type PhotoKind,
  type ShipmentState,
  type ShipmentView,
} from "./api-contract";
import { cancellationLabel } from "./cancellation";

/** The badge tones the admin components accept. */
export type Tone = "info" | "success" | "warning" | "critical" | "neutral" | "caution";

export const STATE_LABELS: Readonly<Record<ShipmentState, string>> = {
  pending: "Being booked",
  scheduled: "Waiting for a driver",
  assigned: "Driver assigned",
  en_route: "Out for delivery",
  delivered: "Delivered",
  attempted: "Delivery attempted",
  returned: "Returned to store",
  canceled: "Canceled",
  expired: "Expired: no driver accepted",
  failed: "Booking failed",
};

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

export const PHOTO_LABELS: Readonly<Record<PhotoKind, string>> = {
  signature: "Signature",
  pickup: "Pickup photo",
  delivery: "Delivery photo",
};

/** Formats a point in time for display; the extension passes the admin's formatter (locale, zone). */
export type FormatTime = (date: Date) => string;

function parseIso(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "3:45 PM (in 20 min)", "3:45 PM (due now)", "3:45 PM (12 min late)"; null without a usable ETA. */
export function etaText(etaIso: string | null, now: Date, formatTime: FormatTime): string | null {
  const eta = parseIso(etaIso);
  if (!eta) return null;
  const minutes = Math.round((eta.getTime() - now.getTime()) / 60_000);
  const relative = minutes > 0 ? `in ${minutes} min` : minutes === 0 ? "due now" : `${-minutes} min late`;
  return `${formatTime(eta)} (${relative})`;
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

/** Everything the block and the action show for one shipment. */
/** "Delivery …", "Return collection …"; a round trip's legs say which leg they are. */
export function headingOf(shipment: ShipmentView): string {
  const what =
    shipment.leg?.kind === "return_pickup" ? "Return collection" : shipment.leg ? "Exchange delivery" : "Delivery";
  const base = shipment.trackingNumber ? `${what} ${shipment.trackingNumber}` : `${what} for ${shipment.orderName}`;
  const trip = shipment.leg?.roundTrip;
  return trip ? `Round trip, leg ${trip.sequence}: ${base}` : base;
}

export function shipmentCard(shipment: ShipmentView, now: Date, formatTime: FormatTime): ShipmentCard {
  const details: { label: string; value: string }[] = [];
  if (shipment.recipient) {
    const { name, phone, address } = shipment.recipient;
    details.push({ label: "Customer", value: `${name} · ${phone} · ${address}` });
  }
  if (shipment.trackingNumber) details.push({ label: "Tracking number", value: shipment.trackingNumber });
  if (shipment.driverFirstName) details.push({ label: "Driver", value: shipment.driverFirstName });
  const eta = ["assigned", "en_route"].includes(shipment.state) ? etaText(shipment.etaIso, now, formatTime) : null;
  if (eta) details.push({ label: "ETA", value: eta });
  const windowStart = parseIso(shipment.windowStartIso);
  const windowEnd = parseIso(shipment.windowEndIso);
  if (windowStart && windowEnd && !["delivered", "canceled", "expired", "failed"].includes(shipment.state)) {
    details.push({ label: "Delivery window", value: `${formatTime(windowStart)} – ${formatTime(windowEnd)}` });
  }
  const deliveredAt = parseIso(shipment.deliveredAtIso);
  if (shipment.state === "delivered" && deliveredAt) {
    details.push({ label: "Delivered at", value: formatTime(deliveredAt) });
  }
  if (shipment.state === "canceled" && shipment.cancellationCode) {
    details.push({ label: "Reason", value: cancellationLabel(shipment.cancellationCode) });
  }
  if (shipment.driverPayRaisedCents > 0) {
    // The courier's extra compensation is in US dollars.
    details.push({ label: "Driver's pay raised", value: formatMoney(shipment.driverPayRaisedCents, "USD") });
  }
  if (shipment.tipped) details.push({ label: "Tip", value: "Sent" });
  if (shipment.rated) details.push({ label: "Rating", value: "Sent" });

  return {
    heading: headingOf(shipment),
    stateLabel: STATE_LABELS[shipment.state],
    tone: shipment.needsAttention ? "critical" : STATE_TONES[shipment.state],
    details,
    trackingUrl: shipment.trackingUrl,
    attention: shipment.needsAttention
      ? {
          reason: shipment.attentionReason ?? "This delivery needs your attention.",
          fix: shipment.attentionFix,
        }
      : null,
    photos: shipment.photos.map((photo) => ({ label: PHOTO_LABELS[photo.kind], url: photo.url })),
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
export function blockSummary(shipments: readonly ShipmentView[]): string {
  if (shipments.length === 0) return "No same-day delivery yet";
  const attention = shipments.filter((s) => s.needsAttention).length;
  if (attention > 0) {
    return attention === 1 ? "1 delivery needs attention" : `${attention} deliveries need attention`;
  }
  const [first] = sortForDisplay(shipments);
  if (shipments.length === 1 && first) return STATE_LABELS[first.state];
  const live = shipments.filter((s) => !FINAL.has(s.state)).length;
  return live > 0 ? `${shipments.length} deliveries, ${live} in progress` : `${shipments.length} deliveries`;
}

/** The words for each driver rating, shown wherever staff rate a driver (the page and the order action). */
export const RATING_WORDS: Readonly<Record<number, string>> = {
  1: "Poor",
  2: "Fair",
  3: "Good",
  4: "Very good",
  5: "Excellent",
};

/** The rating choices, best first, each as "5 – Excellent". */
export const RATING_OPTIONS: readonly { value: number; label: string }[] = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, i) => RATING_MAX - i,
).map((value) => ({ value, label: `${value} – ${RATING_WORDS[value] ?? ""}` }));
