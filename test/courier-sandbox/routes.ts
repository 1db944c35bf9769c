import type { z } from "zod";
import {
  API_ERROR_CODES,
  IMAGE_KINDS,
  LABEL_FORMATS,
  MAX_DISTANCE_MILES,
  TIP_WINDOW_AFTER_DELIVERY_MS,
  type ImageKind,
} from "~/courier/limits";
import {
  CancelShipmentSchema,
  LegacyTipSchema,
  RatingSchema,
  TipSchema,
  requestSchemas,
  validateRequest,
  type EstimateLocationSchema,
} from "~/courier/requests";
import { outcomeFor, timingFrom } from "./commands";
import { geocode, priceFor, roadMiles, sizeOf, type Point } from "./geo";
import {
  apiErrorsFrom,
  badRequest,
  endpointNotFound,
  json,
  ruleViolation,
  shipmentNotFound,
  type ApiErrorJson,
  type Reply,
} from "./http";
import { labelPdf, labelPng, photoPng, signaturePng } from "./images";
import type { AccountOptions, SandboxShipment, UpdateRecord, WebhookEvent } from "./model";
import { cancelByCaller, type StepContext } from "./progression";
import { FINAL_STATES, isAutomatic, type Runner } from "./runner";
import { newShipment, shipmentJson } from "./shipments";

/** The courier API (/v1/...) of the sandbox, as handlers from a parsed request to a reply. */

/** The sandbox's own fee for a cancellation after the driver headed to pickup (the courier's API gives no amount). */
export const CANCELLATION_FEE = 7.5;

export type SandboxCore = {
  clock: () => Date;
  shipments: Map<number, SandboxShipment>;
  /** token → idempotency_key → shipment id, for successful creates only. */
  idempotency: Map<string, Map<string, number>>;
  nextId: () => number;
  account: (token: string) => AccountOptions;
  runner: Runner;
  baseUrl: () => string;
  emit: (shipment: SandboxShipment, events: WebhookEvent[]) => void;
  /** Every update request answered, in order (tests assert what the app sent). */
  updates: UpdateRecord[];
};

export type ApiRequest = {
  token: string;
  method: string;
  segments: string[];
  query: URLSearchParams;
  /** Parsed JSON body; undefined when there was none. */
  body: unknown;
};

type Validation<T> = { ok: true; value: T } | { ok: false; reply: Reply };

function validate<S extends z.ZodType>(schema: S, body: unknown): Validation<z.output<S>> {
  const result = validateRequest(schema, body);
  return result.ok ? result : { ok: false, reply: badRequest(apiErrorsFrom(result.problems)) };
}

type Route = { points: { pickup: Point; delivery: Point }; miles: number };

/** Geocoding and the 350-mile limit: 1004 for an address that cannot be found, 1005 for no route. */
function route(
  pickup: z.output<typeof EstimateLocationSchema>,
  delivery: z.output<typeof EstimateLocationSchema>,
): Route | { reply: Reply } {
  const errors: ApiErrorJson[] = [];
  const pickupPoint = geocode(pickup.address);
  const deliveryPoint = geocode(delivery.address);
  if (!pickupPoint) {
    errors.push({
      code: API_ERROR_CODES.addressNotFound,
      parameter: "pickup_location.address",
      message: "Supplied address cannot be found.",
    });
  }
  if (!deliveryPoint) {
    errors.push({
      code: API_ERROR_CODES.addressNotFound,
      parameter: "delivery_location.address",
      message: "Supplied address cannot be found.",
    });
  }
  if (!pickupPoint || !deliveryPoint) return { reply: badRequest(errors) };
  const miles = roadMiles(pickupPoint, deliveryPoint);
  if (miles > MAX_DISTANCE_MILES) {
    return {
      reply: badRequest([
        {
          code: API_ERROR_CODES.noRoute,
          parameter: "delivery_location.address",
          message: `No valid route within ${MAX_DISTANCE_MILES} miles between the supplied addresses.`,
        },
      ]),
    };
  }
  return { points: { pickup: pickupPoint, delivery: deliveryPoint }, miles };
}

function timingProblem(description: string | undefined): Reply | null {
  return timingFrom(description) === "invalid"
    ? badRequest([
        {
          code: API_ERROR_CODES.invalid,
          parameter: "description",
          message: "--timing must be a whole number of seconds from 15 to 900.",
        },
      ])
    : null;
}

/** The account's peak-time extra for a delivery window starting at `start` (model.ts, peakPricing). */
function peakExtra(core: Pick<SandboxCore, "account">, token: string, start: string): number {
  const peak = core.account(token).peakPricing;
  return peak && Date.parse(start) >= Date.parse(peak.from) ? peak.extraDollars : 0;
}

/** POST /estimates; the control API's `POST /__sandbox/estimate[/:token]` answers the same, outside the rate limit. */
export function estimate(core: Pick<SandboxCore, "clock" | "account">, req: Pick<ApiRequest, "body" | "token">): Reply {
  const v = validate(requestSchemas(core.clock).estimate, req.body);
  if (!v.ok) return v.reply;
  const r = route(v.value.pickup_location, v.value.delivery_location);
  if ("reply" in r) return r.reply;
  const size = sizeOf(v.value.items);
  const price = priceFor(r.miles, size, peakExtra(core, req.token, v.value.deliver_between.start));
  return json(200, { price, size, estimated_distance: r.miles });
}

function create(core: SandboxCore, req: ApiRequest): Reply {
  const v = validate(requestSchemas(core.clock).createShipment, req.body);
  if (!v.ok) return v.reply;
  const body = v.value;
  const timing = timingProblem(body.description);
  if (timing) return timing;
  const keys = core.idempotency.get(req.token) ?? new Map<string, number>();
  if (body.idempotency_key !== undefined && keys.has(body.idempotency_key)) {
    return json(409, {
      errors: [
        {
          code: API_ERROR_CODES.rule,
          parameter: "idempotency_key",
          message: "A shipment was already created with this idempotency_key.",
        },
      ],
    });
  }
  const r = route(body.pickup_location, body.delivery_location);
  if ("reply" in r) return r.reply;
  const now = core.clock();
  const size = sizeOf(body.items);
  const shipment = newShipment({
    id: core.nextId(),
    token: req.token,
    request: body,
    now,
    price: priceFor(
      r.miles,
      size,
      (body.options.extra_compensation ?? 0) + peakExtra(core, req.token, body.deliver_between.start),
    ),
    size,
    estimatedDistance: r.miles,
    pickupPoint: r.points.pickup,
    deliveryPoint: r.points.delivery,
    outcome: outcomeFor({ pickup: body.pickup_location.notes, delivery: body.delivery_location.notes }),
    intervalS: timingFrom(body.description) as number,
    auto: isAutomatic(body, now),
  });
  core.shipments.set(shipment.id, shipment);
  if (body.idempotency_key !== undefined) {
    keys.set(body.idempotency_key, shipment.id);
    core.idempotency.set(req.token, keys);
  }
  core.runner.started(shipment);
  return json(201, shipmentJson(shipment, { includeEvents: false }));
}

function list(core: SandboxCore, req: ApiRequest): Reply {
  const idsParam = req.query.get("ids");
  const refsParam = req.query.get("reference_ids");
  const ids = idsParam ? idsParam.split(",").map((id) => id.trim()) : [];
  if (ids.some((id) => !/^\d+$/.test(id))) {
    return badRequest([
      { code: API_ERROR_CODES.invalid, parameter: "ids", message: "ids must be comma-separated integers." },
    ]);
  }
  const refs = new Set(refsParam ? refsParam.split(",") : []);
  const idSet = new Set(ids.map(Number));
  const own = [...core.shipments.values()].filter((s) => s.token === req.token);
  const chosen =
    idSet.size + refs.size === 0 ? own : own.filter((s) => idSet.has(s.id) || refs.has(s.request.reference_id));
  return json(
    200,
    chosen.sort((a, b) => a.id - b.id).map((s) => shipmentJson(s, { includeEvents: true, numericAlternateIds: true })),
  );
}

function update(core: SandboxCore, req: ApiRequest, s: SandboxShipment): Reply {
  const v = validate(requestSchemas(core.clock).updateShipment, req.body);
  if (!v.ok) return v.reply;
  if (s.state !== "scheduled" || s.acceptedAt !== null) {
    return ruleViolation("state", "A shipment can be updated only before a driver has been assigned.");
  }
  const patch = v.value;
  const timing = patch.description !== undefined ? timingProblem(patch.description) : null;
  if (timing) return timing;
  const request = { ...s.request, ...patch };
  let next: SandboxShipment = { ...s, request, updatedAt: core.clock() };
  if (patch.pickup_location || patch.delivery_location || patch.items || patch.options || patch.deliver_between) {
    const r = route(request.pickup_location, request.delivery_location);
    if ("reply" in r) return r.reply;
    const size = sizeOf(request.items);
    next = {
      ...next,
      pickupPoint: r.points.pickup,
      deliveryPoint: r.points.delivery,
      estimatedDistance: r.miles,
      size,
      price: priceFor(
        r.miles,
        size,
        (request.options.extra_compensation ?? 0) + peakExtra(core, req.token, request.deliver_between.start),
      ),
    };
  }
  core.shipments.set(next.id, next);
  return json(200, shipmentJson(core.runner.updated(next), { includeEvents: true }));
}

function recordUpdate(core: SandboxCore, req: ApiRequest, s: SandboxShipment, reply: Reply): Reply {
  core.updates.push({
    at: core.clock().toISOString(),
    shipmentId: s.id,
    token: req.token,
    body: structuredClone(req.body),
    status: reply.status,
  });
  if (core.updates.length > 10_000) core.updates.shift();
  return reply;
}

function stepContext(core: SandboxCore, s: SandboxShipment): StepContext {
  return { now: core.clock(), account: core.account(s.token), baseUrl: core.baseUrl(), related: [] };
}

function cancel(core: SandboxCore, req: ApiRequest, s: SandboxShipment): Reply {
  const v = validate(CancelShipmentSchema, req.body ?? {});
  if (!v.ok) return v.reply;
  if (FINAL_STATES.has(s.state) || s.pickedUpAt !== null) {
    return ruleViolation("state", "A shipment can be canceled only before the driver has confirmed pickup.");
  }
  const fee = s.enRouteToPickupAt !== null ? CANCELLATION_FEE : 0;
  core.runner.stop(s.id);
  const result = cancelByCaller(s, v.value, fee, stepContext(core, s));
  core.shipments.set(s.id, result.shipment);
  core.emit(result.shipment, result.events);
  return json(200, {
    ...shipmentJson(result.shipment, { includeEvents: true }),
    cancellation_fee: fee,
    cancellation_fee_applied: fee > 0,
  });
}

function tip(core: SandboxCore, req: ApiRequest, s: SandboxShipment, legacy: boolean): Reply {
  const v = validate(legacy ? LegacyTipSchema : TipSchema, req.body);
  if (!v.ok) return v.reply;
  if (s.tip !== null) return ruleViolation("amount", "A tip has already been left for this shipment.");
  if (s.acceptedAt === null)
    return ruleViolation("amount", "A tip can be left only after a driver has accepted the shipment.");
  if (s.state === "canceled" || s.state === "expired") {
    return ruleViolation("amount", "A tip cannot be left for a canceled shipment.");
  }
  if (s.finishedAt !== null && core.clock().getTime() - s.finishedAt.getTime() > TIP_WINDOW_AFTER_DELIVERY_MS) {
    return ruleViolation("amount", "A tip can be left up to 3 days after delivery.");
  }
  core.shipments.set(s.id, { ...s, tip: v.value.amount, updatedAt: core.clock() });
  return json(200, { amount: v.value.amount });
}

function rate(core: SandboxCore, req: ApiRequest, s: SandboxShipment): Reply {
  const v = validate(RatingSchema, req.body);
  if (!v.ok) return v.reply;
  if (s.rating !== null) return ruleViolation("value", "A rating has already been left for this shipment.");
  core.shipments.set(s.id, { ...s, rating: v.value.value, updatedAt: core.clock() });
  return json(200, { value: v.value.value });
}

function image(s: SandboxShipment, kind: ImageKind): Reply {
  if (!s.images.includes(kind)) return json(404, { errors: [], message: `No ${kind} image for this shipment.` });
  const bytes = kind === "signature" ? signaturePng(s.id) : photoPng(kind, s.id);
  return { status: 200, bytes, contentType: "image/png" };
}

function label(core: SandboxCore, req: ApiRequest, s: SandboxShipment): Reply {
  const format = req.query.get("format") ?? "PNG";
  if (!(LABEL_FORMATS as readonly string[]).includes(format)) {
    return badRequest([{ code: API_ERROR_CODES.invalid, parameter: "format", message: "format must be PNG or PDF." }]);
  }
  const scanning = core.account(s.token).barcodeScanning;
  if (scanning === "off")
    return ruleViolation("label", "Labels are available only when barcode scanning is enabled on the account.");
  const input = {
    shipmentId: s.id,
    trackingNumber: s.trackingNumber,
    referenceId: s.request.reference_id,
    barcode: scanning === "order",
  };
  return format === "PDF"
    ? { status: 200, bytes: labelPdf(input), contentType: "application/pdf" }
    : { status: 200, bytes: labelPng(input), contentType: "image/png" };
}

export function handleApi(core: SandboxCore, req: ApiRequest): Reply {
  const [version, collection, idText, sub, subKind, ...rest] = req.segments;
  if (version !== "v1" || rest.length > 0) return endpointNotFound();
  const m = req.method;
  if (collection === "estimates" && idText === undefined)
    return m === "POST" ? estimate(core, req) : endpointNotFound();
  if (collection !== "shipments") return endpointNotFound();
  if (idText === undefined) {
    if (m === "POST") return create(core, req);
    if (m === "GET") return list(core, req);
    return endpointNotFound();
  }
  if (!/^\d{1,15}$/.test(idText)) return shipmentNotFound();
  const s = core.shipments.get(Number(idText));
  const owned = s && s.token === req.token ? s : null;
  const known = (handler: (s: SandboxShipment) => Reply) => (owned ? handler(owned) : shipmentNotFound());

  if (sub === undefined) {
    if (m === "GET") return known((x) => json(200, shipmentJson(x, { includeEvents: true })));
    if (m === "PATCH") return known((x) => recordUpdate(core, req, x, update(core, req, x)));
    if (m === "DELETE") return known((x) => cancel(core, req, x));
    return endpointNotFound();
  }
  if (sub === "tips" && subKind === undefined && (m === "PUT" || m === "POST"))
    return known((x) => tip(core, req, x, m === "POST"));
  if (sub === "ratings" && subKind === undefined && m === "POST") return known((x) => rate(core, req, x));
  if (sub === "label" && subKind === undefined && m === "GET") return known((x) => label(core, req, x));
  if (sub === "images" && m === "GET" && (IMAGE_KINDS as readonly string[]).includes(subKind ?? "")) {
    return known((x) => image(x, subKind as ImageKind));
  }
  return endpointNotFound();
}
