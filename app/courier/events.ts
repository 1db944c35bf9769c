import { createHash } from "node:crypto";
import { z } from "zod";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "~/http/json-depth";
import { parseJsonKeepingIds } from "~/http/json-ids";
import { holdsIllFormedText } from "~/text/well-formed";
import { COURIER_ID_MAX, EVENT_NAMES, RETURN_CODES, type CourierEventName, type ReturnCode } from "./limits";
import {
  isPlainObject,
  lenientArray,
  lenientIdList,
  lenientNumber,
  lenientObject,
  lenientRecord,
  lenientText,
  lenientTimestamp,
  toDateOrNull,
  toTextOrNull,
} from "./lenient";
import { DriverResponse, ItemResponse, LocationResponse } from "./responses";

/**
 * Webhook bodies from the courier: `{ event, data }`. Parsed leniently (payloads "may gain fields
 * over time"): each of the courier's 19 event names gets a typed result, any other name becomes
 * `kind: "unknown"`, and nothing that is valid JSON with an event name is ever refused.
 */

/** Courier webhook bodies are small; anything larger is refused before parsing. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/**
 * The courier names no field or format for the ETA ("not shown"). These are the names we accept,
 * in order of preference; the sandbox sends `eta`.
 */
export const ETA_FIELD_NAMES = [
  "eta",
  "estimated_arrival",
  "estimated_arrival_time",
  "estimated_delivery_time",
  "estimated_pickup_time",
  "pickup_eta",
  "delivery_eta",
] as const;

const DeliveryBatchData = z.looseObject({
  friendly_id: lenientText,
  sequence_number: lenientNumber,
  reference_id: lenientText,
});
const DriverSubmittedData = z.looseObject({ action_id: lenientText, attributes: lenientRecord });
const Attachment = z.looseObject({ file_name: lenientText, mime_type: lenientText, url: lenientText });
const ImageAttachment = z.looseObject({ image_type: lenientText, mime_type: lenientText, url: lenientText });
const ItemRef = z.looseObject({ reference_id: lenientText });
const LeftAtLocation = z.looseObject({ name: lenientText, description: lenientText });

const common = {
  id: lenientText,
  occurred_at: lenientTimestamp,
  reference_id: lenientText,
  tracking_number: lenientText,
  parent_tracking_number: lenientText,
  related_shipments: lenientIdList,
  delivery_batch: lenientObject(DeliveryBatchData),
  sequence_number: lenientNumber,
  driver_submitted_data: lenientObject(DriverSubmittedData),
  driver: lenientObject(DriverResponse),
};
const position = { latitude: lenientNumber, longitude: lenientNumber };

/** A return code from the courier's list, "unknown" for any other text, null when absent. */
export function readReturnCode(code: string | null): ReturnCode | "unknown" | null {
  if (code === null) return null;
  return (RETURN_CODES as readonly string[]).includes(code) ? (code as ReturnCode) : "unknown";
}

const data = <S extends z.core.$ZodLooseShape>(shape: S) => z.looseObject({ ...common, ...shape });

export const EVENT_DATA_SCHEMAS = {
  "shipment.driver_assigned": data({ driver_id: lenientText }),
  "shipment.en_route_to_pickup": data({ ...position }),
  "shipment.at_pickup": data({ ...position }),
  "shipment.pickup_confirmed": data({
    ...position,
    attachment: lenientObject(Attachment),
    items: lenientArray(ItemRef),
  }),
  "shipment.en_route_to_delivery": data({ ...position }),
  "shipment.at_delivery": data({ ...position }),
  "shipment.delivery_confirmed": data({
    ...position,
    attachment: lenientObject(Attachment),
    signatory_name: lenientText,
    items: lenientArray(ItemRef),
  }),
  "shipment.delivery_details_added": data({
    ...position,
    attachment: lenientObject(Attachment),
    left_at_location: lenientObject(LeftAtLocation),
  }),
  "shipment.delivery_attempted": data({ ...position, return_code: lenientText, return_notes: lenientText }).transform(
    (attempt) => Object.assign({}, attempt, { return_reason: readReturnCode(attempt.return_code) }),
  ),
  "shipment.returned": data({ return_id: lenientText }),
  "shipment.canceled": data({ cancellation_code: lenientText, cancellation_notes: lenientText }),
  "shipment.driver_approaching_pickup": data({ ...position }),
  "shipment.driver_approaching_delivery": data({ ...position }),
  "shipment.tracking_updated": data({ ...position }),
  "shipment.driver_unassigned": data({ driver_id: lenientText }),
  "shipment.created": data({
    state: lenientText,
    alternate_id_1: lenientText,
    alternate_id_2: lenientText,
    estimated_distance: lenientNumber,
    created_at: lenientTimestamp,
    items: lenientArray(ItemResponse),
    pickup_location: lenientObject(LocationResponse),
    delivery_location: lenientObject(LocationResponse),
    pickup_after: lenientTimestamp,
    deliver_between: lenientObject(z.looseObject({ start: lenientTimestamp, end: lenientTimestamp })),
  }),
  "grouping.pickup_grouping_identified": data({
    friendly_id: lenientText,
    pickup_time: lenientTimestamp,
    shipments: lenientArray(
      z.looseObject({
        id: lenientText,
        reference_id: lenientText,
        tracking_number: lenientText,
        _ref: lenientText,
        alternate_id_1: lenientText,
        alternate_id_2: lenientText,
        support_id: lenientText,
      }),
    ),
  }),
  "shipment.delivery_confirmed_with_details": data({
    ...position,
    left_at_location: lenientObject(LeftAtLocation),
    attachments: lenientArray(ImageAttachment),
    signatory_name: lenientText,
    items: lenientArray(ItemRef),
  }),
  "shipment.reposted": data({ parent_id: lenientText }),
} satisfies Record<CourierEventName, z.ZodType>;

type DataOf<K extends CourierEventName> = z.output<(typeof EVENT_DATA_SCHEMAS)[K]>;

export type KnownCourierEvent = {
  [K in CourierEventName]: {
    kind: K;
    name: K;
    /** The shipment the event is about (the new one for `reposted`); null for grouping events. */
    shipmentId: string | null;
    occurredAt: Date | null;
    /** Pickup or delivery ETA, whichever field name the courier used (see ETA_FIELD_NAMES). */
    eta: Date | null;
    data: DataOf<K>;
    /** The body's `data` exactly as received. */
    raw: Record<string, unknown>;
  };
}[CourierEventName];

export type UnknownCourierEvent = {
  kind: "unknown";
  name: string;
  shipmentId: string | null;
  occurredAt: Date | null;
  eta: Date | null;
  data: unknown;
  raw: unknown;
};

export type CourierEvent = KnownCourierEvent | UnknownCourierEvent;

export type ParseEventResult = { ok: true; event: CourierEvent } | { ok: false; reason: string };

function isKnownName(name: string): name is CourierEventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

function findEta(raw: Record<string, unknown>): Date | null {
  for (const field of ETA_FIELD_NAMES) {
    const date = toDateOrNull(raw[field]);
    if (date) return date;
  }
  return null;
}

export function parseCourierEvent(rawBody: string): ParseEventResult {
  if (Buffer.byteLength(rawBody, "utf8") > MAX_WEBHOOK_BODY_BYTES) return { ok: false, reason: "body too large" };
  let body: unknown;
  try {
    // An id above 2^53 (the document calls ids integers) stays its exact digits.
    body = parseJsonKeepingIds(rawBody);
  } catch {
    return { ok: false, reason: "body is not valid JSON" };
  }
  if (!isPlainObject(body)) return { ok: false, reason: "body is not a JSON object" };
  if (jsonDepthExceeds(body)) return { ok: false, reason: `body nests deeper than ${MAX_JSON_DEPTH} levels` };
  // Names and ids become columns: text that no UTF-8 column can hold is refused here, not by the database.
  if (holdsIllFormedText(body)) return { ok: false, reason: "body holds text that is not well-formed Unicode" };
  const name = typeof body.event === "string" ? body.event.trim() : "";
  if (name === "") return { ok: false, reason: "body has no event name" };

  const rawData = body.data;
  const id = isPlainObject(rawData) ? toTextOrNull(rawData.id) : null;
  if (id !== null && id.length > COURIER_ID_MAX)
    return { ok: false, reason: `id is longer than ${COURIER_ID_MAX} characters` };
  if (isKnownName(name) && isPlainObject(rawData)) {
    const parsed = EVENT_DATA_SCHEMAS[name].safeParse(rawData);
    if (parsed.success) {
      const parsedData = parsed.data as { id: string | null; occurred_at: Date | null };
      const event = {
        kind: name,
        name,
        shipmentId: name === "grouping.pickup_grouping_identified" ? null : parsedData.id,
        occurredAt: parsedData.occurred_at,
        eta: findEta(rawData),
        data: parsed.data,
        raw: rawData,
      } as KnownCourierEvent;
      return { ok: true, event };
    }
  }
  const record = isPlainObject(rawData) ? rawData : {};
  return {
    ok: true,
    event: {
      kind: "unknown",
      name,
      shipmentId: toTextOrNull(record.id),
      occurredAt: toDateOrNull(record.occurred_at),
      eta: findEta(record),
      data: rawData ?? null,
      raw: rawData ?? null,
    },
  };
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A stable key for "the same event" across duplicate deliveries: name, shipment (or group) id and
 * occurred_at; when occurred_at is missing, a hash of the data stands in for it.
 */
export function dedupeKey(event: CourierEvent): string {
  const subject = event.shipmentId ?? (isPlainObject(event.raw) ? toTextOrNull(event.raw.id) : null) ?? "-";
  const when = event.occurredAt
    ? event.occurredAt.toISOString()
    : `h:${createHash("sha256").update(stableStringify(event.raw)).digest("hex").slice(0, 32)}`;
  return `${event.name}|${subject}|${when}`;
}

/**
 * Whether two deliveries of one event (the same dedupeKey) carry the same content: key order and
 * whitespace aside, since a sender may serialise a retry anew.
 */
export function sameEventBody(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return stableStringify(parseJsonKeepingIds(a)) === stableStringify(parseJsonKeepingIds(b));
  } catch {
    return false;
  }
}
