import { z } from "zod";
import {
  ADDRESS_LINE_MAX,
  CANCELLATION_CODES,
  CONTACT_NAME_MAX,
  DESCRIPTION_MAX,
  IDEMPOTENCY_KEY_MAX,
  ITEM_DESCRIPTION_MAX,
  ITEM_REFERENCE_ID_MAX,
  NOTES_MAX,
  PHONE_MAX,
  RATING_MAX,
  RATING_MIN,
  REFERENCE_ID_MAX,
  STORE_NUMBER_MAX,
  US_STATE_CODES,
  ZIP_MAX,
} from "./limits";

/**
 * The courier's request bodies, validated strictly before anything is sent (and by the courier
 * sandbox, which reuses these schemas so each limit is defined once). Unknown fields are refused:
 * a misspelt field would otherwise be dropped silently by the courier.
 *
 * Timestamps are accepted as `Date` or RFC 3339 text with an offset and sent as UTC ISO text.
 * Rules that depend on the current time (`pickup_after` in the future) live in `requestSchemas(clock)`.
 */

const text = (max: number) =>
  z.string({ error: "must be text" }).max(max, { error: `must be at most ${max} characters` });
const requiredText = (max: number) => text(max).min(1, { error: "must not be empty" });
const positiveNumber = z.number({ error: "must be a number" }).positive({ error: "must be greater than 0" });

const instant = z
  .union(
    [
      z.date({ error: "must be a valid date" }),
      z.iso.datetime({ offset: true, error: "must be an RFC 3339 timestamp" }),
    ],
    {
      error: "must be an RFC 3339 timestamp",
    },
  )
  .transform((value) => (typeof value === "string" ? new Date(value) : value))
  .refine((date) => !Number.isNaN(date.getTime()), { error: "must be a valid date" });

const timestamp = instant.transform((date) => date.toISOString());
const futureTimestamp = (clock: () => Date) =>
  instant
    .refine((date) => date.getTime() > clock().getTime(), { error: "must be in the future" })
    .transform((date) => date.toISOString());

export const TimeWindowSchema = z
  .strictObject({ start: timestamp, end: timestamp })
  .refine((window) => Date.parse(window.start) < Date.parse(window.end), {
    error: "must be after start",
    path: ["end"],
  });

export const AddressSchema = z.strictObject({
  name: text(ADDRESS_LINE_MAX).optional(),
  store_number: text(STORE_NUMBER_MAX).optional(),
  street1: requiredText(ADDRESS_LINE_MAX),
  street2: text(ADDRESS_LINE_MAX).optional(),
  city: requiredText(ADDRESS_LINE_MAX),
  state: z.enum(US_STATE_CODES, { error: "must be a two-letter US state code (e.g. CA)" }),
  zip: requiredText(ZIP_MAX),
  latitude: z.number({ error: "must be a number" }).min(-90).max(90).optional(),
  longitude: z.number({ error: "must be a number" }).min(-180).max(180).optional(),
});

export const ContactSchema = z.strictObject({
  name: requiredText(CONTACT_NAME_MAX),
  phone: requiredText(PHONE_MAX),
});

const locationShape = {
  address: AddressSchema,
  notes: text(NOTES_MAX).nullable().optional(),
};
/** A complete location, as create and update require. */
export const LocationSchema = z.strictObject({ ...locationShape, contact: ContactSchema });
/** Estimates do not need a contact. */
export const EstimateLocationSchema = z.strictObject({ ...locationShape, contact: ContactSchema.optional() });

export const ItemSchema = z.strictObject({
  description: requiredText(ITEM_DESCRIPTION_MAX),
  reference_id: text(ITEM_REFERENCE_ID_MAX).nullable().optional(),
  value: z.number({ error: "must be a number" }).min(0, { error: "must not be negative" }).optional(),
  length: positiveNumber,
  width: positiveNumber,
  height: positiveNumber,
  weight: positiveNumber,
  quantity: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" }),
});

export const DeliveryOptionsSchema = z.strictObject({
  signature_required: z.boolean({ error: "must be true or false" }),
  notifications_enabled: z.boolean({ error: "must be true or false" }).optional(),
  over_21_required: z.boolean({ error: "must be true or false" }).optional(),
  over_18_required: z.boolean({ error: "must be true or false" }).optional(),
  extra_compensation: z.number({ error: "must be a number" }).min(0, { error: "must not be negative" }).optional(),
  trailer_required: z.boolean({ error: "must be true or false" }).optional(),
  decline_insurance: z.boolean({ error: "must be true or false" }),
});

export const DeliveryBatchSchema = z.strictObject({
  reference_id: requiredText(REFERENCE_ID_MAX),
  sequence_number: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(0),
});

const itemsSchema = z
  .array(ItemSchema, { error: "must be a list of items" })
  .min(1, { error: "must hold at least one item" });
const shipmentEventsSchema = z.array(z.record(z.string(), z.unknown()), { error: "must be a list of objects" });

/** Fields shared by create and update (update takes any subset of them). */
const shipmentFields = (clock: () => Date) => ({
  reference_id: requiredText(REFERENCE_ID_MAX),
  alternate_id_1: text(REFERENCE_ID_MAX).optional(),
  alternate_id_2: text(REFERENCE_ID_MAX).optional(),
  description: text(DESCRIPTION_MAX).optional(),
  items: itemsSchema,
  pickup_location: LocationSchema,
  delivery_location: LocationSchema,
  pickup_after: futureTimestamp(clock),
  deliver_between: TimeWindowSchema,
  options: DeliveryOptionsSchema,
  pickup_accessibility_features: text(DESCRIPTION_MAX).optional(),
  delivery_accessibility_features: text(DESCRIPTION_MAX).optional(),
  packaging_information: text(DESCRIPTION_MAX).optional(),
  events: shipmentEventsSchema.optional(),
});

/** The schemas whose rules depend on the current time, bound to a clock. */
export function requestSchemas(clock: () => Date) {
  const fields = shipmentFields(clock);
  return {
    estimate: z.strictObject({
      items: itemsSchema,
      pickup_location: EstimateLocationSchema,
      delivery_location: EstimateLocationSchema,
      pickup_after: futureTimestamp(clock),
      deliver_between: TimeWindowSchema,
    }),
    createShipment: z.strictObject({
      ...fields,
      idempotency_key: requiredText(IDEMPOTENCY_KEY_MAX).optional(),
      pickup_between: TimeWindowSchema.optional(),
      delivery_batch: DeliveryBatchSchema.optional(),
    }),
    updateShipment: z
      .strictObject({
        reference_id: fields.reference_id.optional(),
        alternate_id_1: fields.alternate_id_1,
        alternate_id_2: fields.alternate_id_2,
        description: fields.description,
        items: fields.items.optional(),
        pickup_location: fields.pickup_location.optional(),
        delivery_location: fields.delivery_location.optional(),
        pickup_after: fields.pickup_after.optional(),
        deliver_between: fields.deliver_between.optional(),
        options: fields.options.optional(),
        pickup_accessibility_features: fields.pickup_accessibility_features,
        delivery_accessibility_features: fields.delivery_accessibility_features,
        packaging_information: fields.packaging_information,
        events: fields.events,
      })
      .refine((patch) => Object.keys(patch).length > 0, {
        error: "must change at least one field",
        // Only when nothing else is wrong: an unknown field already explains an empty patch.
        when: (payload) => payload.issues.length === 0,
      }),
    cancelShipment: CancelShipmentSchema,
    tip: TipSchema,
    legacyTip: LegacyTipSchema,
    rating: RatingSchema,
  };
}

export const CancelShipmentSchema = z
  .strictObject({
    cancellation_code: z
      .enum(CANCELLATION_CODES, { error: "must be one of the courier's cancellation codes" })
      .optional(),
    cancellation_comment: text(NOTES_MAX).optional(),
  })
  .refine((body) => body.cancellation_code !== "other" || (body.cancellation_comment ?? "").trim() !== "", {
    error: "must explain the reason when the code is other",
    path: ["cancellation_comment"],
  });

export const TipSchema = z.strictObject({ amount: positiveNumber });
/** The earlier form of the tip operation (POST) takes whole dollars. */
export const LegacyTipSchema = z.strictObject({
  amount: positiveNumber.int({ error: "must be a whole number of dollars for the earlier tip form" }),
});
export const RatingSchema = z.strictObject({
  value: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(RATING_MIN, { error: `must be between ${RATING_MIN} and ${RATING_MAX}` })
    .max(RATING_MAX, { error: `must be between ${RATING_MIN} and ${RATING_MAX}` }),
});

type Schemas = ReturnType<typeof requestSchemas>;
export type EstimateRequest = z.input<Schemas["estimate"]>;
export type CreateShipmentRequest = z.input<Schemas["createShipment"]>;
export type UpdateShipmentRequest = z.input<Schemas["updateShipment"]>;
export type CancelShipmentRequest = z.input<typeof CancelShipmentSchema>;
export type TipRequest = z.input<typeof TipSchema>;
export type RatingRequest = z.input<typeof RatingSchema>;
export type Item = z.input<typeof ItemSchema>;
export type Location = z.input<typeof LocationSchema>;
export type Address = z.input<typeof AddressSchema>;
export type Contact = z.input<typeof ContactSchema>;
export type DeliveryOptions = z.input<typeof DeliveryOptionsSchema>;
export type TimeWindow = z.input<typeof TimeWindowSchema>;
export type DeliveryBatch = z.input<typeof DeliveryBatchSchema>;

/** A field that failed validation; `path` is dotted with list indexes in brackets: `items[0].weight`. */
export type FieldError = { path: string; message: string };
/** A field error with what kind of problem it is, so the sandbox can pick the courier's error code. */
export type FieldProblem = FieldError & { missing: boolean };

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Every problem zod found, one entry per bad field (an unknown key becomes its own entry). */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        problems.push({ path: formatPath([...issue.path, key]), message: "is not a known field", missing: false });
      }
      continue;
    }
    const missing = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined;
    problems.push({ path: formatPath(issue.path), message: missing ? "is required" : issue.message, missing });
  }
  return problems;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export function validateRequest<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: describeIssues(result.error.issues, input) };
}
