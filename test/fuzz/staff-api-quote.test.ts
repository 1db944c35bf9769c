/** Fuzzing the staff API's order quote: each accepted input prices every open window at the courier. */
import { fuzzStaffApi } from "./staff-api-suite";

fuzzStaffApi(["POST /api/orders/:orderId/quote"], { fileLinks: false });
