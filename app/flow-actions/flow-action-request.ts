/**
 * What Shopify Flow posts to an action's runtime URL (shopify.dev, "Create Flow action endpoints"):
 * `shop_id`, `shopify_domain`, `action_run_id` (one per run of the action: the key that makes a
 * resend do nothing twice), `action_definition_id`, `handle` and `properties`, which hold the
 * extension's fields by key (extensions/<handle>/shopify.extension.toml; the order reference as
 * `order_id`). Flow may add properties of its own (a `step_reference`): they are ignored, not refused.
 * Pure; test/extensions/flow-actions.test.ts checks the properties against the tomls.
 */
import { z } from "zod";
import {
  CANCEL_COMMENT_MAX_LENGTH,
  SENDER_CANCELLATION_CODES,
  type CancelRequest,
} from "../../extensions/shared/api-contract";
import { validateCancel } from "../../extensions/shared/cancellation";
import { ID_DIGITS } from "~/http/json-ids";
import { isMyshopifyDomain } from "~/shopify-admin/shop-domain";
import { holdsIllFormedText, NOT_WELL_FORMED_MESSAGE } from "~/text/well-formed";

/** The largest action request read: a few short fields and a comment, far under this. */
export const FLOW_ACTION_MAX_BODY_BYTES = 32 * 1024;
const RUN_ID_MAX = 255;
const COURIER_ID_MAX = 64;

export const FLOW_ACTION_HANDLES = ["dispatch-delivery-again", "raise-driver-pay", "cancel-delivery"] as const;
export type FlowActionHandle = (typeof FLOW_ACTION_HANDLES)[number];

/** The actions' names in Flow, for the timeline. */
export const FLOW_ACTION_TITLES: Record<FlowActionHandle, string> = {
  "dispatch-delivery-again": "Dispatch the delivery again",
  "raise-driver-pay": "Raise the driver pay",
  "cancel-delivery": "Cancel the delivery with a reason",
};

/** An order id as Flow sends it: digits (text, or a number read as its digits) or the order's global id. */
const orderId = z
  .union([z.string(), z.number().int().positive()], { error: "order_id: expected the order's id" })
  .transform((value) =>
    String(value)
      .trim()
      .replace(/^gid:\/\/shopify\/Order\//, ""),
  )
  .refine((digits) => ID_DIGITS.test(digits), "order_id: expected the order's id");

/** The courier's shipment id from the app's trigger; empty (a workflow without it) means "the order's one delivery". */
const shipmentId = z
  .string({ error: "shipment_id: expected text" })
  .trim()
  .max(COURIER_ID_MAX, `shipment_id: at most ${COURIER_ID_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]*$/, "shipment_id: expected the courier's shipment id")
  .optional()
  .transform((value) => (value ? value : null));

const target = { order_id: orderId, shipment_id: shipmentId };

const cancelProperties = z
  .object({
    ...target,
    reason: z.string({ error: `reason: expected one of ${SENDER_CANCELLATION_CODES.join(", ")}` }).trim(),
    comment: z
      .string({ error: "comment: expected text" })
      .max(CANCEL_COMMENT_MAX_LENGTH * 4, `comment: at most ${CANCEL_COMMENT_MAX_LENGTH} characters`)
      .optional(),
  })
  .transform((input, ctx) => {
    const checked = validateCancel({ code: input.reason, comment: input.comment ?? "" });
    if (!checked.ok) {
      if (checked.fieldErrors?.code)
        ctx.addIssue({ code: "custom", message: `reason: expected one of ${SENDER_CANCELLATION_CODES.join(", ")}` });
      if (checked.fieldErrors?.comment)
        ctx.addIssue({ code: "custom", message: `comment: ${checked.fieldErrors.comment}` });
      return z.NEVER;
    }
    return { order_id: input.order_id, shipment_id: input.shipment_id, cancel: checked.value };
  });

export const FLOW_ACTION_PROPERTIES = {
  "dispatch-delivery-again": z.object(target),
  "raise-driver-pay": z.object(target),
  "cancel-delivery": cancelProperties,
};

const envelope = z.object({
  shop_id: z.union([z.string(), z.number()], { error: "shop_id: expected the store's id" }).transform(String),
  shopify_domain: z
    .string({ error: "shopify_domain: expected the store's myshopify.com domain" })
    .refine(isMyshopifyDomain, "shopify_domain: expected the store's myshopify.com domain"),
  action_run_id: z
    .string({ error: "action_run_id: expected the action run's id" })
    .min(1, "action_run_id: expected the action run's id")
    .max(RUN_ID_MAX, `action_run_id: at most ${RUN_ID_MAX} characters`),
  action_definition_id: z.string({ error: "action_definition_id: expected text" }).max(RUN_ID_MAX),
  handle: z.enum(FLOW_ACTION_HANDLES, { error: `handle: expected one of ${FLOW_ACTION_HANDLES.join(", ")}` }),
  properties: z.record(z.string(), z.unknown(), { error: "properties: expected an object" }),
});

type Target = { orderId: string; courierShipmentId: string | null };

/** One action to do: the request's store, run and handle, with that handle's properties checked. */
export type FlowActionRequest = {
  shopDomain: string;
  actionRunId: string;
} & (
  | ({ handle: "dispatch-delivery-again" | "raise-driver-pay" } & Target)
  | ({ handle: "cancel-delivery"; cancel: CancelRequest } & Target)
);

export type ParsedFlowAction = { ok: true; request: FlowActionRequest } | { ok: false; problems: string[] };

const problemsOf = (error: z.ZodError) =>
  error.issues.map((issue) =>
    issue.message.includes(":") ? issue.message : `${issue.path.join(".")}: ${issue.message}`,
  );

/** A Flow action request read from its JSON body (ids above 2^53 already kept as digits). */
export function parseFlowActionRequest(body: unknown): ParsedFlowAction {
  // Its run id and comment are written to the database: a lone surrogate would fail the write (a 500).
  if (holdsIllFormedText(body)) return { ok: false, problems: [`The request's text ${NOT_WELL_FORMED_MESSAGE}`] };
  const outer = envelope.safeParse(body);
  if (!outer.success) return { ok: false, problems: problemsOf(outer.error) };
  const { shopify_domain: shopDomain, action_run_id: actionRunId, handle, properties } = outer.data;
  if (handle === "cancel-delivery") {
    const parsed = cancelProperties.safeParse(properties);
    if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
    const { order_id, shipment_id, cancel } = parsed.data;
    return {
      ok: true,
      request: { shopDomain, actionRunId, handle, orderId: order_id, courierShipmentId: shipment_id, cancel },
    };
  }
  const parsed = FLOW_ACTION_PROPERTIES[handle].safeParse(properties);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
  return {
    ok: true,
    request: {
      shopDomain,
      actionRunId,
      handle,
      orderId: parsed.data.order_id,
      courierShipmentId: parsed.data.shipment_id,
    },
  };
}
