/** Fuzzing the staff API's shipment routes, the order's shipment list and the signed file links. */
import { fuzzStaffApi } from "./staff-api-suite";

fuzzStaffApi(
  [
    "GET /api/orders/:orderId/shipments",
    "POST /api/shipments/:shipmentId/cancel",
    "GET /api/shipments/:shipmentId/label",
    "GET /api/shipments/:shipmentId/photos",
    "POST /api/shipments/:shipmentId/rating",
    "POST /api/shipments/:shipmentId/redispatch",
    "POST /api/shipments/:shipmentId/tip",
  ],
  { fileLinks: true },
);
