import { z } from "zod";
import { componentLogger } from "~/logging/logger.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { removeOrderTags } from "~/shopify-admin/order-annotations.server";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import { actorLabel, type StaffActor } from "~/shops/staff-actor";
import { ATTENTION_REASONS, attentionCodeOf } from "../shipments/attention-reasons";
import { RESOLVED_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { type StaffDeps, type WithAdmin, StaffActionError, parseInput } from "~/staff/public";
import { findShopShipment } from "~/staff/public.server";

/**
 * "Resolve": staff handled an item outside the app (phoned the customer, refunded the order) and
 * close it with a note saying so. The shipment stops needing attention; the note, who and when go on
 * its timeline and in the staff actions; the order's attention tag goes once no other delivery of the
 * order needs attention.
 */

export const RESOLVE_NOTE_MAX_LENGTH = 500;
export const NOT_NEEDING_ATTENTION = "This delivery no longer needs attention. Reload the page.";

export const ResolveInput = z.object(
  {
    note: z
      .string({ error: "Say what was done, for the rest of the team." })
      .trim()
      .min(1, "Say what was done, for the rest of the team.")
      .max(RESOLVE_NOTE_MAX_LENGTH, `Keep the note to ${RESOLVE_NOTE_MAX_LENGTH} characters or fewer.`),
  },
  { error: "The request must carry a note." },
);

export async function resolveAttention(
  deps: StaffDeps & WithAdmin,
  input: { shopDomain: string; shipmentId: string; fields: Record<string, unknown>; staff: StaffActor },
): Promise<void> {
  const { note } = parseInput(ResolveInput, input.fields);
  const { shop, shipment } = await findShopShipment(deps.db, input.shopDomain, input.shipmentId);
  if (!shipment.needsAttention) throw new StaffActionError(409, NOT_NEEDING_ATTENTION);
  const reason = ATTENTION_REASONS[attentionCodeOf(shipment)].words;
  const at = deps.clock();
  const closed = await deps.db.$transaction(async (tx) => {
    // Only if still flagged: two staff resolving at once record it once.
    const { count } = await tx.shipment.updateMany({
      where: { id: shipment.id, needsAttention: true },
      data: { needsAttention: false, attentionReason: null, attentionCode: null },
    });
    if (count === 0) return false;
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at,
      entry: {
        kind: RESOLVED_ACTIVITY,
        message: `Resolved by ${actorLabel(input.staff, { inSentence: true })}: ${note} (was: ${reason})`,
      },
    });
    await recordStaffAction(tx, {
      shop: { id: shop.id },
      shipmentId: shipment.id,
      action: STAFF_ACTIONS.resolve,
      // The note stays on the shipment's timeline only: free text may name the customer.
      detail: "Resolved the attention item as handled outside the app.",
      staff: input.staff,
      at,
    });
    return true;
  });
  if (!closed) throw new StaffActionError(409, NOT_NEEDING_ATTENTION);
  const others = await deps.db.shipment.count({
    where: { shopId: shop.id, orderGid: shipment.orderGid, needsAttention: true },
  });
  if (others > 0) return;
  try {
    await removeOrderTags(deps.admin, shipment.orderGid, [parseShopSettings(shop.settingsJson).tags.attention]);
  } catch (error) {
    // The item is closed; the tag is Shopify's copy and the next tracking event settles it again.
    componentLogger("attention").warn("Could not remove the order's attention tag", { err: error });
  }
}
