/**
 * The payloads of the app's Shopify Flow triggers (one `flow_trigger` extension each in extensions/,
 * sent with flowTriggerReceive). Keys are the extension's fields: the order reference as `order_id`
 * (the order's numeric id, as Flow's `order_reference` field needs) and each custom field under its
 * `key`. test/app/shopify-admin/flow-trigger-payloads.test.ts checks these against the tomls.
 *
 * `order_id` is held as its digits: Shopify's order ids go above 2^53, where a JavaScript number
 * changes them. flow-triggers.server.ts writes the digits as the JSON number Flow reads.
 */
import { z } from "zod";
import { ID_DIGITS } from "~/http/json-ids";

/** Flow refuses a trigger payload over 50 KB. */
export const FLOW_PAYLOAD_MAX_BYTES = 50 * 1024;
/** Our own bound, far under that limit whatever the courier's notes hold. */
export const FLOW_SINGLE_LINE_MAX = 255;

/** Text as one line of at most `max` characters (whitespace runs as one space; clipped with "…"). */
export function asOneLine(text: string, max = FLOW_SINGLE_LINE_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const orderId = z.string().regex(ID_DIGITS, "Expected an order's numeric id");
const singleLine = z
  .string()
  .max(FLOW_SINGLE_LINE_MAX)
  .regex(/^[^\r\n]*$/, "Expected one line");
/**
 * A reason in words. Flow triggers take no multi-line text field (Shopify's Flow trigger reference;
 * the CLI refuses `multi_line_text_field` on a trigger at deploy), so it is one line; a job stored
 * before that with a longer or multi-line reason is sent as one line too.
 */
const reasonLine = z.preprocess((value) => (typeof value === "string" ? asOneLine(value) : value), singleLine);

export const ATTENTION_CODES = ["returned", "canceled", "expired", "no_driver_yet"] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];
export const FAILURE_OUTCOMES = ["returned", "canceled", "expired"] as const;

const shipmentFields = { "Shipment ID": singleLine, "Tracking number": singleLine };

export const FLOW_TRIGGER_PAYLOADS = {
  "delivery-needs-attention": z.strictObject({
    order_id: orderId,
    "Reason code": z.enum(ATTENTION_CODES),
    Reason: reasonLine,
    ...shipmentFields,
  }),
  "delivery-delivered": z.strictObject({ order_id: orderId, ...shipmentFields }),
  "delivery-failed": z.strictObject({
    order_id: orderId,
    Outcome: z.enum(FAILURE_OUTCOMES),
    Reason: reasonLine,
    ...shipmentFields,
  }),
  "delivery-no-driver-yet": z.strictObject({ order_id: orderId, ...shipmentFields, "Pickup after": singleLine }),
};

export type FlowTriggerHandle = keyof typeof FLOW_TRIGGER_PAYLOADS;
export const FLOW_TRIGGER_HANDLES = Object.keys(FLOW_TRIGGER_PAYLOADS) as [FlowTriggerHandle, ...FlowTriggerHandle[]];

/** One trigger ready to send: its handle and a payload of that handle's shape. */
export type FlowTrigger = {
  [H in FlowTriggerHandle]: { handle: H; payload: z.infer<(typeof FLOW_TRIGGER_PAYLOADS)[H]> };
}[FlowTriggerHandle];

/** A trigger read back (from a job's payload): checked against its handle's shape and Flow's size limit. */
export function parseFlowTrigger(value: unknown): { ok: true; trigger: FlowTrigger } | { ok: false; reason: string } {
  const outer = z.object({ handle: z.enum(FLOW_TRIGGER_HANDLES), payload: z.unknown() }).safeParse(value);
  if (!outer.success) return { ok: false, reason: "Not one of the app's Flow triggers" };
  const payload = FLOW_TRIGGER_PAYLOADS[outer.data.handle].safeParse(outer.data.payload);
  if (!payload.success) return { ok: false, reason: `The ${outer.data.handle} payload does not match its fields` };
  if (Buffer.byteLength(JSON.stringify(payload.data), "utf8") > FLOW_PAYLOAD_MAX_BYTES)
    return { ok: false, reason: "The payload is over Flow's limit" };
  return { ok: true, trigger: { handle: outer.data.handle, payload: payload.data } as FlowTrigger };
}
