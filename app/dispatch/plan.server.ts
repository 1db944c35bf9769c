import { createHash } from "node:crypto";
import type { CourierClient } from "~/courier/client.server";
import { Prisma } from "@prisma/client";
import { sqlRows } from "~/db/direct-sql.server";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseSqlRows, sqlDate } from "~/db/sql-row";
import { permanentFailure } from "~/jobs/errors";
import type { JobQueue } from "~/jobs/queue.server";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { hoursOfLocations, OPEN_SEARCH_DAYS } from "~/schedule/opening-hours";
import { shopSettingsOfText } from "~/settings/settings-memo.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchOrderForDispatch, type OrderForDispatch } from "~/shopify-admin/orders.server";
import { dispatchEligibility } from "./eligibility";
import { localDeliveryModeOn, withLocalDelivery } from "./local-delivery";
import type { OrderDispatchPayload } from "./jobs";
import { planShipments, type DispatchPlan } from "./order-to-shipments";
import { dispatchSettingsOf, pickupPointsOf } from "./shop-dispatch-settings";

/** What the dispatch jobs share: their collaborators, the courier's idempotency key, and the plan for an order as read now. */

export type DispatchDeps = {
  db: Db;
  queue: JobQueue;
  admin: AdminGraphql;
  courier: CourierClient | null;
  clock: () => Date;
  /**
   * A new tracking page token for a booked shipment (its hash, and its sealed copy bound to the
   * shipment for the order status block): the shopper's page exists from booking. Absent: the page
   * is made when the fulfillment is (app/tracking/apply.server.ts).
   */
  pageToken?: (shipmentId: string) => { trackingTokenHash: string; trackingTokenSealed: string };
};

/** The courier's idempotency key: the same for every retry of one dispatch of one fulfillment order. */
export function idempotencyKey(shopDomain: string, fulfillmentOrderGid: string, generation: number): string {
  const digest = createHash("sha256").update(`${shopDomain}|${fulfillmentOrderGid}|${generation}`).digest("hex");
  return `sd1-${digest.slice(0, 40)}`;
}

const shopWithPickupRow = z.object({
  id: z.string(),
  timezone: z.string(),
  updatedAt: sqlDate,
  uninstalledAt: sqlDate.nullable(),
  carrierServiceRefusedAt: sqlDate.nullable(),
  settingsJson: z.string(),
  // The enabled pickup location on this row (LEFT JOIN: all null when the shop has none).
  locationGid: z.string().nullable(),
  name: z.string().nullable(),
  addressJson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  notes: z.string().nullable(),
});

/** The shop's columns the dispatch and return jobs read. */
export type DispatchShop = {
  id: string;
  timezone: string;
  /** When the shop's settings (or any of its columns) last changed. */
  updatedAt: Date;
  uninstalledAt: Date | null;
  carrierServiceRefusedAt: Date | null;
};

/**
 * The shop, its settings and its enabled pickup points, as stored now (no time-based cache: a setting
 * staff change reaches the next job). One plain SQL statement (Prisma's `include` was two statements
 * and 2–3× the CPU: `npm run bench:statements`); the settings' parse is kept per settings text.
 */
export async function loadShop(db: Db, shopDomain: string) {
  const rows = parseSqlRows(
    shopWithPickupRow,
    await sqlRows(
      db,
      Prisma.sql`
      SELECT s."id", s."timezone", s."updatedAt", s."uninstalledAt", s."carrierServiceRefusedAt", s."settingsJson",
        p."locationGid", p."name", p."addressJson", p."contactName", p."contactPhone", p."notes"
      FROM "Shop" s
      LEFT JOIN "PickupLocation" p ON p."shopId" = s."id" AND p."enabled" = TRUE
      WHERE s."domain" = ${shopDomain}
      ORDER BY p."id"`,
    ),
    "Shop",
  );
  const first = rows[0];
  if (!first || first.uninstalledAt) throw permanentFailure("The shop has uninstalled the app.");
  const shop: DispatchShop = {
    id: first.id,
    timezone: first.timezone,
    updatedAt: first.updatedAt,
    uninstalledAt: first.uninstalledAt,
    carrierServiceRefusedAt: first.carrierServiceRefusedAt,
  };
  const locations = rows.flatMap((row) =>
    row.locationGid === null || row.name === null || row.addressJson === null
      ? []
      : [{ ...row, locationGid: row.locationGid, name: row.name, addressJson: row.addressJson, enabled: true }],
  );
  return { shop, settings: shopSettingsOfText(first.settingsJson), pickupPoints: pickupPointsOf(locations) };
}

export async function readOrder(deps: DispatchDeps, payload: OrderDispatchPayload): Promise<OrderForDispatch> {
  const order = await fetchOrderForDispatch(deps.admin, payload.orderGid);
  if (!order) throw permanentFailure("Shopify has no such order (deleted, or older than 60 days).");
  return order;
}

/** What planFor found: the shop, its settings, the order and the plan for it as read now. */
export type DispatchPlanning = Awaited<ReturnType<typeof planFor>>;

/** The plan for `order` as read now (with every fulfillment order, or with only the one a job creates). */
export async function planFor(
  deps: DispatchDeps,
  shopDomain: string,
  payload: OrderDispatchPayload,
  order: OrderForDispatch,
) {
  const { shop, settings, pickupPoints } = await loadShop(deps.db, shopDomain);
  const lines = order.shippingLines.nodes.map((l) => ({
    title: l.title,
    code: l.code ?? null,
    source: l.source ?? null,
    carrierIdentifier: l.carrierIdentifier ?? null,
  }));
  const windowIds = settings.deliveryWindows.map((w) => w.id);
  const eligibility = payload.manual
    ? { eligible: true as const, serviceCode: payload.manual.serviceCode, localDelivery: false }
    : withLocalDelivery(
        dispatchEligibility({
          mode: settings.dispatchMode,
          shippingLines: lines,
          carrierServiceName: settings.carrierServiceName,
          knownWindowIds: windowIds,
        }),
        {
          mode: settings.dispatchMode,
          modeOn: localDeliveryModeOn(shop),
          fulfillmentOrders: order.fulfillmentOrders.nodes,
        },
      );
  const localDelivery = eligibility.localDelivery;
  const now = deps.clock();
  // Every location this plan picks up from must be open at its pickup (a job for one fulfillment order: its own).
  const locationGids = order.fulfillmentOrders.nodes.flatMap((fo) => fo.assignedLocation.location?.id ?? []);
  const window = eligibility.eligible
    ? windowForDispatch({
        now,
        timeZone: shop.timezone,
        leadTimeMinutes: settings.leadTimeMinutes,
        windows: settings.deliveryWindows,
        hours: hoursOfLocations(settings.openingHours, locationGids),
        serviceCode: eligibility.serviceCode,
        defaultWindowId: settings.defaultWindowId,
      })
    : null;
  const plan: DispatchPlan | null = window
    ? planShipments({
        order,
        pickupPoints,
        // Staff dispatching by hand decide the area themselves.
        settings: { ...dispatchSettingsOf(settings), ...(payload.manual ? { deliveryAreas: [] } : {}) },
        window: { pickupAfter: window.pickupAfter, deliverBetween: window.deliverBetween },
        idempotencyKeyFor: (fo) => idempotencyKey(shopDomain, fo, payload.generation),
        onlyLocalDelivery: localDelivery,
      })
    : null;
  const skipReason = !eligibility.eligible
    ? eligibility.reason
    : !window
      ? settings.deliveryWindows.length === 0
        ? "The shop has no delivery window configured."
        : `The order's pickup locations do not open within ${OPEN_SEARCH_DAYS} days.`
      : null;
  return {
    shop,
    settings,
    order,
    plan,
    skipReason,
    serviceCode: eligibility.eligible ? eligibility.serviceCode : null,
    window,
    localDelivery,
  };
}
