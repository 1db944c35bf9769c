/**
 * The order-page operations: check the input and the shipment's state, send one request, and
 * turn the answer into what the modal shows. Each returns an `Outcome`; none throws.
 */
import {
  orderIdFromGid,
  RATING_MAX,
  type DeliveryWindowQuote,
  type LabelFormat,
  type OrderShipmentsResponse,
  type QuoteResponse,
  type ShipmentPhoto,
  type ShipmentView,
} from "./api-contract";
import { callApi, type ApiRequest, type FetchLike } from "./api-client";
import { validateCancel } from "./cancellation";
import { formatMoney } from "./presentation";
import {
  cancelRequest,
  dispatchRequest,
  labelRequest,
  orderShipmentsRequest,
  photosRequest,
  quoteRequest,
  ratingRequest,
  redispatchRequest,
  tipRequest,
} from "./requests";
import { actionRefusal } from "./shipment-rules";
import { validateRating, validateTip, validateWindowChoice, type Validated } from "./validation";

export type Outcome<T> =
  { ok: true; value: T; message: string } | { ok: false; message: string; fieldErrors: Record<string, string> };

function refused<T>(message: string, fieldErrors: Record<string, string> = {}): Outcome<T> {
  return { ok: false, message, fieldErrors };
}

function fromInvalid<T>(result: Extract<Validated<unknown>, { ok: false }>): Outcome<T> {
  return refused(result.message, result.fieldErrors ?? {});
}

function succeeded<T>(value: T, message: string): Outcome<T> {
  return { ok: true, value, message };
}

async function send<T, R>(
  fetchFn: FetchLike,
  request: ApiRequest<T>,
  onSuccess: (data: T) => Outcome<R>,
): Promise<Outcome<R>> {
  const result = await callApi(fetchFn, request);
  if (!result.ok) return refused(result.message, result.fieldErrors);
  return onSuccess(result.data);
}

const NOT_AN_ORDER = "This page is not an order the delivery app can handle.";

export function loadOrderShipments(fetchFn: FetchLike, orderGid: string): Promise<Outcome<OrderShipmentsResponse>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return Promise.resolve(refused(NOT_AN_ORDER));
  return send(fetchFn, orderShipmentsRequest(orderId), (data) =>
    succeeded({ ...data, shipments: Array.isArray(data.shipments) ? data.shipments : [] }, ""),
  );
}

/** A fresh quote: the windows open now with their prices (the dispatch form's first step). */
export function fetchQuote(fetchFn: FetchLike, orderGid: string): Promise<Outcome<DeliveryWindowQuote[]>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return Promise.resolve(refused(NOT_AN_ORDER));
  return send<QuoteResponse, DeliveryWindowQuote[]>(fetchFn, quoteRequest(orderId), (data) => {
    const windows = Array.isArray(data.windows) ? data.windows : [];
    // The message of a quote that succeeded: why the app did not dispatch it on its own, if that is the area.
    if (windows.length > 0) return succeeded(windows, typeof data.areaNote === "string" ? data.areaNote : "");
    return refused(data.unavailableReason ?? "The courier offers no delivery window for this order right now.");
  });
}

export function dispatchOrder(
  fetchFn: FetchLike,
  orderGid: string,
  windowServiceCode: string,
  windows: readonly DeliveryWindowQuote[],
): Promise<Outcome<ShipmentView[]>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return Promise.resolve(refused(NOT_AN_ORDER));
  const choice = validateWindowChoice(windowServiceCode, windows);
  if (!choice.ok) return Promise.resolve(fromInvalid(choice));
  const window = windows.find((w) => w.serviceCode === windowServiceCode);
  return send(fetchFn, dispatchRequest(orderId, choice.value), (data) => {
    const shipments = Array.isArray(data.shipments) ? data.shipments : [];
    const tracking = shipments.map((s) => s.trackingNumber).filter((t): t is string => Boolean(t));
    const booked = shipments.length === 1 ? "Delivery booked" : `${shipments.length} deliveries booked`;
    const parts = [window ? `${booked} for ${window.title}.` : `${booked}.`];
    if (tracking.length > 0) parts.push(`Tracking: ${tracking.join(", ")}.`);
    return succeeded(shipments, parts.join(" "));
  });
}

export function cancelShipment(
  fetchFn: FetchLike,
  shipment: ShipmentView,
  input: { code: string; comment: string },
  now: Date,
): Promise<Outcome<ShipmentView>> {
  const refusal = actionRefusal(shipment, "cancel", now);
  if (refusal) return Promise.resolve(refused(refusal));
  const body = validateCancel(input);
  if (!body.ok) return Promise.resolve(fromInvalid(body));
  return send(fetchFn, cancelRequest(shipment.id, body.value), (data) =>
    succeeded(
      data.shipment,
      shipment.cancelFeeApplies
        ? "Delivery canceled. The courier will charge a cancellation fee."
        : "Delivery canceled.",
    ),
  );
}

/** What "Cancel and re-dispatch" did, for the overview (the new shipment is created by a background job). */
export function redispatchedMessage(feeApplied: boolean): string {
  const fee = feeApplied ? " The courier will charge a cancellation fee." : "";
  return `Delivery canceled.${fee} A new delivery with the order's current details is being dispatched: close this window and open it again in a moment to see it.`;
}

/**
 * "Cancel and re-dispatch" for a shipment flagged after an order change it could not follow.
 * The answer is the canceled shipment, to merge into the list.
 */
export function redispatchShipment(
  fetchFn: FetchLike,
  shipment: ShipmentView,
  now: Date,
): Promise<Outcome<ShipmentView>> {
  const refusal = actionRefusal(shipment, "redispatch", now);
  if (refusal) return Promise.resolve(refused(refusal));
  return send(fetchFn, redispatchRequest(shipment.id), (data) =>
    data.shipment && typeof data.shipment === "object" && data.shipment.id === shipment.id
      ? succeeded(data.shipment, redispatchedMessage(shipment.cancelFeeApplies))
      : refused("The delivery app sent an answer that could not be read. Reload the page to see the delivery."),
  );
}

export function tipDriver(
  fetchFn: FetchLike,
  shipment: ShipmentView,
  amountText: string,
  now: Date,
): Promise<Outcome<ShipmentView>> {
  const refusal = actionRefusal(shipment, "tip", now);
  if (refusal) return Promise.resolve(refused(refusal));
  const body = validateTip(amountText);
  if (!body.ok) return Promise.resolve(fromInvalid(body));
  const who = shipment.driverFirstName ?? "the driver";
  const amount = formatMoney(Math.round(body.value.amountDollars * 100), "USD");
  return send(fetchFn, tipRequest(shipment.id, body.value), (data) =>
    succeeded(data.shipment, `Tip of ${amount} sent to ${who}.`),
  );
}

export function rateDriver(
  fetchFn: FetchLike,
  shipment: ShipmentView,
  value: string,
  now: Date,
): Promise<Outcome<ShipmentView>> {
  const refusal = actionRefusal(shipment, "rate", now);
  if (refusal) return Promise.resolve(refused(refusal));
  const body = validateRating(value);
  if (!body.ok) return Promise.resolve(fromInvalid(body));
  return send(fetchFn, ratingRequest(shipment.id, body.value), (data) =>
    succeeded(data.shipment, `Rating of ${body.value.value} out of ${RATING_MAX} sent.`),
  );
}

export function fetchLabel(
  fetchFn: FetchLike,
  shipment: ShipmentView,
  format: LabelFormat,
  now: Date,
): Promise<Outcome<{ url: string; format: LabelFormat }>> {
  const refusal = actionRefusal(shipment, "label", now);
  if (refusal) return Promise.resolve(refused(refusal));
  return send(fetchFn, labelRequest(shipment.id, format), (data) =>
    typeof data.url === "string" && data.url !== ""
      ? succeeded({ url: data.url, format }, `The ${format} label is ready.`)
      : refused("The courier did not return a label for this delivery."),
  );
}

export function fetchPhotos(fetchFn: FetchLike, shipment: ShipmentView, now: Date): Promise<Outcome<ShipmentPhoto[]>> {
  const refusal = actionRefusal(shipment, "photos", now);
  if (refusal) return Promise.resolve(refused(refusal));
  return send(fetchFn, photosRequest(shipment.id), (data) => {
    const photos = Array.isArray(data.photos) ? data.photos : [];
    return photos.length > 0 ? succeeded(photos, "") : refused("No photos were taken for this delivery.");
  });
}

/** The order's shipments after an action returned new views: known ones replaced, new ones appended. */
export function mergeShipments(list: readonly ShipmentView[], updated: readonly ShipmentView[]): ShipmentView[] {
  const byId = new Map(updated.map((s) => [s.id, s]));
  const known = new Set(list.map((s) => s.id));
  return [...list.map((s) => byId.get(s.id) ?? s), ...updated.filter((s) => !known.has(s.id))];
}
