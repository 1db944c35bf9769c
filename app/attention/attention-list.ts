/**
 * Home's attention list (pure): the deliveries that need action now, oldest first, each with its
 * reason in words and the one action that resolves it (app/shipments/attention-reasons.ts).
 */
import { instantLabel } from "~/schedule/labels";
import { legacyId } from "~/shopify-admin/global-ids";
import {
  ATTENTION_REASONS,
  attentionCodeOf,
  fixesOf,
  type AttentionAction,
  type AttentionCode,
  type AttentionFix,
} from "~/shipments/attention-reasons";

/** The columns of a Shipment row the list needs. */
export type AttentionRow = {
  id: string;
  orderName: string;
  orderGid: string;
  fulfillmentOrderGid: string;
  generation: number;
  state: string;
  needsAttention: boolean;
  attentionCode: string | null;
  attentionReason: string | null;
  /** When its state last changed (what raised the attention, mostly); null before any courier event. */
  lastEventAt: Date | null;
  createdAt: Date;
};

export type AttentionItem = {
  shipmentId: string;
  orderName: string;
  /** The order in Shopify's admin (App Bridge opens `shopify://admin/…` links in the admin). */
  orderAdminUrl: string;
  code: AttentionCode;
  reason: string;
  action: AttentionAction;
  actionLabel: string;
  /** Every fix offered (the main one first); "Resolve" with a note is always offered besides. */
  fixes: AttentionFix[];
  sinceIso: string;
  /** "Since Thu, Nov 26, 2:30 pm" in the shop's time zone (rendered the same on server and browser). */
  sinceLabel: string;
};

export function orderAdminUrl(orderGid: string): string {
  return `shopify://admin/orders/${legacyId(orderGid)}`;
}

const sinceOf = (row: AttentionRow) => row.lastEventAt ?? row.createdAt;

/**
 * The rows that need attention, except one a later dispatch of its fulfillment order replaced (a
 * later generation: that one is what counts now), oldest first (then by id, so the order is stable).
 */
export function attentionItems(rows: readonly AttentionRow[], timeZone: string): AttentionItem[] {
  const latest = new Map<string, number>();
  for (const row of rows)
    latest.set(row.fulfillmentOrderGid, Math.max(latest.get(row.fulfillmentOrderGid) ?? 0, row.generation));
  return rows
    .filter((row) => row.needsAttention && row.generation >= (latest.get(row.fulfillmentOrderGid) ?? 0))
    .sort((a, b) => sinceOf(a).getTime() - sinceOf(b).getTime() || a.id.localeCompare(b.id))
    .map((row) => {
      const code = attentionCodeOf(row);
      const entry = ATTENTION_REASONS[code];
      return {
        shipmentId: row.id,
        orderName: row.orderName,
        orderAdminUrl: orderAdminUrl(row.orderGid),
        code,
        reason: row.attentionReason?.trim() || entry.words,
        action: entry.action,
        actionLabel: entry.actionLabel,
        fixes: fixesOf(code),
        sinceIso: sinceOf(row).toISOString(),
        sinceLabel: `Since ${instantLabel(sinceOf(row), timeZone)}`,
      };
    });
}
