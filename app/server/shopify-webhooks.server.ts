import { InvalidShopError } from "@shopify/shopify-api";
import type { z } from "zod";
import type { Tx } from "~/jobs/queue.server";
import { db } from "~/db.server";
import { createTransactionBatcher } from "~/db/transaction-batcher.server";
import { parseJsonKeepingIds } from "~/http/json-ids";
import { verifyWebhook, type VerifiedWebhook } from "~/shopify.server";
import { recordDelivery } from "~/webhooks/deliveries.server";

// Deliveries that arrive together are recorded in one transaction (app/db/transaction-batcher.server.ts);
// on PostgreSQL several such transactions run at once.
const deliveryTransactions = createTransactionBatcher(db);

type Received<P> = { shop: string; topic: string; webhookId: string; payload: P };

type Options<S extends z.ZodType> = {
  payload: S;
  /** Ids worth keeping on the delivery record (for redaction and support), from the parsed payload. */
  ids?: (payload: z.infer<S>) => { orderGid?: string | null; customerGid?: string | null };
} & (
  | { handle: (received: Received<z.infer<S>>) => Promise<unknown>; handleInTransaction?: never }
  | {
      /** Runs in the transaction that records the delivery: both commit or neither (e.g. enqueueing a job). */
      handleInTransaction: (received: Received<z.infer<S>>, tx: Tx) => Promise<unknown>;
      handle?: never;
    }
);

/**
 * Every Shopify webhook route goes through here: the library verifies the HMAC over the raw body
 * (401 and nothing written when it is wrong), the payload is parsed (400 naming what is wrong, also
 * for a signed body that is not JSON; ids above 2^53 kept as their digits), the delivery is recorded once (a repeat by X-Shopify-Webhook-Id is acknowledged and not handled again).
 * When handling fails the record is not kept, so Shopify's retry is handled, not taken for a repeat.
 */
export async function receiveWebhook<S extends z.ZodType>(request: Request, options: Options<S>): Promise<Response> {
  let verified: VerifiedWebhook;
  try {
    verified = await verifyWebhook(request);
  } catch (error) {
    // The shop header is checked only after the HMAC passed: one that is no shop domain is the
    // sender's mistake (400), not ours (a 500 that Shopify would retry for days).
    if (!(error instanceof InvalidShopError)) throw error;
    const topic = request.headers.get("x-shopify-topic") ?? "webhook";
    return Response.json(
      { error: `Unexpected ${topic} payload`, problems: ["X-Shopify-Shop-Domain: not a shop domain"] },
      { status: 400 },
    );
  }
  const { shop, webhookId, topic } = verified;
  // Ids above 2^53 kept as their digits (JSON.parse would change them; Shopify's own samples have them).
  let payload: unknown;
  try {
    payload = parseJsonKeepingIds(verified.rawBody);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return Response.json({ error: `Unexpected ${topic} payload`, problems: ["body: not JSON"] }, { status: 400 });
  }
  const parsed = options.payload.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`);
    return Response.json({ error: `Unexpected ${topic} payload`, problems }, { status: 400 });
  }
  const received = { shop, topic, webhookId, payload: parsed.data };
  const delivery = { shopDomain: shop, webhookId, topic, ...options.ids?.(parsed.data) };
  if (options.handleInTransaction) {
    const handleInTransaction = options.handleInTransaction;
    // One order's deliveries commit in the order they arrived, and never in two batches at once (whose
    // row locks could then be taken in opposite orders); a delivery naming no order is keyed by itself.
    const orderKey = `${shop} ${delivery.orderGid ?? `webhook ${webhookId}`}`;
    await deliveryTransactions.transaction(async (tx) => {
      if (await recordDelivery(tx, delivery)) await handleInTransaction(received, tx);
    }, orderKey);
    return new Response(null, { status: 200 });
  }
  if (await recordDelivery(db, delivery)) {
    try {
      await options.handle(received);
    } catch (error) {
      await db.webhookDelivery.deleteMany({ where: { shopDomain: shop, webhookId } });
      throw error;
    }
  }
  return new Response(null, { status: 200 });
}
