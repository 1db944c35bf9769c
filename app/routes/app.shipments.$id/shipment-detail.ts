import type { SerializeFrom } from "@remix-run/node";
import type { shipmentDetail } from "./detail.server";

/** The shipment page's data as the browser receives it. */
export type ShipmentDetail = SerializeFrom<Awaited<ReturnType<typeof shipmentDetail>>>;
