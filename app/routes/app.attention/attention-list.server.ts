import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { cancelShipment } from "~/staff/cancel.server";
import type { StaffDeps, WithAdmin } from "~/staff/deps";
import { StaffActionError } from "~/staff/errors";
import { CancelInput, parseInput } from "~/staff/inputs";
import { redispatchShipment } from "~/staff/order-dispatch.server";
import { parseShipmentId } from "~/staff/shipments.server";
import type { StaffActor } from "~/shops/staff-actor";
import { attentionItems, type AttentionItem, type AttentionRow } from "~/attention/attention-list";
import { ATTENTION_REASONS, attentionCodeOf } from "~/attention/reasons";

/** Home shows at most this many (oldest first); the count says how many there are in all. */
export const ATTENTION_LIST_MAX = 50;
/** Rows read at most: a shop with more needing attention sees this many counted (and the oldest listed). */
const ATTENTION_ROWS_MAX = 500;

const COLUMNS = {
  id: true,
  orderName: true,
  orderGid: true,
  fulfillmentOrderGid: true,
  generation: true,
  state: true,
  needsAttention: true,
  attentionCode: true,
  attentionReason: true,
  lastEventAt: true,
  createdAt: true,
} as const;

async function attentionRows(db: Db, shopId: string): Promise<AttentionRow[]> {
  const flagged = await db.shipment.findMany({
    where: { shopId, needsAttention: true },
    select: COLUMNS,
    orderBy: { createdAt: "asc" },
    take: ATTENTION_ROWS_MAX,
  });
  if (flagged.length === 0) return [];
  // Later dispatches of the same fulfillment orders replace a flagged row (app/attention/attention-list.ts).
  const later = await db.shipment.findMany({
    where: {
      shopId,
      needsAttention: false,
      fulfillmentOrderGid: { in: [...new Set(flagged.map((row) => row.fulfillmentOrderGid))] },
    },
    select: COLUMNS,
  });
  return [...flagged, ...later];
}

export type AttentionList = { items: AttentionItem[]; total: number };

/** Home's attention list: the oldest ATTENTION_LIST_MAX, and how many need attention in all. */
export async function attentionList(db: Db, shopDomain: string): Promise<AttentionList> {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true, timezone: true } });
  if (!shop) return { items: [], total: 0 };
  const items = attentionItems(await attentionRows(db, shop.id), shop.timezone);
  return { items: items.slice(0, ATTENTION_LIST_MAX), total: items.length };
}

/** The count shown in the app's navigation. */
export async function attentionCount(db: Db, shopDomain: string): Promise<number> {
  return (await attentionList(db, shopDomain)).total;
}

export type AttentionActionResult = { ok: boolean; message: string; shipmentId: string | null };

export type AttentionActionDeps = StaffDeps & WithAdmin & { queue: JobQueue };

/** What staff may send from the list; the cancellation is the store's own ("other", explained). */
const LIST_CANCELLATION = {
  code: "other",
  comment: "Canceled by the store from its list of deliveries needing attention.",
};

/**
 * An attention list button: the action the item's reason names (never another one), through the
 * same staff functions as the order page and the extensions. A refusal is a result, not an error.
 */
export async function runAttentionAction(
  deps: AttentionActionDeps,
  shopDomain: string,
  fields: Record<string, unknown>,
  staff: StaffActor,
): Promise<AttentionActionResult> {
  let shipmentId: string | null = null;
  try {
    shipmentId = parseShipmentId(fields.shipmentId);
    const row = await deps.db.shipment.findFirst({
      where: { id: shipmentId, shop: { domain: shopDomain }, needsAttention: true },
      select: { state: true, attentionCode: true },
    });
    if (!row) return { ok: false, message: "This delivery no longer needs attention. Reload the page.", shipmentId };
    const { action } = ATTENTION_REASONS[attentionCodeOf(row)];
    if (fields.intent !== action) return { ok: false, message: "This action does not fit this delivery.", shipmentId };
    if (action === "dispatch_again") {
      await redispatchShipment(deps, { shopDomain, shipmentId, staff });
      return { ok: true, message: "The delivery is being dispatched again.", shipmentId };
    }
    if (action === "cancel") {
      await cancelShipment(deps, {
        shopDomain,
        shipmentId,
        request: parseInput(CancelInput, LIST_CANCELLATION),
        staff,
      });
      return { ok: true, message: "The delivery was canceled.", shipmentId };
    }
    return { ok: false, message: "Fix this one on the order in Shopify.", shipmentId };
  } catch (error) {
    if (error instanceof StaffActionError) return { ok: false, message: error.message, shipmentId };
    throw error;
  }
}
