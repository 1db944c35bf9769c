import type { z } from "zod";
import { parseJsonKeepingIds } from "~/http/json-ids";
import { invalidRequestError, unexpectedResponseError, errorFromResponse } from "./errors";
import { REFERENCE_ID_MAX, type ImageKind, type LabelFormat } from "./limits";
import {
  CancelShipmentSchema,
  LegacyTipSchema,
  RatingSchema,
  TipSchema,
  requestSchemas,
  validateRequest,
  type CancelShipmentRequest,
  type CreateShipmentRequest,
  type EstimateRequest,
  type FieldError,
  type UpdateShipmentRequest,
} from "./requests";
import {
  CancelResultSchema,
  EstimateSchema,
  RatingResultSchema,
  ShipmentListSchema,
  ShipmentSchema,
  TipResultSchema,
  type Estimate,
  type RatingResult,
  type Shipment,
  type TipResult,
} from "./responses";
import {
  createCourierRequester,
  type CourierCallOptions,
  type CourierHttpResponse,
  type CourierRequestConfig,
} from "./request.server";

/**
 * The typed courier client: every operation of the courier's API. Requests are validated before
 * anything is sent (CourierError "invalid_request" naming every bad field); responses are parsed
 * leniently. Estimates use the "quote" lane by default, everything else "background".
 */

export type ShipmentId = string | number;
export type CourierImage = { kind: "image"; bytes: Uint8Array; contentType: string } | { kind: "none" };
export type CourierLabel = { bytes: Uint8Array; contentType: string };
export type CancelResult = { shipment: Shipment | null; cancellationFee: number | null };
export type TipOptions = CourierCallOptions & { legacyIntegerPost?: boolean };

export type CourierClientConfig = CourierRequestConfig;

function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validateRequest(schema, input);
  if (!result.ok) throw invalidRequestError(result.problems.map(({ path, message }) => ({ path, message })));
  return result.value;
}

function shipmentPath(id: ShipmentId): string {
  const text = String(id).trim();
  if (!/^\d{1,18}$/.test(text)) throw invalidRequestError([{ path: "shipment_id", message: "must be a whole number" }]);
  return `/v1/shipments/${text}`;
}

function parseJson<S extends z.ZodType>(schema: S, response: CourierHttpResponse, what: string): z.output<S> {
  let json: unknown;
  try {
    json = parseJsonKeepingIds(new TextDecoder().decode(response.body));
  } catch {
    throw unexpectedResponseError(`${what}: body is not JSON`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".") || "(root)").join(", ");
    throw unexpectedResponseError(`${what}: unexpected shape at ${fields}`, response.status);
  }
  return parsed.data;
}

const contentTypeOf = (response: CourierHttpResponse, fallback: string) =>
  response.headers.get("content-type")?.split(";")[0]?.trim() || fallback;

export function createCourierClient(config: CourierClientConfig) {
  const requester = createCourierRequester(config);
  const clock = config.clock ?? (() => new Date());
  // Built once per client, when first used: building zod schemas costs far more than using them
  // (the time rules read the clock when a request is validated, not when they are built).
  let built: ReturnType<typeof requestSchemas> | undefined;
  const schemas = () => (built ??= requestSchemas(clock));

  return {
    async estimate(request: EstimateRequest, opts: CourierCallOptions = {}): Promise<Estimate> {
      const body = validated(schemas().estimate, request);
      // An estimate creates nothing, so it is a read: safe to retry.
      const response = await requester.send(
        { method: "POST", path: "/v1/estimates", body, retrySafe: true, expect: "json" },
        { lane: "quote", ...opts },
      );
      return parseJson(EstimateSchema, response, "estimate");
    },

    async createShipment(request: CreateShipmentRequest, opts: CourierCallOptions = {}): Promise<Shipment> {
      const body = validated(schemas().createShipment, request);
      const response = await requester.send(
        { method: "POST", path: "/v1/shipments", body, retrySafe: body.idempotency_key !== undefined, expect: "json" },
        opts,
      );
      return parseJson(ShipmentSchema, response, "create shipment");
    },

    async getShipment(id: ShipmentId, opts: CourierCallOptions = {}): Promise<Shipment> {
      const response = await requester.send(
        { method: "GET", path: shipmentPath(id), retrySafe: true, expect: "json" },
        opts,
      );
      return parseJson(ShipmentSchema, response, "retrieve shipment");
    },

    async listShipments(
      filter: { ids?: readonly ShipmentId[]; referenceIds?: readonly string[] },
      opts: CourierCallOptions = {},
    ): Promise<Shipment[]> {
      const problems: FieldError[] = [];
      const ids = (filter.ids ?? []).map((id) => String(id).trim());
      const referenceIds = filter.referenceIds ?? [];
      ids.forEach((id, i) => {
        if (!/^\d{1,18}$/.test(id)) problems.push({ path: `ids[${i}]`, message: "must be a whole number" });
      });
      referenceIds.forEach((ref, i) => {
        if (ref === "" || ref.includes(",") || ref.length > REFERENCE_ID_MAX) {
          problems.push({
            path: `referenceIds[${i}]`,
            message: `must be 1 to ${REFERENCE_ID_MAX} characters without commas`,
          });
        }
      });
      if (ids.length + referenceIds.length === 0)
        problems.push({ path: "ids", message: "give at least one id or reference id" });
      if (problems.length > 0) throw invalidRequestError(problems);
      const query: Record<string, string> = {};
      if (ids.length > 0) query.ids = ids.join(",");
      if (referenceIds.length > 0) query.reference_ids = referenceIds.join(",");
      const response = await requester.send(
        { method: "GET", path: "/v1/shipments", query, retrySafe: true, expect: "json" },
        opts,
      );
      return parseJson(ShipmentListSchema, response, "list shipments");
    },

    async updateShipment(
      id: ShipmentId,
      patch: UpdateShipmentRequest,
      opts: CourierCallOptions = {},
    ): Promise<Shipment> {
      const path = shipmentPath(id);
      const body = validated(schemas().updateShipment, patch);
      const response = await requester.send({ method: "PATCH", path, body, retrySafe: false, expect: "json" }, opts);
      return parseJson(ShipmentSchema, response, "update shipment");
    },

    async cancelShipment(
      id: ShipmentId,
      request: CancelShipmentRequest,
      opts: CourierCallOptions = {},
    ): Promise<CancelResult> {
      const path = shipmentPath(id);
      const body = validated(CancelShipmentSchema, request);
      const response = await requester.send({ method: "DELETE", path, body, retrySafe: false, expect: "json" }, opts);
      // The cancel response body is "not shown": empty, a shipment, or anything else is accepted.
      const text = new TextDecoder().decode(response.body).trim();
      if (text === "") return { shipment: null, cancellationFee: null };
      let json: unknown;
      try {
        json = parseJsonKeepingIds(text);
      } catch {
        return { shipment: null, cancellationFee: null };
      }
      const shipment = ShipmentSchema.safeParse(json);
      const fee = CancelResultSchema.safeParse(json);
      return {
        shipment: shipment.success ? shipment.data : null,
        cancellationFee: fee.success ? (fee.data.cancellation_fee ?? fee.data.fee) : null,
      };
    },

    async tip(id: ShipmentId, amount: number, opts: TipOptions = {}): Promise<TipResult> {
      const { legacyIntegerPost, ...callOpts } = opts;
      const path = `${shipmentPath(id)}/tips`;
      const body = validated(legacyIntegerPost ? LegacyTipSchema : TipSchema, { amount });
      const response = await requester.send(
        { method: legacyIntegerPost ? "POST" : "PUT", path, body, retrySafe: false, expect: "json" },
        callOpts,
      );
      return parseJson(TipResultSchema, response, "tip");
    },

    async rate(id: ShipmentId, value: number, opts: CourierCallOptions = {}): Promise<RatingResult> {
      const path = `${shipmentPath(id)}/ratings`;
      const body = validated(RatingSchema, { value });
      const response = await requester.send({ method: "POST", path, body, retrySafe: false, expect: "json" }, opts);
      return parseJson(RatingResultSchema, response, "rating");
    },

    /**
     * "No image yet" is `{ kind: "none" }`: a 204, an empty or JSON body, or a 404 that does not
     * carry error code 1006. A 404 (or 400) with 1006 means the shipment does not exist and throws
     * a "not_found" CourierError.
     */
    async getImage(id: ShipmentId, kind: ImageKind, opts: CourierCallOptions = {}): Promise<CourierImage> {
      if (!["signature", "pickup", "delivery"].includes(kind)) {
        throw invalidRequestError([{ path: "kind", message: "must be signature, pickup or delivery" }]);
      }
      const response = await requester.send(
        {
          method: "GET",
          path: `${shipmentPath(id)}/images/${kind}`,
          retrySafe: true,
          expect: "binary",
          passStatuses: [404],
        },
        opts,
      );
      if (response.status === 404) {
        const error = errorFromResponse(404, new TextDecoder().decode(response.body), response.headers, clock());
        if (error.apiErrors.some((e) => e.code === 1006)) throw error;
        return { kind: "none" };
      }
      const contentType = contentTypeOf(response, "application/octet-stream");
      if (response.status === 204 || response.body.byteLength === 0 || contentType === "application/json") {
        return { kind: "none" };
      }
      return { kind: "image", bytes: response.body, contentType };
    },

    async getLabel(id: ShipmentId, format: LabelFormat = "PNG", opts: CourierCallOptions = {}): Promise<CourierLabel> {
      if (format !== "PNG" && format !== "PDF")
        throw invalidRequestError([{ path: "format", message: "must be PNG or PDF" }]);
      const response = await requester.send(
        { method: "GET", path: `${shipmentPath(id)}/label`, query: { format }, retrySafe: true, expect: "binary" },
        opts,
      );
      if (response.body.byteLength === 0) throw unexpectedResponseError("label: empty body", response.status);
      return {
        bytes: response.body,
        contentType: contentTypeOf(response, format === "PDF" ? "application/pdf" : "image/png"),
      };
    },
  };
}

export type CourierClient = ReturnType<typeof createCourierClient>;
