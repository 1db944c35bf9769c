import type { Db } from "~/db/client.server";
import { cancelShipment } from "~/staff/cancel.server";
import type { StaffDeps, WithAdmin } from "~/staff/deps";
import { StaffActionError } from "~/staff/errors";
import { CancelInput, DispatchInput, parseInput } from "~/staff/inputs";
import type { QuoteResponse } from "../../../extensions/shared/api-contract";
import { deliverAgainShipment, quoteForOrder, redispatchShipment } from "~/staff/order-dispatch.server";
import { legacyId } from "~/shopify-admin/global-ids";
import { formatMoney } from "~/text/format";
import { parseShipmentId } from "~/staff/shipments.server";
import type { StaffActor } from "~/shops/staff-actor";
import { attentionItems, type AttentionItem, type AttentionRow } from "~/attention/attention-list";
import { raisePayNow } from "~/attention/raise-pay-now.server";
import { NOT_NEEDING_ATTENTION, resolveAttention } from "~/attention/resolve.server";
import { attentionCodeOf, fixesOf, RESOLVE_ACTION } from "~/shipments/attention-reasons";

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

export type AttentionActionResult = {
  ok: boolean;
  message: string;
  shipmentId: string | null;
  /**
   * A re-booking asks first: its fresh price, to confirm with `confirmed=true` (and the priced
   * window's `serviceCode`, when there is one) on the same intent; `label` is the confirm button's.
   */
  confirm?: { intent: Rebooking; priceCents: number | null; serviceCode: string | null; label: string };
};

export type AttentionActionDeps = StaffDeps & WithAdmin;

/** The fixes that book a new courier delivery: each shows its fresh price for confirmation first. */
type Rebooking = "dispatch_again" | "deliver_again";

/** How a re-booking's price is put, by what it does (`order_changed` cancels the booked one first). */
function rebookingWords(intent: Rebooking, state: string): { doing: string; label: string } {
  if (intent === "deliver_again")
    return { doing: "Delivering the returned items again", label: "Confirm and deliver again" };
  return REBOOKED_STATES.has(state)
    ? { doing: "Dispatching again", label: "Confirm and dispatch again" }
    : { doing: "Canceling and dispatching again", label: "Confirm, cancel and dispatch again" };
}

/** States whose delivery is over at the courier: dispatching again books a new one at today's price. */
const REBOOKED_STATES = new Set(["canceled", "expired"]);

/**
 * A re-booking's fresh price (the courier's estimate for the first window open now, as "Dispatch now"
 * on the order page shows it; for a re-delivery, of the returned items only), for staff to confirm
 * before anything is booked. A dispatch that cannot be priced now (no window open, the courier
 * unreachable) may still be confirmed, staff told so; a re-delivery that cannot be priced is not
 * offered (its booking would find nothing to book), the reason said instead.
 */
async function rebookingQuote(
  deps: AttentionActionDeps,
  shopDomain: string,
  intent: Rebooking,
  shipment: { id: string; orderGid: string; fulfillmentOrderGid: string; state: string; priceCents: number | null },
): Promise<AttentionActionResult> {
  let first: QuoteResponse["windows"][number] | undefined;
  let unpriced = "The courier cannot price a new delivery now.";
  try {
    const quote = await quoteForOrder(deps, {
      shopDomain,
      orderId: legacyId(shipment.orderGid),
      ...(intent === "deliver_again" ? { redeliveryOf: { fulfillmentOrderGid: shipment.fulfillmentOrderGid } } : {}),
    });
    first = quote.windows[0];
    if (quote.unavailableReason) unpriced = quote.unavailableReason;
  } catch (error) {
    if (!(error instanceof StaffActionError)) throw error;
    unpriced = error.message;
  }
  const { doing, label } = rebookingWords(intent, shipment.state);
  const was = shipment.priceCents === null ? "" : ` (it was booked at ${formatMoney(shipment.priceCents)})`;
  if (!first && intent === "deliver_again")
    return {
      ok: false,
      message: `The returned items cannot be delivered again now: ${unpriced} Try again later, or refund the order in Shopify.`,
      shipmentId: shipment.id,
    };
  return {
    ok: false,
    message: first
      ? `${doing} costs ${formatMoney(first.priceCents)} now for ${first.title}${was}. Confirm to book it.`
      : `${doing} books a new delivery at the courier's price when it is booked${was}; it cannot be priced now: ${unpriced} Confirm to book it.`,
    shipmentId: shipment.id,
    confirm: { intent, priceCents: first?.priceCents ?? null, serviceCode: first?.serviceCode ?? null, label },
  };
}

/** The window kind a confirmed re-delivery was priced in, as the confirm step sent it back (none: its own). */
const ConfirmedServiceCode = DispatchInput.shape.windowServiceCode;

/** A cancel from the list without a chosen reason is the store's own ("other", explained). */
const LIST_CANCELLATION = {
  code: "other",
  comment: "Canceled by the store from its list of deliveries needing attention.",
};

/**
 * An attention item's buttons (Home, the list, the shipment page): a fix the item's reason offers
 * (never another one), through the same staff functions as the order page and the extensions, or
 * "resolve" with a note. A refusal is a result, not an error.
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
    // Offered for any delivery still waiting for a driver (Home's board), flagged or not.
    if (fields.intent === "raise_pay") {
      const raised = await raisePayNow(deps, { shopDomain, shipmentId, staff });
      return { ok: true, message: `The driver's pay was raised by ${formatMoney(raised.raisedCents)}.`, shipmentId };
    }
    const row = await deps.db.shipment.findFirst({
      where: { id: shipmentId, shop: { domain: shopDomain }, needsAttention: true },
      select: { state: true, attentionCode: true, orderGid: true, fulfillmentOrderGid: true, priceCents: true },
    });
    if (!row) return { ok: false, message: NOT_NEEDING_ATTENTION, shipmentId };
    const intent = fields.intent;
    if (intent === RESOLVE_ACTION) {
      await resolveAttention(deps, { shopDomain, shipmentId, fields, staff });
      return { ok: true, message: "Marked as resolved.", shipmentId };
    }
    if (!fixesOf(attentionCodeOf(row)).some((fix) => fix.action === intent))
      return { ok: false, message: "This action does not fit this delivery.", shipmentId };
    if ((intent === "dispatch_again" || intent === "deliver_again") && fields.confirmed !== "true")
      return rebookingQuote(deps, shopDomain, intent, { id: shipmentId, ...row });
    if (intent === "dispatch_again") {
      await redispatchShipment(deps, { shopDomain, shipmentId, staff });
      return { ok: true, message: "The delivery is being dispatched again.", shipmentId };
    }
    if (intent === "deliver_again") {
      const code = ConfirmedServiceCode.safeParse(fields.serviceCode);
      await deliverAgainShipment(deps, {
        shopDomain,
        shipmentId,
        serviceCode: code.success ? code.data : null,
        staff,
      });
      return { ok: true, message: "The returned items are being delivered again.", shipmentId };
    }
    if (intent === "cancel") {
      const chosen = typeof fields.code === "string" && fields.code !== "";
      await cancelShipment(deps, {
        shopDomain,
        shipmentId,
        request: parseInput(CancelInput, chosen ? fields : LIST_CANCELLATION),
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
