import type { CreateShipmentRequest } from "~/courier/requests";
import { isPlainObject } from "~/http/plain-object";

/**
 * The request a shipment was created with, as stored on its row (`requestJson`): the order sync
 * compares it with the order now, the tracking page reads the window and items from it. Null when
 * absent or not a request's shape (a row written before the column held it).
 */
export function parseRequest(json: string | null): CreateShipmentRequest | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!isPlainObject(value)) return null;
    const request = value as CreateShipmentRequest;
    return request.delivery_location && request.pickup_location && Array.isArray(request.items) ? request : null;
  } catch {
    return null;
  }
}
