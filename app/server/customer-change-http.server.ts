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
import { shopperText } from "~/text/shopper/shopper-text";
import { unknownDeliveryLanguage } from "~/tracking-page/lookup.server";
import { CustomerAccountClaims, localeQueryOf, ShopperLocaleQuery } from "~/tracking-page/inputs";
import { applyShopperChangeTo, changeOptionsOf } from "~/tracking-page/shopper-changes.server";

/**
 * The shell of the order status block's changes (routes api.customer.orders.$orderId.deliveries.
 * $deliveryId.change / .windows): the customer account session token verified by the library (which
 * also answers CORS preflights) and its audience (customer-account-auth.server.ts), the client's and the customer's limits, the delivery checked to be
 * the signed-in customer's, the page's per-delivery change limit, then the tracking page's own change
 * functions, so the PATCH, the repeat-as-no-op, the one-at-a-time and the timeline entry are theirs.
 * Answers are in the customer account's language (`?locale=`, the block sends it) when the shop
 * publishes it; a refusal before the delivery is known, in that language when the app ships it.
 */

function refuseIfLimited(rate: RateDecision, message: string) {
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
    const { locale } = parseInput(ShopperLocaleQuery, localeQueryOf(request));
    const locales = [locale ?? null];
    const words = shopperText(unknownDeliveryLanguage(locales));
    const notFound = words.t("api.notFound");
    refuseIfLimited(takeClientRate(request, context), words.t("page.refusal.tooMany"));
    const { orderId, deliveryId } = parseInput(CustomerDeliveryParams, params);
    const { shopDomain, customerGid } = parseInput(CustomerAccountClaims, sessionToken);
    refuseIfLimited(takeTokenRate(`customer:${shopDomain}:${customerGid ?? "guest"}`), words.t("page.refusal.tooMany"));
    const deps = staffDeps();
    const delivery = await customerDeliveryOf(deps, {
      shopDomain,
      orderGid: orderGidFromId(orderId),
      customerGid,
      deliveryId,
    });
    if (!delivery) throw new StaffActionError(404, notFound);
    refuseIfLimited(takeShopperChangeRate(delivery.rateKey), words.t("api.tooManyChanges"));

    if (answer === "windows") {
      const options = await changeOptionsOf(deps, delivery.target, shopDomain, locales);
      if (options.kind === "not_found") throw new StaffActionError(404, notFound);
      return options;
    }
    const read = await readChange(request);
    if (!("change" in read)) throw new StaffActionError(400, words.t(read.key, read.values));
    const input = read.change;
    if (input.change === "rating") throw new StaffActionError(400, words.t("api.rateOnPage"));
    const result = await applyShopperChangeTo(deps, delivery.target, shopDomain, input, "order_status", locales);
    switch (result.kind) {
      case "not_found":
        throw new StaffActionError(404, notFound);
      case "closed":
        throw new StaffActionError(409, result.message);
      case "refused":
        throw new StaffActionError(result.status, result.message);
      default:
        return { changed: result.kind === "changed", message: result.message };
    }
  });
}
