import { z } from "zod";
import { json, endpointNotFound, type Reply } from "./http";
import type { AccountOptions, Faults } from "./model";

/**
 * The sandbox's control API under /__sandbox (no courier token needed; the sandbox listens on
 * loopback only): account options per token, fault injection, counters, stepping a shipment, and a
 * price check (the estimate a request would get, outside the rate limit and the counters: the
 * benchmark's exact price for a cart after a rush).
 */

const WebhookAuthSchema = z.discriminatedUnion("method", [
  z.strictObject({ method: z.literal("bearer"), token: z.string().min(1) }),
  z.strictObject({ method: z.literal("basic"), user: z.string(), password: z.string().min(1) }),
  z.strictObject({ method: z.literal("x-api-key"), token: z.string().min(1) }),
]);

export const AccountOptionsPatchSchema = z.strictObject({
  barcodeScanning: z.enum(["off", "order", "item"]).optional(),
  imageCapture: z
    .strictObject({ signature: z.boolean(), pickup: z.boolean(), delivery: z.boolean() })
    .partial()
    .optional(),
  extraEvents: z.boolean().optional(),
  automaticRepost: z.boolean().optional(),
  eta: z.boolean().optional(),
  webhook: z.strictObject({ url: z.url(), auth: WebhookAuthSchema.nullable() }).nullable().optional(),
  driverPool: z
    .strictObject({ minimumPayout: z.number().min(0) })
    .nullable()
    .optional(),
  peakPricing: z
    .strictObject({ from: z.iso.datetime(), extraDollars: z.number().min(0) })
    .nullable()
    .optional(),
});
export type AccountOptionsPatch = z.input<typeof AccountOptionsPatchSchema>;

export const FaultsPatchSchema = z.strictObject({
  latencyMs: z.number().min(0).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  errorStatuses: z.array(z.number().int().min(500).max(599)).min(1).optional(),
  lostAnswerRate: z.number().min(0).max(1).optional(),
  latencySpikeRate: z.number().min(0).max(1).optional(),
  latencySpikeMs: z.number().min(0).optional(),
  failNext: z
    .array(
      z.strictObject({
        status: z.number().int().min(400).max(599),
        count: z.number().int().min(1),
        method: z.string().optional(),
        pathPrefix: z.string().optional(),
        retryAfterS: z.number().int().min(0).optional(),
      }),
    )
    .optional(),
  throttleStorm: z
    .strictObject({ count: z.number().int().min(1), retryAfterS: z.number().int().min(0) })
    .nullable()
    .optional(),
  webhookDuplicateRate: z.number().min(0).max(1).optional(),
  webhookReorder: z.boolean().optional(),
});
export type FaultsPatch = z.input<typeof FaultsPatchSchema>;

export type ControlTarget = {
  setAccountOptions(token: string, patch: AccountOptionsPatch): AccountOptions;
  accountOptions(token: string): AccountOptions | null;
  setFaults(patch: FaultsPatch): Faults;
  stats(): unknown;
  advance(id: number): unknown;
  expire(id: number): unknown;
  /** The courier's estimate for a request body, as POST /estimates answers the token's account, uncounted and unlimited. */
  estimate(body: unknown, token: string): Reply;
};

const invalid = (error: z.ZodError) =>
  json(400, { errors: error.issues.map((i) => ({ code: 1002, parameter: i.path.join("."), message: i.message })) });

export function handleControl(target: ControlTarget, method: string, segments: string[], body: unknown): Reply {
  const [, area, key, action] = segments;
  if (area === "accounts" && key && action === undefined) {
    const token = decodeURIComponent(key);
    if (method === "GET") {
      const options = target.accountOptions(token);
      return options ? json(200, options) : json(404, { message: "Unknown token." });
    }
    if (method === "POST") {
      const parsed = AccountOptionsPatchSchema.safeParse(body ?? {});
      return parsed.success ? json(200, target.setAccountOptions(token, parsed.data)) : invalid(parsed.error);
    }
  }
  if (area === "faults" && key === undefined && method === "POST") {
    const parsed = FaultsPatchSchema.safeParse(body ?? {});
    return parsed.success ? json(200, target.setFaults(parsed.data)) : invalid(parsed.error);
  }
  if (area === "stats" && key === undefined && method === "GET") return json(200, target.stats());
  if (area === "estimate" && action === undefined && method === "POST") {
    return target.estimate(body, key ? decodeURIComponent(key) : "");
  }
  if (area === "shipments" && key && /^\d+$/.test(key) && method === "POST") {
    const result =
      action === "advance" ? target.advance(Number(key)) : action === "expire" ? target.expire(Number(key)) : undefined;
    if (action !== "advance" && action !== "expire") return endpointNotFound();
    return result ? json(200, result) : json(404, { message: "Unknown shipment." });
  }
  return endpointNotFound();
}
