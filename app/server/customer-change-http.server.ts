import type { ActionFunctionArgs } from "@remix-run/node";
import { orderGidFromId } from "../../extensions/shared/api-contract";
import type { ShopperChangeResponse, ShopperWindowsResponse } from "../../extensions/shared/shopper-changes";
import type { RateDecision } from "~/http/rate-limit";
import { authenticateCustomerAccount } from "~/server/customer-account-auth.server";
import { StaffActionError } from "~/staff/errors";
import { apiResponse, methodNotAllowed, staffDeps } from "~/server/staff-http.server";
import { readChange, takeShopperChangeRate } from "~/server/tracking-page-change-http.server";
import { takeClientRate, takeTokenRate } from "~/server/tracking-page-http.server";
import { parseInput } from "~/staff/inputs";
import { CustomerDeliveryParams, customerDeliveryOf } from "~/tracking-page/customer-changes.server";
import { CustomerAccountClaims } from "~/tracking-page/inputs";
import { applyShopperChangeTo, changeOptionsOf } from "~/tracking-page/shopper-changes.server";

/**
 * The shell of the order status block's changes (routes api.customer.orders.$orderId.deliveries.
 * $deliveryId.change / .windows): the customer account session token verified by the library (which
 * also answers CORS preflights) and its audience (customer-account-auth.server.ts), the client's and the customer's limits, the delivery checked to be
 * the signed-in customer's, the page's per-delivery change limit, then the tracking page's own change
 * functions, so the PATCH, the repeat-as-no-op, the one-at-a-time and the timeline entry are theirs.
 */

const NOT_FOUND = "This delivery was not found.";

function refuseIfLimited(rate: RateDecision, message = "Too many requests. Try again in a minute.") {
  if (!rate.allowed) throw new StaffActionError(429, message, { retryAfterMs: rate.retryAfterS * 1000 });
}

/** GET `…/windows` (`answer: "windows"`) or POST `…/change` (`"change"`). */
export async function customerChangeResponse(
  { request, params, context }: ActionFunctionArgs,
  answer: "windows" | "change",
): Promise<Response> {
  const { sessionToken, cors } = await authenticateCustomerAccount(request);
  const expected = answer === "windows" ? "GET" : "POST";
  if (request.method !== expected) return methodNotAllowed(cors, expected);
  return apiResponse(cors, async (): Promise<ShopperWindowsResponse | ShopperChangeResponse> => {
    refuseIfLimited(takeClientRate(request, context));
    const { orderId, deliveryId } = parseInput(CustomerDeliveryParams, params);
    const { shopDomain, customerGid } = parseInput(CustomerAccountClaims, sessionToken);
    refuseIfLimited(takeTokenRate(`customer:${shopDomain}:${customerGid ?? "guest"}`));
    const deps = staffDeps();
    const delivery = await customerDeliveryOf(deps, {
      shopDomain,
      orderGid: orderGidFromId(orderId),
      customerGid,
      deliveryId,
    });
    if (!delivery) throw new StaffActionError(404, NOT_FOUND);
    refuseIfLimited(takeShopperChangeRate(delivery.rateKey), "Too many changes. Try again in a few minutes.");

    if (answer === "windows") {
      const options = await changeOptionsOf(deps, delivery.target, shopDomain);
      if (options.kind === "not_found") throw new StaffActionError(404, NOT_FOUND);
      return options;
    }
    const input = await readChange(request);
    if (typeof input === "string") throw new StaffActionError(400, input);
    if (input.change === "rating") throw new StaffActionError(400, "Rate the delivery on its tracking page.");
    const result = await applyShopperChangeTo(deps, delivery.target, shopDomain, input, "order_status");
    switch (result.kind) {
      case "not_found":
        throw new StaffActionError(404, NOT_FOUND);
      case "closed":
        throw new StaffActionError(409, result.message);
      case "refused":
        throw new StaffActionError(result.status, result.message);
      default:
        return { changed: result.kind === "changed", message: result.message };
    }
  });
}
