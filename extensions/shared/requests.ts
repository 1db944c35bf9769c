/** The requests the extensions send, built from already-validated values. */
import {
  apiPaths,
  type BulkDispatchRequest,
  type BulkDispatchResponse,
  type CancelRequest,
  type CancelResponse,
  type DispatchRequest,
  type DispatchResponse,
  type LabelFormat,
  type LabelResponse,
  type OrderShipmentsResponse,
  type PhotosResponse,
  type QuoteRequest,
  type QuoteResponse,
  type RatingRequest,
  type RatingResponse,
  type RedispatchResponse,
  type TipRequest,
  type TipResponse,
} from "./api-contract";
import type { ApiRequest } from "./api-client";

export function orderShipmentsRequest(orderId: string): ApiRequest<OrderShipmentsResponse> {
  return { method: "GET", path: apiPaths.orderShipments(orderId) };
}

export function quoteRequest(orderId: string): ApiRequest<QuoteResponse> {
  const body: QuoteRequest = {};
  return { method: "POST", path: apiPaths.orderQuote(orderId), body };
}

export function dispatchRequest(orderId: string, body: DispatchRequest): ApiRequest<DispatchResponse> {
  return { method: "POST", path: apiPaths.orderDispatch(orderId), body };
}

export function cancelRequest(shipmentId: string, body: CancelRequest): ApiRequest<CancelResponse> {
  return { method: "POST", path: apiPaths.shipmentCancel(shipmentId), body };
}

/** No body: the app takes the order's current details from Shopify. */
export function redispatchRequest(shipmentId: string): ApiRequest<RedispatchResponse> {
  return { method: "POST", path: apiPaths.shipmentRedispatch(shipmentId) };
}

export function tipRequest(shipmentId: string, body: TipRequest): ApiRequest<TipResponse> {
  return { method: "POST", path: apiPaths.shipmentTip(shipmentId), body };
}

export function ratingRequest(shipmentId: string, body: RatingRequest): ApiRequest<RatingResponse> {
  return { method: "POST", path: apiPaths.shipmentRating(shipmentId), body };
}

export function labelRequest(shipmentId: string, format: LabelFormat): ApiRequest<LabelResponse> {
  return { method: "GET", path: apiPaths.shipmentLabel(shipmentId, format) };
}

export function photosRequest(shipmentId: string): ApiRequest<PhotosResponse> {
  return { method: "GET", path: apiPaths.shipmentPhotos(shipmentId) };
}

export function bulkDispatchRequest(body: BulkDispatchRequest): ApiRequest<BulkDispatchResponse> {
  return { method: "POST", path: apiPaths.bulkDispatch(), body };
}
