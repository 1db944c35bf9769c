/** Shared test data for the extension logic: a shipment view per state, and a recording fetch. */
import type { ShipmentState, ShipmentView } from "../../extensions/shared/api-contract";
import type { FetchLike } from "../../extensions/shared/api-client";
import { shipmentPermissions, type ShipmentFacts } from "../../extensions/shared/shipment-rules";
import type { ShopperWords } from "../../extensions/shared/shopper-delivery";
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";

export const NOW = new Date("2026-11-21T18:00:00.000Z");
export const HOUR_MS = 60 * 60 * 1000;

export function shipmentView(overrides: Partial<ShipmentView> = {}): ShipmentView {
  return {
    id: "shp_1",
    orderName: "#1001",
    state: "scheduled",
    trackingNumber: "TRK123",
    trackingUrl: "https://track.example/TRK123",
    driverFirstName: null,
    etaIso: null,
    windowStartIso: "2026-11-21T19:00:00.000Z",
    windowEndIso: "2026-11-21T21:00:00.000Z",
    deliveredAtIso: null,
    needsAttention: false,
    attentionReason: null,
    attentionFix: null,
    cancellationCode: null,
    canCancel: false,
    cancelFeeApplies: false,
    canRedispatch: false,
    canTip: false,
    tipped: false,
    canRate: false,
    rated: false,
    driverPayRaisedCents: 0,
    labelAvailable: false,
    photos: [],
    ...overrides,
  };
}

/**
 * A shipment as the app would present it in each state: the flags come from the same
 * `shipmentPermissions` the app uses, from facts typical of that state.
 */
export function typicalShipment(state: ShipmentState, facts: Partial<ShipmentFacts> = {}): ShipmentView {
  const atCourier = state !== "pending" && state !== "failed";
  const driverSeen = ["assigned", "en_route", "delivered", "attempted", "returned"].includes(state);
  const deliveredAt = state === "delivered" ? new Date(NOW.getTime() - HOUR_MS) : null;
  const full: ShipmentFacts = {
    state,
    courierShipmentId: atCourier ? "98765" : null,
    driverHeadingToPickup: false,
    deliveredAt,
    tipped: false,
    rated: false,
    labelsEnabled: true,
    orderChangeFlagged: false,
    ...facts,
  };
  const permissions = shipmentPermissions(full, NOW);
  return shipmentView({
    state,
    trackingNumber: atCourier ? "TRK123" : null,
    trackingUrl: atCourier ? "https://track.example/TRK123" : null,
    driverFirstName: driverSeen ? "Dana" : null,
    etaIso: state === "assigned" || state === "en_route" ? new Date(NOW.getTime() + 20 * 60_000).toISOString() : null,
    deliveredAtIso: full.deliveredAt?.toISOString() ?? null,
    tipped: full.tipped,
    rated: full.rated,
    photos:
      state === "delivered"
        ? [
            { kind: "pickup", url: "https://app.example/photos/p?sig=a" },
            { kind: "delivery", url: "https://app.example/photos/d?sig=b" },
          ]
        : [],
    cancellationCode: state === "canceled" ? "order_canceled" : null,
    ...permissions,
  });
}

export interface RecordedCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch stand-in that records each call and answers with `respond`. */
export function recordingFetch(respond: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetchFn: FetchLike = async (input, init) => {
    const call: RecordedCall = {
      path: input,
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return respond(call);
  };
  return { fetchFn, calls };
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/**
 * An extension's words from its locale file in a language (extensions/<extension>/locales), through
 * i18next as `shopify.i18n.translate` reads them (`{{name}}` placeholders); a missing key fails.
 */
export function extensionWords(
  extension: "order-status-delivery" | "order-delivery-action" | "order-delivery-block" | "orders-bulk-dispatch",
  language: "en" | "fr" | "es" | "de" = "en",
): ShopperWords {
  const file = language === "en" ? "en.default.json" : `${language}.json`;
  const catalogue: unknown = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "..", "..", "extensions", extension, "locales", file), "utf8"),
  );
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [language]: { translation: asI18nextPlurals(catalogue) as Record<string, string> } },
    lng: language,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const t = instance.getFixedT(language);
  return (key, values) => {
    if (!instance.exists(key, values ?? {})) throw new Error(`${extension} has no word "${key}" in ${language}`);
    return t(key, values ?? {});
  };
}

const PLURAL_FORMS = new Set(["zero", "one", "two", "few", "many", "other"]);

/** Shopify's plural objects ({ one, other }) as i18next's suffixed keys (x_one, x_other), which `count` picks. */
function asI18nextPlurals(catalogue: unknown): unknown {
  if (typeof catalogue !== "object" || catalogue === null) return catalogue;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const forms = typeof value === "object" && value !== null ? Object.keys(value) : [];
    if (forms.length > 0 && forms.every((form) => PLURAL_FORMS.has(form)))
      for (const [form, text] of Object.entries(value as Record<string, unknown>)) out[`${key}_${form}`] = text;
    else out[key] = asI18nextPlurals(value);
  }
  return out;
}

/** The order status block's own words (extensions/order-status-delivery/locales). */
export const blockWords = (language: "en" | "fr" | "es" | "de" = "en") =>
  extensionWords("order-status-delivery", language);
