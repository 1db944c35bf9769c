import type { CourierEvent } from "~/courier/events";
import type { TrackingEvent } from "./state-machine";

/**
 * A parsed courier event reduced to what the state machine reads. Unknown events keep only their
 * name and time. `fallbackTime` stands in for a missing occurred_at (the time we received it).
 */
export function toTrackingEvent(event: CourierEvent, fallbackTime: Date): TrackingEvent {
  const base: TrackingEvent = { name: event.name, occurredAt: event.occurredAt ?? fallbackTime };
  if (event.eta) base.eta = event.eta;
  if (event.kind === "unknown") return base;
  if (event.data.tracking_number) base.trackingNumber = event.data.tracking_number;

  const data = event.data as Record<string, unknown> & {
    latitude?: number | null;
    longitude?: number | null;
    signatory_name?: string | null;
    attachment?: { url?: string | null } | null;
    attachments?: { url?: string | null }[] | null;
    driver?: { name?: string | null; phone?: string | null; vehicle?: Record<string, string | null> | null } | null;
  };
  if (typeof data.latitude === "number" && typeof data.longitude === "number") {
    base.latitude = data.latitude;
    base.longitude = data.longitude;
  }
  if (data.signatory_name) base.signatoryName = data.signatory_name;
  const photos = [data.attachment?.url, ...(data.attachments ?? []).map((a) => a?.url)].filter(
    (url): url is string => typeof url === "string" && url.length > 0,
  );
  if (photos.length) base.photoUrls = photos;
  if (data.driver && event.kind === "shipment.driver_assigned") {
    const vehicle = data.driver.vehicle
      ? Object.fromEntries(
          Object.entries(data.driver.vehicle).filter((e): e is [string, string] => typeof e[1] === "string"),
        )
      : undefined;
    base.driver = {
      ...(data.driver.name ? { name: data.driver.name } : {}),
      ...(data.driver.phone ? { phone: data.driver.phone } : {}),
      ...(vehicle && Object.keys(vehicle).length ? { vehicle } : {}),
    };
  }
  switch (event.kind) {
    case "shipment.delivery_attempted":
      if (event.data.return_code) base.returnCode = event.data.return_code;
      if (event.data.return_notes) base.returnNotes = event.data.return_notes;
      break;
    case "shipment.canceled":
      if (event.data.cancellation_code) base.cancellationCode = event.data.cancellation_code;
      if (event.data.cancellation_notes) base.cancellationNotes = event.data.cancellation_notes;
      break;
    case "shipment.reposted":
      if (event.shipmentId) base.newCourierShipmentId = event.shipmentId;
      break;
    case "grouping.pickup_grouping_identified":
      if (typeof event.raw.id === "string" || typeof event.raw.id === "number") base.groupId = String(event.raw.id);
      break;
  }
  return base;
}
