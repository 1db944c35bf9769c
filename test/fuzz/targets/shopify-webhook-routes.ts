/** Every Shopify webhook route of the app, by topic, with a payload in the shape Shopify sends. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { action as appScopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as customersDataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as fulfillmentOrdersCancelled } from "~/routes/webhooks.fulfillment_orders.cancelled";
import { action as fulfillmentOrdersHoldReleased } from "~/routes/webhooks.fulfillment_orders.hold_released";
import { action as fulfillmentOrdersMoved } from "~/routes/webhooks.fulfillment_orders.moved";
import { action as fulfillmentOrdersPlacedOnHold } from "~/routes/webhooks.fulfillment_orders.placed_on_hold";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import {
  fulfillmentOrderCancelledPayload,
  fulfillmentOrderHoldReleasedPayload,
  fulfillmentOrderMovedPayload,
  fulfillmentOrderPlacedOnHoldPayload,
  orderCancelledPayload,
  orderUpdatedPayload,
} from "../../fixtures/order-change-webhooks";
import {
  appUninstalledPayload,
  customersDataRequestPayload,
  customersRedactPayload,
  SHOP,
  shopRedactPayload,
} from "../../fixtures/shopify-webhooks";

type Action = (args: ActionFunctionArgs) => Promise<Response>;

export type ShopifyWebhookRoute = { topic: string; path: string; action: Action; payload: () => unknown };

const ORDER = "gid://shopify/Order/299938";
const FULFILLMENT_ORDER = "gid://shopify/FulfillmentOrder/1";

const route = (topic: string, action: Action, payload: () => unknown): ShopifyWebhookRoute => ({
  topic,
  path: `/webhooks/${topic}`,
  action,
  payload,
});

export const SHOPIFY_WEBHOOK_ROUTES: readonly ShopifyWebhookRoute[] = [
  route("app/scopes_update", appScopesUpdate, () => ({ previous: ["read_orders"], current: ["read_orders"] })),
  route("app/uninstalled", appUninstalled, () => appUninstalledPayload(SHOP)),
  route("customers/data_request", customersDataRequest, () => customersDataRequestPayload(SHOP)),
  route("customers/redact", customersRedact, () => customersRedactPayload(SHOP)),
  route("shop/redact", shopRedact, () => shopRedactPayload(SHOP)),
  route("orders/paid", ordersPaid, () => ({
    id: 299938,
    admin_graphql_api_id: ORDER,
    financial_status: "paid",
    customer: { id: 191167, admin_graphql_api_id: "gid://shopify/Customer/191167" },
  })),
  route("orders/updated", ordersUpdated, () => orderUpdatedPayload(ORDER, "2026-11-25T10:00:00-05:00")),
  route("orders/cancelled", ordersCancelled, () => orderCancelledPayload(ORDER, "2026-11-25T10:00:00-05:00")),
  route("fulfillment_orders/moved", fulfillmentOrdersMoved, () =>
    fulfillmentOrderMovedPayload({
      original: FULFILLMENT_ORDER,
      moved: "gid://shopify/FulfillmentOrder/2",
      from: "gid://shopify/Location/1",
      to: "gid://shopify/Location/2",
    }),
  ),
  route("fulfillment_orders/placed_on_hold", fulfillmentOrdersPlacedOnHold, () =>
    fulfillmentOrderPlacedOnHoldPayload(FULFILLMENT_ORDER),
  ),
  route("fulfillment_orders/hold_released", fulfillmentOrdersHoldReleased, () =>
    fulfillmentOrderHoldReleasedPayload(FULFILLMENT_ORDER),
  ),
  route("fulfillment_orders/cancelled", fulfillmentOrdersCancelled, () =>
    fulfillmentOrderCancelledPayload(FULFILLMENT_ORDER, "gid://shopify/FulfillmentOrder/3"),
  ),
];
