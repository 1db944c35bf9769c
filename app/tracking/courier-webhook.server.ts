import { z } from "zod";
import { parseCourierEvent } from "~/courier/events";
import { verifyCourierWebhookAuth } from "~/courier/webhook-auth.server";
import type { Db } from "~/db/client.server";
import { retryLater } from "~/jobs/errors";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import { componentLogger } from "~/logging/logger.server";
import { BASIC_AUTH_USER, type WebhookCredentials } from "~/shops/courier-credentials.server";
import { IntakeFullError, type EventIntake } from "./intake.server";
import { MATCH_EARLY_EVENTS_DELAY_MS, applyEventsJob } from "./jobs";

export const MAX_WEBHOOK_PATH_ID_LENGTH = 64;
/** The courier posts its events; the receiver answers any other method with 405. */
export const COURIER_WEBHOOK_HTTP_METHOD = "POST";
/** How long a receiving process trusts a shop's webhook credentials it has read (see receiveCourierWebhook). */
export const WEBHOOK_CREDENTIALS_TTL_MS = 5_000;
/**
 * An event whose occurred_at is older than this when it arrives is ignored (answered 200, nothing
 * written, logged). The courier's webhook authentication is a static secret with no timestamp or
 * signature, so a captured request could be replayed at any time; stored
 * events stop exact repeats, the window stops old ones. 24 hours is far beyond any delivery's
 * progress and any retry a sender makes after an outage of ours, and dropping a late event loses
 * nothing: reconciliation reads every shipment that is not final from the courier's API.
 */
export const COURIER_EVENT_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** What the receiver asks the courier to wait when too many events are waiting to be stored. */
export const INTAKE_FULL_RETRY_AFTER_S = 1;

/** A shop's webhook credentials by the path id of its URL, kept for a short time (createTtlLoader). */
export type WebhookCredentialsSource = {
  get(pathId: string): Promise<WebhookCredentials | null>;
  forget(pathId: string): void;
};

export type ReceiveDeps = { credentials: WebhookCredentialsSource; intake: EventIntake; clock: () => Date };

export type ReceiveResult =
  | { status: 200; body: { received: true; duplicate: boolean; matched: boolean } }
  | { status: 200; body: { received: false; ignored: "outside_replay_window" } }
  | { status: 400 | 401 | 413 | 503; body: { error: string }; retryAfterS?: number };

const log = componentLogger("courier-webhooks");

const refuse = (status: 400 | 401 | 413, error: string): ReceiveResult => ({ status, body: { error } });

/** For a body past MAX_REQUEST_BODY_BYTES (app/http/body-limit.ts): callers read it capped before receiveCourierWebhook. */
export const COURIER_WEBHOOK_BODY_TOO_LARGE: ReceiveResult = refuse(413, "Body too large");

/** The unguessable part of a shop's courier webhook URL, as it may appear in a request. */
export const CourierWebhookPathId = z.string().min(1).max(MAX_WEBHOOK_PATH_ID_LENGTH);

/** The HTTP answer for a result: the Remix route and the server's direct path answer alike. */
export function courierWebhookAnswer(result: ReceiveResult): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (result.status === 503 && result.retryAfterS) headers["Retry-After"] = String(result.retryAfterS);
  return { status: result.status, headers, body: JSON.stringify(result.body) };
}

/**
 * The credentials a request proves it holds, from its headers alone (the body is read only after
 * they pass). No credential header: refused without a lookup. An unknown path: one lookup, not kept
 * (anyone can make paths up). Kept credentials that fail are read again, so a secret rotated moments
 * ago on another instance works at once. A secret that stopped working (grace period over, app
 * uninstalled) can still pass for at most WEBHOOK_CREDENTIALS_TTL_MS.
 */
export async function authenticateCourierWebhook(
  deps: ReceiveDeps,
  pathId: string,
  headers: Headers,
): Promise<WebhookCredentials | null> {
  if (!headers.has("authorization") && !headers.has("x-api-key")) return null;
  const passes = (credentials: WebhookCredentials | null) =>
    credentials !== null &&
    verifyCourierWebhookAuth(headers, {
      method: credentials.method,
      secrets: credentials.secrets,
      basicUser: BASIC_AUTH_USER,
    });
  const kept = await deps.credentials.get(pathId);
  if (kept === null) {
    deps.credentials.forget(pathId);
    return null;
  }
  if (passes(kept)) return kept;
  deps.credentials.forget(pathId);
  const fresh = await deps.credentials.get(pathId);
  if (fresh === null) deps.credentials.forget(pathId);
  return passes(fresh) ? fresh : null;
}

/** The refusal of a request whose headers carry no credentials that pass (authenticateCourierWebhook). */
export const COURIER_WEBHOOK_UNAUTHORIZED: ReceiveResult = refuse(401, "Unauthorized");

/**
 * One courier webhook delivery to /courier/webhooks/<pathId> (its body read at most
 * MAX_REQUEST_BODY_BYTES by the caller, COURIER_WEBHOOK_BODY_TOO_LARGE otherwise): authenticated against the shop's
 * method and secrets in constant time (401 and nothing written otherwise), then received.
 */
export async function receiveCourierWebhook(
  deps: ReceiveDeps,
  input: { pathId: string; headers: Headers; rawBody: string },
): Promise<ReceiveResult> {
  const credentials = await authenticateCourierWebhook(deps, input.pathId, input.headers);
  if (!credentials) return COURIER_WEBHOOK_UNAUTHORIZED;
  return receiveAuthenticatedCourierWebhook(deps, credentials, input.rawBody);
}

/**
 * A delivery whose headers passed: stored once (with the events that arrive alongside it, see
 * intake.server.ts), a job enqueued to apply it, acknowledged once committed. Unknown events and
 * fields are stored, never refused.
 */
export async function receiveAuthenticatedCourierWebhook(
  deps: ReceiveDeps,
  credentials: WebhookCredentials,
  rawBody: string,
): Promise<ReceiveResult> {
  const parsed = parseCourierEvent(rawBody);

  if (!parsed.ok) return refuse(400, `Unreadable event: ${parsed.reason}`);
  const receivedAt = deps.clock();
  const { event } = parsed;
  if (event.occurredAt && receivedAt.getTime() - event.occurredAt.getTime() > COURIER_EVENT_REPLAY_WINDOW_MS) {
    log.warn("Courier event older than the replay window ignored", {
      shop: credentials.shopDomain,
      event: event.name,
      courierShipmentId: event.shipmentId,
      occurredAt: event.occurredAt.toISOString(),
    });
    return { status: 200, body: { received: false, ignored: "outside_replay_window" } };
  }
  try {
    const { duplicate, matched, changedBody } = await deps.intake.submit({
      shop: { id: credentials.shopId, domain: credentials.shopDomain },
      event,
      rawBody,
      receivedAt,
    });
    if (changedBody)
      log.warn("Courier event repeated with a changed body ignored: the first one received stands", {
        shop: credentials.shopDomain,
        event: event.name,
        courierShipmentId: event.shipmentId,
        occurredAt: event.occurredAt?.toISOString() ?? null,
      });
    return { status: 200, body: { received: true, duplicate, matched } };
  } catch (error) {
    if (error instanceof IntakeFullError)
      return { status: 503, body: { error: error.message }, retryAfterS: INTAKE_FULL_RETRY_AFTER_S };
    throw error;
  }
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
  // Plain SQL: it runs in every booking's transaction, where a model updateMany cost more to compile than to run.
  const attached = await tx.$executeRaw`UPDATE "CourierEvent" SET "shipmentId" = ${shipmentId}
    WHERE "shopId" = ${shop.id} AND "shipmentId" IS NULL AND "courierShipmentId" = ${courierShipmentId}`;
  if (attached > 0) await queue.enqueueUnlessQueued([applyEventsJob(shop.domain, shipmentId)], tx);
  return attached;
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
    if (job.attempts < job.maxAttempts)
      throw retryLater("The courier shipment has no row yet.", MATCH_EARLY_EVENTS_DELAY_MS * job.attempts);
    return { notYet: true };
  }
  const attached = await deps.db.$transaction((tx) =>
    attachEarlyEvents(tx, deps.queue, shop, shipment.id, courierShipmentId),
  );
  return { attached };
}
