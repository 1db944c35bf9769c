/**
 * Access scopes: the schema's `requiredAccess` text per field, plus the root fields whose scope the
 * schema leaves implicit (an order needs `read_orders`, and so on). `write_x` implies `read_x`.
 * Texts the stand-in cannot read as "any of these scopes" are not enforced.
 */
import { GraphQLError } from "graphql";

const FULFILLMENT_ORDER_READ =
  "`read_assigned_fulfillment_orders` access scope, `read_merchant_managed_fulfillment_orders` access scope or `read_third_party_fulfillment_orders` access scope.";
const FULFILLMENT_ORDER_WRITE =
  "`write_assigned_fulfillment_orders` access scope, `write_merchant_managed_fulfillment_orders` access scope or `write_third_party_fulfillment_orders` access scope.";

/** Root fields whose requirement the 2026-10 schema does not state but Shopify enforces (per the object docs). */
export const IMPLICIT_REQUIRED_ACCESS: Record<string, string> = {
  "QueryRoot.order": "`read_orders` access scope or `read_marketplace_orders` access scope.",
  "QueryRoot.orders": "`read_orders` access scope or `read_marketplace_orders` access scope.",
  "QueryRoot.location": "`read_locations` access scope or `read_inventory` access scope.",
  "QueryRoot.locations": "`read_locations` access scope or `read_inventory` access scope.",
  "QueryRoot.product": "`read_products` access scope.",
  "QueryRoot.products": "`read_products` access scope.",
  "QueryRoot.productVariant": "`read_products` access scope.",
  "QueryRoot.fulfillmentOrder": FULFILLMENT_ORDER_READ,
  "QueryRoot.carrierService": "`read_shipping` access scope.",
  "QueryRoot.deliveryProfile": "`read_shipping` access scope.",
  "QueryRoot.deliveryProfiles": "`read_shipping` access scope.",
  "Mutation.fulfillmentCancel": FULFILLMENT_ORDER_WRITE,
};

/** Scopes that let an app write each owner type (metafieldsSet, tagsAdd need the owner's write access). */
export const OWNER_WRITE_ACCESS: Record<string, string> = {
  Order: "`write_orders` access scope or `write_marketplace_orders` access scope.",
  Product: "`write_products` access scope.",
  ProductVariant: "`write_products` access scope.",
  Customer: "`write_customers` access scope.",
  Location: "`write_locations` access scope.",
  Shop: "",
  AppInstallation: "",
};

/** The scopes any one of which satisfies the text, or null when the text is not a plain list of alternatives. */
export function alternativesIn(requiredAccess: string): string[] | null {
  const text = requiredAccess.split("Also:")[0]!;
  if (/as well as|for queries|for mutations|exemption|the same access level/i.test(text)) return null;
  const scopes = [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  if (scopes.length === 0) return null;
  return scopes.flatMap((scope) => (scope.includes("_") ? [scope] : [`read_${scope}`, `write_${scope}`]));
}

export function hasScope(granted: ReadonlySet<string>, scope: string): boolean {
  if (granted.has(scope)) return true;
  return scope.startsWith("read_") && granted.has(`write_${scope.slice("read_".length)}`);
}

/** Throws Shopify's ACCESS_DENIED error when the granted scopes meet none of the alternatives. */
export function assertAccess(
  granted: ReadonlySet<string> | null,
  fieldName: string,
  requiredAccess: string | undefined,
): void {
  if (!granted || !requiredAccess) return;
  const alternatives = alternativesIn(requiredAccess);
  if (!alternatives || alternatives.some((scope) => hasScope(granted, scope))) return;
  throw new GraphQLError(`Access denied for ${fieldName} field. Required access: ${requiredAccess.trim()}`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: requiredAccess.trim(),
    },
  });
}
