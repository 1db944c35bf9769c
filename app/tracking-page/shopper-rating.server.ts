import { CourierError } from "~/courier/errors";
import { parseShopSettings } from "~/settings/shop-settings";
import { recordOnShipment } from "~/shipments/record.server";
import { shopperText } from "~/text/shopper/shopper-text";
import { languageAtShop, PAGE_SHOP_FIELDS, pageEndsAtFor } from "./lookup.server";
import { SHOPPER_RATING_MAX, type ShopperChangeInput } from "./shopper-changes";
import { oneAtATime, type ShopperChangeDeps } from "./shopper-changes.server";
import { hashTrackingToken } from "~/shipments/tracking-token.server";
import { SHOPPER_RATING_ACTIVITY } from "~/shipments/activity-kinds";
import { toShipmentState } from "~/staff/public";

/**
 * The shopper's one-tap rating after delivery, with the reasons the merchant offers: once per
 * delivery, on the staff timeline, and (when the merchant opts in and staff have not rated the
 * driver) sent to the courier as the driver's rating. Answers in the shopper's language (`locales`:
 * the storefront's, as for the other changes, shopper-changes.server.ts).
 */

export type RatingResult =
  | { kind: "not_found" }
  | { kind: "closed"; message: string }
  | { kind: "refused"; status: 400; message: string }
  | { kind: "rated" | "unchanged"; message: string };

/** Whether the shopper already rated the delivery (the timeline holds it). */
async function shopperRated(deps: Pick<ShopperChangeDeps, "db">, shipmentId: string): Promise<boolean> {
  return (await deps.db.shipmentActivity.count({ where: { shipmentId, kind: SHOPPER_RATING_ACTIVITY } })) > 0;
}

export async function rateDelivery(
  deps: ShopperChangeDeps,
  token: string,
  shopDomain: string | null,
  input: Extract<ShopperChangeInput, { change: "rating" }>,
  locales: readonly (string | null)[] = [],
): Promise<RatingResult> {
  return oneAtATime(hashTrackingToken(token), async () => {
    const shipment = await deps.db.shipment.findUnique({
      where: { trackingTokenHash: hashTrackingToken(token) },
      include: { shop: { select: PAGE_SHOP_FIELDS } },
    });
    if (!shipment || (shopDomain !== null && shipment.shop.domain !== shopDomain)) return { kind: "not_found" };
    const now = deps.clock();
    const endsAt = pageEndsAtFor(shipment);
    if (endsAt && endsAt.getTime() <= now.getTime()) return { kind: "not_found" };
    const text = shopperText(languageAtShop(shipment.shop, locales));
    const saved = text.t("page.rating.saved");
    if (toShipmentState(shipment.state) !== "delivered") return { kind: "closed", message: text.t("api.ratingNotYet") };
    const settings = parseShopSettings(shipment.shop.settingsJson).tracking;
    const offered = new Set(settings.ratingReasons);
    const reasons = [...new Set(input.reasons)];
    if (reasons.some((reason) => !offered.has(reason)))
      return { kind: "refused", status: 400, message: text.t("api.ratingReasons") };
    if (await shopperRated(deps, shipment.id)) return { kind: "unchanged", message: saved };

    let forwarded: "sent" | "refused" | "no" = "no";
    if (settings.forwardRating && shipment.rating === null && shipment.courierShipmentId) {
      const courier = await deps.courierFor(shipment.shop.domain);
      if (courier) {
        try {
          await courier.rate(shipment.courierShipmentId, input.value, { lane: "background" });
          forwarded = "sent";
        } catch (error) {
          if (!(error instanceof CourierError)) throw error;
          forwarded = "refused";
        }
      }
    }
    const words =
      `The shopper rated the delivery ${input.value} out of ${SHOPPER_RATING_MAX}${reasons.length ? `: ${reasons.join(", ")}` : ""}.` +
      (input.comment ? ` They wrote: "${input.comment}"` : "");
    const courierWords =
      forwarded === "sent"
        ? " Sent to the courier as the driver's rating."
        : forwarded === "refused"
          ? " The courier did not take it as the driver's rating."
          : "";
    await deps.db.$transaction((tx) =>
      recordOnShipment(tx, {
        shipmentId: shipment.id,
        at: now,
        data: { shopperRating: input.value, ...(forwarded === "sent" ? { rating: input.value } : {}) },
        entry: { kind: SHOPPER_RATING_ACTIVITY, message: `${words}${courierWords}` },
      }),
    );
    return { kind: "rated", message: saved };
  });
}
