/** Fuzzing the staff API's "dispatch now", for one order and for several from the orders list. */
import { fuzzStaffApi } from "./staff-api-suite";

fuzzStaffApi(["POST /api/orders/:orderId/dispatch", "POST /api/orders/dispatch"], { fileLinks: false });
