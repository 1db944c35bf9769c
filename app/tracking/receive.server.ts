import { dedupeKey, MAX_WEBHOOK_BODY_BYTES, parseCourierEvent, type CourierEvent } from "~/courier/events";
import { verifyCourierWebhookAuth } from "~/courier/webhook-auth.server";
import type { KeyRing } from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import type { JobQueue } from "~/jobs/queue.server";
import { BASIC_AUTH_USER, webhookCredentialsForPath } from "~/shops/courier-credentials.server";

export const APPLY_EVENTS_JOB = "tracking.apply-events";

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
