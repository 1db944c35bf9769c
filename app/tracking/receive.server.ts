import { dedupeKey, MAX_WEBHOOK_BODY_BYTES, parseCourierEvent, type CourierEvent } from "~/courier/events";
import { verifyCourierWebhookAuth } from "~/courier/webhook-auth.server";
import type { KeyRing } from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { retryLater } from "~/jobs/errors";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import { BASIC_AUTH_USER, webhookCredentialsForPath } from "~/shops/courier-credentials.server";

export const APPLY_EVENTS_JOB = "tracking.apply-events";
/**
 * An event for a courier shipment the app has no row for yet. The courier can report on a shipment
 * before the transaction that stores it commits (its driver_assigned may arrive while the dispatch job
 * is still writing), and neither side then sees the other's uncommitted row: this job looks again once
 * that transaction has had time to finish.
 */
export const MATCH_EARLY_EVENTS_JOB = "tracking.match-early-events";
/** When the first look happens, and how many looks before the event is left to reconciliation. */
export const MATCH_EARLY_EVENTS_DELAY_MS = 2_000;
export const MATCH_EARLY_EVENTS_ATTEMPTS = 4;

export type ReceiveDeps = { db: Db; keys: KeyRing; queue: JobQueue; clock: () => Date };

export type ReceiveResult =
  | { status: 200; body: { received: true; duplicate: boolean; matched: boolean } }
  | { status: 400 | 401 | 413; body: { error: string } };

const refuse = (status: 400 | 401 | 413, error: string): ReceiveResult => ({ status, body: { error } });

/** The shipment an event is about: by courier id, or for a repost by the id of the one it replaces. */
async function findShipment(db: Db, shopId: string, event: CourierEvent) {
  const raw = (event.raw ?? {}) as Record<string, unknown>;
  const ids = [event.shipmentId, event.name === "shipment.reposted" ? raw.parent_id : null]
    .filter((id) => id !== null && id !== undefined)
    .map(String);
  if (ids.length === 0) return null;
  return db.shipment.findFirst({
    where: { shopId, OR: [{ courierShipmentId: { in: ids } }, { replacedByCourierId: { in: ids } }] },
    orderBy: { generation: "desc" },
    select: { id: true },
  });
}

/** A grouping names several shipments: the group id is recorded on each of them. */
async function recordGrouping(db: Db, shopId: string, event: CourierEvent) {
  const raw = (event.raw ?? {}) as { id?: unknown; shipments?: unknown };
  const listed = Array.isArray(raw.shipments) ? raw.shipments : [];
  const ids = listed
    .map((s) => (s && typeof s === "object" ? (s as { id?: unknown }).id : null))
    .filter((id) => id !== null && id !== undefined)
    .map(String);
  if (raw.id === undefined || raw.id === null || ids.length === 0) return;
  await db.shipment.updateMany({ where: { shopId, courierShipmentId: { in: ids } }, data: { groupId: String(raw.id) } });
}

/**
 * One courier webhook delivery to /courier/webhooks/<pathId>: authenticated against the shop's
 * method and secrets in constant time (401 and nothing written otherwise), stored once, a job
 * enqueued to apply it, acknowledged at once. Unknown events and fields are stored, never refused.
 */
export async function receiveCourierWebhook(
  deps: ReceiveDeps,
  input: { pathId: string; headers: Headers; rawBody: string },
): Promise<ReceiveResult> {
  const credentials = await webhookCredentialsForPath(deps, input.pathId);
  const authentic =
    credentials !== null &&
    verifyCourierWebhookAuth(input.headers, { method: credentials.method, secrets: credentials.secrets, basicUser: BASIC_AUTH_USER });
  if (!credentials || !authentic) return refuse(401, "Unauthorized");
  if (Buffer.byteLength(input.rawBody, "utf8") > MAX_WEBHOOK_BODY_BYTES) return refuse(413, "Body too large");

  const parsed = parseCourierEvent(input.rawBody);
  if (!parsed.ok) return refuse(400, `Unreadable event: ${parsed.reason}`);
  const event = parsed.event;
  const now = deps.clock();
  const shop = await deps.db.shop.findUniqueOrThrow({ where: { domain: credentials.shopDomain }, select: { id: true } });
  const shipment = await findShipment(deps.db, shop.id, event);
  if (event.name === "grouping.pickup_grouping_identified") await recordGrouping(deps.db, shop.id, event);

  try {
    await deps.db.$transaction(async (tx) => {
      await tx.courierEvent.create({
        data: {
          shopId: shop.id,
          shipmentId: shipment?.id ?? null,
          courierShipmentId: event.shipmentId,
          eventName: event.name,
          occurredAt: event.occurredAt ?? now,
          dedupeKey: dedupeKey(event),
          payloadJson: input.rawBody,
          receivedAt: now,
        },
      });
      if (shipment) {
        await deps.queue.enqueue(
          {
            shopDomain: credentials.shopDomain,
            kind: APPLY_EVENTS_JOB,
            payload: { shipmentId: shipment.id },
            orderingKey: `shipment:${shipment.id}`,
          },
          tx,
        );
      } else if (event.shipmentId) {
        await deps.queue.enqueue(
          {
            shopDomain: credentials.shopDomain,
            kind: MATCH_EARLY_EVENTS_JOB,
            payload: { courierShipmentId: event.shipmentId },
            runAt: new Date(now.getTime() + MATCH_EARLY_EVENTS_DELAY_MS),
            maxAttempts: MATCH_EARLY_EVENTS_ATTEMPTS,
          },
          tx,
        );
      }
      await tx.shop.update({ where: { id: shop.id }, data: { lastCourierEventAt: now } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { status: 200, body: { received: true, duplicate: true, matched: Boolean(shipment) } };
    }
    throw error;
  }
  return { status: 200, body: { received: true, duplicate: false, matched: Boolean(shipment) } };
}

/**
 * Attaches the stored events of a courier shipment that had no row when they came to its shipment,
 * and enqueues their application (in the caller's transaction). Returns how many were attached.
 */
export async function attachEarlyEvents(
  tx: Tx,
  queue: JobQueue,
  shop: { id: string; domain: string },
  shipmentId: string,
  courierShipmentId: string,
): Promise<number> {
  const attached = await tx.courierEvent.updateMany({ where: { shopId: shop.id, shipmentId: null, courierShipmentId }, data: { shipmentId } });
  if (attached.count > 0) {
    await queue.enqueue({ shopDomain: shop.domain, kind: APPLY_EVENTS_JOB, payload: { shipmentId }, orderingKey: `shipment:${shipmentId}` }, tx);
  }
  return attached.count;
}

/**
 * The MATCH_EARLY_EVENTS_JOB: the shipment's row now exists → its unmatched events are attached and
 * applied; not yet → look again later (the queue's backoff), and after the last look the events stay
 * stored for reconciliation, which retrieves every shipment that is not final.
 */
export async function matchEarlyEvents(
  deps: { db: Db; queue: JobQueue },
  job: { shopDomain: string; attempts: number; maxAttempts: number },
  courierShipmentId: string,
): Promise<{ attached: number } | { notYet: true }> {
  const shop = await deps.db.shop.findUnique({ where: { domain: job.shopDomain }, select: { id: true, domain: true } });
  if (!shop) return { attached: 0 };
  const shipment = await deps.db.shipment.findFirst({
    where: { shopId: shop.id, courierShipmentId },
    orderBy: { generation: "desc" },
    select: { id: true },
  });
  if (!shipment) {
    if (job.attempts < job.maxAttempts) throw retryLater("The courier shipment has no row yet.", MATCH_EARLY_EVENTS_DELAY_MS * job.attempts);
    return { notYet: true };
  }
  const attached = await deps.db.$transaction((tx) => attachEarlyEvents(tx, deps.queue, shop, shipment.id, courierShipmentId));
  return { attached };
}
