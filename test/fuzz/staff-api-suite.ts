/**
 * Fuzzing the staff API the admin extensions call, against the courier sandbox and the Shopify
 * stand-in. The endpoints are shared among several test files so `npm run fuzz` runs them side by
 * side: those that reach the courier wait on its 10 requests per second per token, and each file has
 * its own sandbox, token and database.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import { db } from "~/db.server";
import * as customerOrders from "~/routes/api.orders.$orderId.shipments";
import * as dispatchOrder from "~/routes/api.orders.$orderId.dispatch";
import * as quoteOrder from "~/routes/api.orders.$orderId.quote";
import * as bulkDispatch from "~/routes/api.orders.dispatch";
import * as cancel from "~/routes/api.shipments.$shipmentId.cancel";
import * as label from "~/routes/api.shipments.$shipmentId.label";
import * as photos from "~/routes/api.shipments.$shipmentId.photos";
import * as rating from "~/routes/api.shipments.$shipmentId.rating";
import * as redispatch from "~/routes/api.shipments.$shipmentId.redispatch";
import * as tip from "~/routes/api.shipments.$shipmentId.tip";
import { loader as fileLoader } from "~/routes/api.files.$shipmentId.$file";
import { serviceCodeFor } from "~/schedule/service-code";
import type { CourierSandbox } from "../courier-sandbox/server";
import { sameDayOrder, startTestWorker } from "../support/installed-shop";
import { getRuntime } from "~/runtime.server";
import { mswServer } from "../support/msw-server";
import { apiRequest } from "../app/routes/embedded";
import { OTHER_SHOP, SHOP, setUpStaffWorld, startSandbox } from "../app/routes/staff-fixture";
import { jobsSettled } from "./settle";
import { fuzzes } from "./settings";
import { CANCEL_BODY, fileLinkTarget, staffTarget, type StaffEndpoint } from "./targets/staff-api";

export type StaffEndpointName =
  | "GET /api/orders/:orderId/shipments"
  | "POST /api/orders/:orderId/quote"
  | "POST /api/orders/:orderId/dispatch"
  | "POST /api/orders/dispatch"
  | "POST /api/shipments/:shipmentId/cancel"
  | "GET /api/shipments/:shipmentId/label"
  | "GET /api/shipments/:shipmentId/photos"
  | "POST /api/shipments/:shipmentId/rating"
  | "POST /api/shipments/:shipmentId/redispatch"
  | "POST /api/shipments/:shipmentId/tip";

const world = { shop: SHOP, otherShop: OTHER_SHOP };
const idOf = (gid: string) => gid.split("/").pop()!;

/**
 * One test file's share of the staff API: a world with three booked shipments (scheduled, assigned,
 * delivered) and an order not yet dispatched, then a fuzz test per named endpoint, and with
 * `fileLinks` the signed file link route too (fed real links from the photos route).
 */
export function fuzzStaffApi(names: readonly StaffEndpointName[], options: { fileLinks: boolean }): void {
  let sandbox: CourierSandbox;
  let standInHandlers: Parameters<typeof mswServer.use> = [];
  let endpoints: (StaffEndpoint & { name: StaffEndpointName })[] = [];
  let links: Parameters<typeof fileLinkTarget>[0] = [];
  let deliveredShipmentId = "";

  /**
   * Real signed links, as the photos route hands them out: made when the file route's fuzzing starts,
   * as links expire (made at setup, they had expired before 10,000 inputs of the routes before it).
   */
  async function signLinks(): Promise<void> {
    const answer = (await photos.loader({
      request: apiRequest(`/api/shipments/${deliveredShipmentId}/photos`, { shop: SHOP }),
      params: { shipmentId: deliveredShipmentId },
      context: {},
    })) as Response;
    const { photos: listed } = (await answer.json()) as { photos: { url: string; kind: string }[] };
    links = listed.map((photo) => {
      const url = new URL(photo.url);
      const [, , , shipmentId, file] = url.pathname.split("/");
      return {
        shipmentId: shipmentId!,
        file: file!,
        exp: url.searchParams.get("exp")!,
        sig: url.searchParams.get("sig")!,
      };
    });
  }

  beforeAll(async () => {
    sandbox = await startSandbox();
    const staff = await setUpStaffWorld(sandbox);
    standInHandlers = staff.standIn.handlers;
    const shipments = [await staff.book("scheduled"), await staff.book("assigned"), await staff.book("delivered")];
    const undispatched = sameDayOrder(staff.standIn);
    const orderIds = [...shipments.map((s) => idOf(s.orderGid)), idOf(undispatched.id)];
    const shipmentIds = shipments.map((s) => s.id);
    const order = { orderId: orderIds };
    const shipment = { shipmentId: shipmentIds };
    endpoints = [
      { name: "GET /api/orders/:orderId/shipments", ...customerOrders, params: order, body: null },
      { name: "POST /api/orders/:orderId/quote", ...quoteOrder, params: order, body: null },
      {
        name: "POST /api/orders/:orderId/dispatch",
        ...dispatchOrder,
        params: order,
        body: { windowServiceCode: serviceCodeFor("within-3-hours") },
      },
      { name: "POST /api/orders/dispatch", ...bulkDispatch, params: {}, body: { orderIds } },
      { name: "POST /api/shipments/:shipmentId/cancel", ...cancel, params: shipment, body: CANCEL_BODY },
      {
        name: "GET /api/shipments/:shipmentId/label",
        ...label,
        params: shipment,
        body: null,
        query: { format: ["PDF", "PNG"] },
      },
      { name: "GET /api/shipments/:shipmentId/photos", ...photos, params: shipment, body: null },
      { name: "POST /api/shipments/:shipmentId/rating", ...rating, params: shipment, body: { value: 5 } },
      { name: "POST /api/shipments/:shipmentId/redispatch", ...redispatch, params: shipment, body: null },
      { name: "POST /api/shipments/:shipmentId/tip", ...tip, params: shipment, body: { amountDollars: "5.00" } },
    ];
    deliveredShipmentId = shipments[2]!.id;
  });
  afterAll(() => sandbox.close());
  // The setup file resets MSW's handlers after each test: the Shopify stand-in answers every test again.
  // The worker runs as it does in the web process in production, so "dispatch now" finds its jobs done.
  let worker: ReturnType<typeof startTestWorker> | null = null;
  beforeEach(() => {
    mswServer.use(...standInHandlers);
    worker = startTestWorker(getRuntime());
  });
  afterEach(async () => {
    await worker?.stop();
  });

  describe("staff API", () => {
    for (const name of names)
      fuzzes(
        name,
        () => db,
        () => ({
          ...staffTarget(
            world,
            endpoints.find((e) => e.name === name)!,
          ),
          settle: jobsSettled,
        }),
      );
    if (options.fileLinks)
      fuzzes(
        "GET /api/files/:shipmentId/:file",
        () => db,
        () => fileLinkTarget(links, fileLoader),
        signLinks,
      );
  });
}
