import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShopperDeliveriesResponse } from "../../extensions/shared/shopper-delivery";
import { orderGidFromId } from "../../extensions/shared/api-contract";
import { authenticateCustomerAccount } from "~/server/customer-account-auth.server";
import { StaffActionError } from "~/staff/errors";
import { apiResponse, methodNotAllowed } from "~/server/staff-http.server";
import { OrderIdParam, parseInput } from "~/staff/inputs";
import { orderStatusDeps, takeClientRate, takeTokenRate } from "~/server/tracking-page-http.server";
import type { RateDecision } from "~/http/rate-limit";
import { CustomerAccountClaims, localeQueryOf, ShopperLocaleQuery } from "~/tracking-page/inputs";
import { shopperDeliveriesFor } from "~/tracking-page/order-status.server";

/**
 * GET /api/customer/orders/:orderId/delivery — the order status block's deliveries
 * (extensions/order-status-delivery). The customer account session token names the shop and the
 * signed-in customer; an order of another shop or customer, or without a same-day delivery, answers
 * an empty list. `?locale=` is the customer account's language, when the shop publishes it.
 */
export const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
  const { sessionToken, cors } = await authenticateCustomerAccount(request);
  return apiResponse(cors, async (): Promise<ShopperDeliveriesResponse> => {
    const tooMany = (rate: RateDecision) => {
      if (!rate.allowed)
        throw new StaffActionError(429, "Too many requests. Try again in a minute.", {
          retryAfterMs: rate.retryAfterS * 1000,
        });
    };
    tooMany(takeClientRate(request, context));
    const { orderId } = parseInput(OrderIdParam, params);
    const { shopDomain, customerGid } = parseInput(CustomerAccountClaims, sessionToken);
    tooMany(takeTokenRate(`customer:${shopDomain}:${customerGid ?? "guest"}`));
    const { locale } = parseInput(ShopperLocaleQuery, localeQueryOf(request));
    return shopperDeliveriesFor(orderStatusDeps(), { shopDomain, orderGid: orderGidFromId(orderId), customerGid }, [
      locale,
    ]);
  });
};

// Preflight (OPTIONS) reaches the action; authenticate.public.customerAccount answers it.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { cors } = await authenticateCustomerAccount(request);
  return methodNotAllowed(cors, "GET");
};
