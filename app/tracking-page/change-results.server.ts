import { CourierError, type CourierErrorKind } from "~/courier/errors";
import { API_ERROR_CODES } from "~/courier/limits";
import type { UpdateShipmentRequest } from "~/courier/requests";
import type { Shipment as CourierShipment } from "~/courier/responses";
import type { JobQueue } from "~/jobs/queue.server";
import type { CourierForShop } from "~/shops/courier-for-shop.server";
import type { TrackingPageDeps } from "./lookup.server";
import type { Booking } from "./movable-windows.server";
import type { ShopperText } from "~/text/shopper/shopper-text";
import { CLOSED_REASON_WORDS, type ChangeClosedReason } from "./shopper-changes";

/**
 * What the shopper's changes (shopper-changes.server.ts, window-move.server.ts) share: their
 * collaborators, their answers (in the shopper's language: the booking's `text`), and the courier's
 * update of a booking as one of them.
 */

export type ShopperChangeDeps = TrackingPageDeps & { courierFor: CourierForShop; queue: JobQueue };

export type ChangeResult =
  | { kind: "not_found" }
  | { kind: "closed"; reason: ChangeClosedReason; message: string }
  | { kind: "refused"; status: 400 | 409 | 503; message: string }
  | { kind: "changed" | "unchanged"; message: string };

/** Where the shopper made a change, in the staff timeline's words. */
export type ChangeSource = "tracking_page" | "order_status";
export const SOURCE_WORDS: Record<ChangeSource, string> = {
  tracking_page: "on the tracking page",
  order_status: "on the order status page",
};

export const closed = (reason: ChangeClosedReason, text: ShopperText) =>
  ({ kind: "closed", reason, message: text.t(CLOSED_REASON_WORDS[reason]) }) as const;

/** The courier or the app cannot take the change now (503). */
export const unavailable = (text: ShopperText) =>
  ({ kind: "refused", status: 503, message: text.t("api.unavailable") }) as const;

/**
 * The courier's answer to an update: its shipment when it took it, else the shopper's result and
 * whether the courier may have taken it all the same (`unknown`: no answer, a timeout, a server
 * error — the sandbox's lost answers do the work and then answer 500).
 */
export async function sendUpdate(
  booking: Booking,
  patch: UpdateShipmentRequest,
): Promise<{ taken: CourierShipment } | { refused: ChangeResult; unknown: boolean }> {
  try {
    return {
      taken: await booking.courier.updateShipment(booking.shipment.courierShipmentId!, patch, { lane: "background" }),
    };
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    // 1003: the courier's "not any more" — a driver accepted before our state knew it.
    if (error.apiErrors.some((e) => e.code === API_ERROR_CODES.rule))
      return { refused: closed("assigned", booking.text), unknown: false };
    if (error.kind === "validation" || error.kind === "invalid_request")
      return {
        refused: { kind: "refused", status: 400, message: booking.text.t("api.courierRefused") },
        unknown: false,
      };
    return { refused: unavailable(booking.text), unknown: UNKNOWN_OUTCOMES.has(error.kind) };
  }
}

const UNKNOWN_OUTCOMES: ReadonlySet<CourierErrorKind> = new Set(["server", "network", "timeout", "unexpected"]);
