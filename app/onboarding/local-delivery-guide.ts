/**
 * Home's guided setup of Shopify Local Delivery, for a store whose plan Shopify refused calculated rates:
 * what the app reads (each pickup location fulfils online orders, Admin API `Location.fulfillsOnlineOrders`),
 * what only the merchant can do in Shopify admin (the Admin API 2026-10 has no field or mutation for local
 * delivery zones or prices), and the first local-delivery order the app dispatched as the proof. Pure.
 */

export type LocalDeliveryStep = {
  id: "online_orders" | "local_delivery" | "first_order";
  title: string;
  state: "done" | "todo" | "waiting";
  summary: string;
  action?: { content: string; url: string };
};

export type LocalDeliveryGuide = { title: string; summary: string; steps: LocalDeliveryStep[] };

const LOCATIONS_SETTINGS = "shopify://admin/settings/locations";
const LOCAL_DELIVERY_SETTINGS = "shopify://admin/settings/shipping/local-delivery";

function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

export function localDeliveryGuide(input: {
  /** Shopify refused the carrier service for the plan (Shop.carrierServiceRefusedAt). */
  modeOn: boolean;
  /** The enabled pickup locations with what Shopify says of them; `null`: Shopify could not be read. */
  pickupLocations: { name: string; fulfillsOnlineOrders: boolean | null }[];
  firstOrder: { name: string; at: Date } | null;
  timeZone: string;
  /** Dispatch mode manual: local-delivery orders too wait for staff. */
  dispatchManual?: boolean;
}): LocalDeliveryGuide | null {
  if (!input.modeOn) return null;
  const all = input.pickupLocations.map((l) => l.name);
  const notOnline = input.pickupLocations.filter((l) => l.fulfillsOnlineOrders === false).map((l) => l.name);
  const unknown = input.pickupLocations.some((l) => l.fulfillsOnlineOrders === null);
  const online: LocalDeliveryStep =
    all.length === 0
      ? {
          id: "online_orders",
          title: "Choose pickup locations",
          state: "todo",
          summary: "Choose the locations drivers collect local-delivery orders from (step 2 below).",
        }
      : notOnline.length > 0
        ? {
            id: "online_orders",
            title: "Let your pickup locations fulfil online orders",
            state: "todo",
            summary: `${names(notOnline)} ${notOnline.length === 1 ? "does" : "do"} not fulfil online orders, so Shopify offers no local delivery there. In Shopify admin, open the location and tick "Fulfill online orders from this location".`,
            action: { content: "Open locations in Shopify", url: LOCATIONS_SETTINGS },
          }
        : {
            id: "online_orders",
            title: "Pickup locations fulfil online orders",
            state: unknown ? "waiting" : "done",
            summary: unknown
              ? "Shopify could not be asked just now whether your pickup locations fulfil online orders; reload to check."
              : `${names(all)} ${all.length === 1 ? "fulfils" : "fulfil"} online orders (read from Shopify).`,
          };
  const first = input.firstOrder;
  const when = first
    ? first.at.toLocaleString("en-US", { timeZone: input.timeZone, dateStyle: "medium", timeStyle: "short" })
    : "";
  return {
    title: "Deliver with Shopify Local Delivery",
    summary: input.dispatchManual
      ? "Your plan cannot show the app's rates at checkout, so shoppers choose Shopify's own Local delivery instead. Your dispatch mode is manual: dispatch local-delivery orders from the order page, or choose automatic dispatch (step 5) so the app sends each one to a driver in your default delivery window."
      : "Your plan cannot show the app's rates at checkout, so shoppers choose Shopify's own Local delivery instead. The app dispatches every local-delivery order to a driver from its pickup location, in your default delivery window within your opening hours.",
    steps: [
      online,
      {
        id: "local_delivery",
        title: "Turn on Local delivery in Shopify",
        state: first ? "done" : "todo",
        summary: `Only you can do this in Shopify admin (apps cannot): Settings › Shipping and delivery › Local delivery, then for ${all.length ? names(all) : "each pickup location"}: tick "This location offers local delivery", set the delivery zone (a radius or postal codes, the same area as in the app's settings), the price and any minimum order, and the delivery information shoppers see.`,
        action: { content: "Open Local delivery in Shopify", url: LOCAL_DELIVERY_SETTINGS },
      },
      first
        ? {
            id: "first_order",
            title: "First local-delivery order received",
            state: "done",
            summary: `Order ${first.name} came in with local delivery on ${when} and was dispatched to a driver: the setup works.`,
          }
        : {
            id: "first_order",
            title: "Place a test order with local delivery",
            state: "waiting",
            summary:
              "Place an order in your store choosing Local delivery at checkout. When it is paid the app dispatches it, and it appears here as the proof that the setup works.",
          },
    ],
  };
}
