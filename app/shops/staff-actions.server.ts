import type { Db } from "~/db/client.server";
import type { Tx } from "~/jobs/queue.server";
import { actorLabel, type StaffActor } from "./staff-actor";

/**
 * The record of staff actions: who dispatched, canceled, tipped, rated, retried a task or changed
 * settings, and when. Written in the same transaction as what the action changed where there is one;
 * shown on the shipment page; removed with the shop (shop/redact cascades from the Shop row).
 */

export const STAFF_ACTIONS = {
  dispatch: "dispatch",
  redispatch: "redispatch",
  deliverAgain: "deliver_again",
  cancel: "cancel",
  tip: "tip",
  rating: "rating",
  retryJob: "retry_job",
  settings: "settings",
  raisePay: "raise_pay",
  resolve: "resolve",
  returnPickup: "return_pickup",
} as const;
export type StaffActionKind = (typeof STAFF_ACTIONS)[keyof typeof STAFF_ACTIONS];

export type StaffActionEntry = {
  /** The shop by id, or by domain where the action has not read its row. */
  shop: { id: string } | { domain: string };
  shipmentId?: string | null;
  orderGid?: string | null;
  action: StaffActionKind;
  /** What was done, in the shop's words, without a customer's personal data. */
  detail: string;
  staff: StaffActor;
  at: Date;
};

export async function recordStaffAction(db: Db | Tx, entry: StaffActionEntry): Promise<void> {
  await db.staffAction.create({
    data: {
      shop: { connect: entry.shop },
      shipmentId: entry.shipmentId ?? null,
      orderGid: entry.orderGid ?? null,
      action: entry.action,
      detail: entry.detail,
      staffUserId: entry.staff.userId,
      staffName: entry.staff.name,
      createdAt: entry.at,
    },
  });
}

/** What a saved settings or setup form changed, by the form's intent (settings page and Home). */
const SETTINGS_CHANGES: Record<string, string> = {
  settings: "Saved the settings.",
  "carrier-service-name": "Renamed the carrier service in Shopify.",
  courier: "Saved the courier account.",
  "register-carrier": "Registered same-day delivery with Shopify.",
  "add-to-profiles": "Added same-day delivery to the shipping profiles.",
  "webhook-secret": "Generated a new courier webhook secret.",
  "dispatch-mode": "Changed the dispatch mode.",
};

/** Records a settings or setup form that was saved (`ok`); refused forms changed nothing. */
export async function recordSettingsChange(
  db: Db,
  input: { shopDomain: string; intent: string; ok: boolean; staff: StaffActor; at: Date },
): Promise<void> {
  const detail = SETTINGS_CHANGES[input.intent];
  if (!input.ok || !detail) return;
  await recordStaffAction(db, {
    shop: { domain: input.shopDomain },
    action: STAFF_ACTIONS.settings,
    detail,
    staff: input.staff,
    at: input.at,
  });
}

export type StaffActionView = { at: string; action: StaffActionKind; detail: string; by: string };

export const STAFF_ACTIONS_SHOWN = 50;

/** A shipment's staff actions, newest first: its own, and its order's that named no shipment (dispatch). */
export async function shipmentStaffActions(
  db: Db,
  shipment: { id: string; shopId: string; orderGid: string },
): Promise<StaffActionView[]> {
  const rows = await db.staffAction.findMany({
    where: {
      shopId: shipment.shopId,
      OR: [{ shipmentId: shipment.id }, { shipmentId: null, orderGid: shipment.orderGid }],
    },
    orderBy: { createdAt: "desc" },
    take: STAFF_ACTIONS_SHOWN,
  });
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    action: row.action as StaffActionKind,
    detail: row.detail,
    by: actorLabel({ userId: row.staffUserId, name: row.staffName }),
  }));
}
