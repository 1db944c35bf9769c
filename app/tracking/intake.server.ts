/**
 * Stores received courier events in batches (group commit, ~/db/group-commit.server.ts). The
 * receiver answers the courier only once its event is committed, and a transaction per event would
 * cap intake at what the database commits per second. The events received within one turn of the
 * event loop go together in one transaction: one read for their shipments, one insert that leaves
 * out repeats, one statement that joins them to their shipments' queued apply jobs. A batch that
 * fails (a database error, a PostgreSQL deadlock with another instance's batch) is written again
 * one event at a time, so one event's problem is never another's.
 */
import { dedupeKey, sameEventBody, type CourierEvent } from "~/courier/events";
import type { Db } from "~/db/client.server";
import { createGroupCommit } from "~/db/group-commit.server";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import {
  insertCourierEventsUnlessStored,
  shipmentsByCourierIds,
  storedEventBodies,
  writeLastCourierEventAt,
  type MatchableShipment,
} from "./intake-sql.server";
import { applyEventsJob, matchEarlyEventsJob } from "./jobs";

/** Events written in one transaction at most. */
export const MAX_INTAKE_BATCH = 200;
/** Body bytes waiting for a batch at most; beyond it the receiver asks the courier to come back (503). */
export const MAX_INTAKE_WAITING_BYTES = 32 * 1024 * 1024;
/**
 * A shop's "last courier event" time (shown in settings) is written at most this often by one
 * process: under a stream of events, one write a second instead of one per batch.
 */
export const LAST_EVENT_AT_RESOLUTION_MS = 1_000;
const LAST_EVENT_AT_SHOPS_KEPT = 10_000;

export type IntakeItem = {
  shop: { id: string; domain: string };
  event: CourierEvent;
  rawBody: string;
  receivedAt: Date;
};

/** `changedBody`: a repeat of a stored event (same identity) whose content differs; it was not written. */
export type IntakeOutcome = { duplicate: boolean; matched: boolean; changedBody: boolean };

export class IntakeFullError extends Error {
  constructor() {
    super("Too many courier events are waiting to be stored; try again shortly.");
    this.name = "IntakeFullError";
  }
}

export interface EventIntake {
  /** Resolves once the event is committed (or recognised as a repeat); rejects with IntakeFullError under overload. */
  submit(item: IntakeItem): Promise<IntakeOutcome>;
}

const shopKey = (shopId: string, key: string) => `${shopId}\u0000${key}`;

/** The courier ids an event can be matched by: its shipment, and for a repost the shipment it replaces. */
function courierIdsOf(event: CourierEvent): string[] {
  const raw = (event.raw ?? {}) as Record<string, unknown>;
  return [event.shipmentId, event.name === "shipment.reposted" ? raw.parent_id : null]
    .filter((id) => id !== null && id !== undefined)
    .map(String);
}

/** A grouping names several shipments: the group id is recorded on each of them. */
async function recordGrouping(tx: Tx, shopId: string, event: CourierEvent) {
  const raw = (event.raw ?? {}) as { id?: unknown; shipments?: unknown };
  const listed = Array.isArray(raw.shipments) ? raw.shipments : [];
  const ids = listed
    .map((s) => (s && typeof s === "object" ? (s as { id?: unknown }).id : null))
    .filter((id) => id !== null && id !== undefined)
    .map(String);
  if (raw.id === undefined || raw.id === null || ids.length === 0) return;
  await tx.shipment.updateMany({
    where: { shopId, courierShipmentId: { in: ids } },
    data: { groupId: String(raw.id) },
  });
}

/** Each item's shipment: the newest generation whose courier id (or the id it replaced) the event names. */
async function findShipments(tx: Tx, items: readonly IntakeItem[]): Promise<(MatchableShipment | null)[]> {
  const idsByShop = new Map<string, Set<string>>();
  for (const item of items) {
    const ids = idsByShop.get(item.shop.id) ?? new Set<string>();
    for (const id of courierIdsOf(item.event)) ids.add(id);
    idsByShop.set(item.shop.id, ids);
  }
  const shipments = await shipmentsByCourierIds(tx, idsByShop);
  return items.map((item) => {
    const ids = courierIdsOf(item.event);
    const candidates = shipments.filter(
      (s) => s.shopId === item.shop.id && ids.some((id) => id === s.courierShipmentId || id === s.replacedByCourierId),
    );
    return candidates.sort((a, b) => b.generation - a.generation)[0] ?? null;
  });
}

type NewEvent = { item: IntakeItem; key: string; shipmentId: string | null };

/** Inserts the events no row holds yet and returns the keys (shopKey) it inserted. */
async function insertNew(tx: Tx, events: readonly NewEvent[]): Promise<Set<string>> {
  const inserted = await insertCourierEventsUnlessStored(
    tx,
    events.map(({ item, key, shipmentId }) => ({
      shopId: item.shop.id,
      shipmentId,
      courierShipmentId: item.event.shipmentId,
      eventName: item.event.name,
      occurredAt: item.event.occurredAt ?? item.receivedAt,
      dedupeKey: key,
      payloadJson: item.rawBody,
      receivedAt: item.receivedAt,
    })),
  );
  return new Set(inserted.map((row) => shopKey(row.shopId, row.dedupeKey)));
}

/** The bodies stored for events already held (rare: repeats), by shop and dedupe key. */
async function storedBodies(tx: Tx, repeats: readonly NewEvent[]): Promise<Map<string, string>> {
  const rows = await storedEventBodies(
    tx,
    repeats.map(({ item, key }) => ({ shopId: item.shop.id, dedupeKey: key })),
  );
  return new Map(rows.map((row) => [shopKey(row.shopId, row.dedupeKey), row.payloadJson]));
}

/**
 * Writes a batch in one transaction: a repeat (stored before, or earlier in the batch) is not
 * written. Returns each item's outcome and the shops whose last-event time it wrote.
 */
async function writeBatch(
  db: Db,
  queue: JobQueue,
  items: readonly IntakeItem[],
  lastEventAtDue: (shopId: string, at: Date) => boolean,
): Promise<{ outcomes: IntakeOutcome[]; lastEventAt: Map<string, Date> }> {
  return db.$transaction(async (tx) => {
    const shipments = await findShipments(tx, items);
    const keys = items.map((item) => shopKey(item.shop.id, dedupeKey(item.event)));
    const firstInBatch = new Map<string, IntakeItem>();
    const candidates: NewEvent[] = [];
    items.forEach((item, i) => {
      if (firstInBatch.has(keys[i]!)) return;
      firstInBatch.set(keys[i]!, item);
      candidates.push({ item, key: dedupeKey(item.event), shipmentId: shipments[i]?.id ?? null });
    });
    const inserted = await insertNew(tx, candidates);
    const fresh = candidates.filter((c) => inserted.has(shopKey(c.item.shop.id, c.key)));
    const freshItems = new Set(fresh.map((f) => f.item));
    const stored = await storedBodies(
      tx,
      candidates.filter((c) => !freshItems.has(c.item)),
    );
    const outcomes = items.map((item, i) => {
      const duplicate = !freshItems.has(item);
      const original = duplicate ? (stored.get(keys[i]!) ?? firstInBatch.get(keys[i]!)!.rawBody) : item.rawBody;
      return { duplicate, matched: shipments[i] !== null, changedBody: !sameEventBody(original, item.rawBody) };
    });

    for (const { item } of fresh) {
      if (item.event.name === "grouping.pickup_grouping_identified") await recordGrouping(tx, item.shop.id, item.event);
    }
    const matched = fresh.filter((f) => f.shipmentId !== null);
    if (matched.length > 0)
      await queue.enqueueUnlessQueued(
        matched.map((f) => applyEventsJob(f.item.shop.domain, f.shipmentId!)),
        tx,
      );
    const early = fresh.filter((f) => f.shipmentId === null && f.item.event.shipmentId);
    await queue.enqueueMany(
      early.map((f) => matchEarlyEventsJob(f.item.shop.domain, f.item.event.shipmentId!, f.item.receivedAt)),
      tx,
    );

    const lastEventAt = new Map<string, Date>();
    for (const { item } of fresh) {
      const before = lastEventAt.get(item.shop.id);
      if (!before || item.receivedAt > before) lastEventAt.set(item.shop.id, item.receivedAt);
    }
    for (const [shopId, at] of lastEventAt) {
      if (lastEventAtDue(shopId, at)) await writeLastCourierEventAt(tx, shopId, at);
      else lastEventAt.delete(shopId);
    }
    return { outcomes, lastEventAt };
  });
}

export function createEventIntake(deps: { db: Db; queue: JobQueue; maxWaitingBytes?: number }): EventIntake {
  // What this process last wrote to each shop's lastCourierEventAt (bounded: oldest shops go first).
  const lastEventAtWritten = new Map<string, number>();
  const lastEventAtDue = (shopId: string, at: Date) =>
    at.getTime() - (lastEventAtWritten.get(shopId) ?? -Infinity) >= LAST_EVENT_AT_RESOLUTION_MS;
  const rememberWritten = (written: Map<string, Date>) => {
    for (const [shopId, at] of written) {
      lastEventAtWritten.delete(shopId);
      lastEventAtWritten.set(shopId, at.getTime());
    }
    while (lastEventAtWritten.size > LAST_EVENT_AT_SHOPS_KEPT)
      lastEventAtWritten.delete(lastEventAtWritten.keys().next().value!);
  };
  const commits = createGroupCommit<IntakeItem, IntakeOutcome>({
    maxBatch: MAX_INTAKE_BATCH,
    write: async (items) => {
      const { outcomes, lastEventAt } = await writeBatch(deps.db, deps.queue, items, lastEventAtDue);
      rememberWritten(lastEventAt);
      return outcomes;
    },
    weigh: (item) => Buffer.byteLength(item.rawBody, "utf8"),
    maxWaiting: deps.maxWaitingBytes ?? MAX_INTAKE_WAITING_BYTES,
    overloaded: () => new IntakeFullError(),
  });
  return { submit: (item) => commits.submit(item) };
}
