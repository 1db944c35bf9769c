import { deliveriesOnly } from "~/shipments/leg-kind";

/**
 * The ordering key of the jobs that write an order's delivery metafield (dispatch's annotation, the
 * summary after courier events). Each reads the shipments when it runs and then writes them: under one
 * key they run one at a time in the order they were queued, so an older read is never written over a
 * newer one (two keys let an annotation read before a delivery and write after its summary).
 */
export function orderMetafieldJobKey(shopDomain: string, orderGid: string): string {
  return `order-annotation:${shopDomain}:${orderGid}`;
}

/**
 * The order's app metafield: what the admin block (and later a customer-facing page) shows for each
 * of the order's shipments. Only the driver's first name; no phone, no recipient data.
 */

export type ShipmentForSummary = {
  id: string;
  kind?: string | null;
  state: string;
  trackingNumber: string | null;
  driverName: string | null;
  etaAt: Date | null;
  signatoryName: string | null;
  photosJson: string | null;
  needsAttention: boolean;
  attentionReason: string | null;
  updatedAt: Date;
};

export type OrderDeliverySummary = {
  version: 1;
  shipments: {
    id: string;
    state: string;
    trackingNumber: string | null;
    driverFirstName: string | null;
    eta: string | null;
    signatory: string | null;
    photos: string[];
    needsAttention: string | null;
  }[];
  updatedAt: string;
};

export function firstName(fullName: string | null): string | null {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? first : null;
}

function photos(json: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

export function orderDeliverySummary(all: ShipmentForSummary[]): OrderDeliverySummary {
  // The order's deliveries: a return's collection is not one (app/returns).
  const shipments = deliveriesOnly(all);
  const latest = shipments.reduce((max, s) => (s.updatedAt > max ? s.updatedAt : max), new Date(0));
  return {
    version: 1,
    shipments: shipments.map((s) => ({
      id: s.id,
      state: s.state,
      trackingNumber: s.trackingNumber,
      driverFirstName: firstName(s.driverName),
      eta: s.etaAt?.toISOString() ?? null,
      signatory: s.signatoryName,
      photos: photos(s.photosJson),
      needsAttention: s.needsAttention ? s.attentionReason : null,
    })),
    updatedAt: latest.toISOString(),
  };
}
