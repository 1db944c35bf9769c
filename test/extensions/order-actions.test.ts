import { describe, expect, it } from "vitest";
import {
  SHIPMENT_STATES,
  type DeliveryWindowQuote,
  type ShipmentState,
  type ShipmentView,
} from "../../extensions/shared/api-contract";
import {
  cancelShipment,
  dispatchOrder,
  fetchLabel,
  fetchPhotos,
  fetchQuote,
  loadOrderShipments,
  rateDriver,
  mergeShipments,
  redispatchedMessage,
  redispatchShipment,
  tipDriver,
} from "../../extensions/shared/order-actions";
import { NETWORK_ERROR_MESSAGE } from "../../extensions/shared/api-client";
import type { ShipmentAction } from "../../extensions/shared/shipment-rules";
import { NOW, json, recordingFetch, shipmentView, typicalShipment, type RecordedCall } from "./fixtures";

const ORDER_GID = "gid://shopify/Order/5501234567";

/** Answers each route the way the app does on success. */
function appResponse(call: RecordedCall, shipment: ShipmentView): Response {
  if (call.path.endsWith("/label?format=PNG"))
    return json({ format: "PNG", url: "https://app.example/labels/l?sig=z" });
  if (call.path.endsWith("/photos")) return json({ photos: shipment.photos });
  return json({ shipment: { ...shipment, tipped: call.path.endsWith("/tip") || shipment.tipped } });
}

interface Attempt {
  run: (fetchFn: Parameters<typeof tipDriver>[0], shipment: ShipmentView) => Promise<{ ok: boolean; message: string }>;
  sends: Omit<RecordedCall, "headers">;
  message: string;
}

const ATTEMPTS: Record<ShipmentAction, Attempt> = {
  redispatch: {
    run: (f, s) => redispatchShipment(f, s, NOW),
    // No body: the app takes the order's current details from Shopify.
    sends: { method: "POST", path: "/api/shipments/shp_1/redispatch", body: undefined },
    message: redispatchedMessage(false),
  },
  cancel: {
    run: (f, s) => cancelShipment(f, s, { code: "order_canceled", comment: " Customer called " }, NOW),
    sends: {
      method: "POST",
      path: "/api/shipments/shp_1/cancel",
      body: { code: "order_canceled", comment: "Customer called" },
    },
    message: "Delivery canceled.",
  },
  tip: {
    run: (f, s) => tipDriver(f, s, "7.50", NOW),
    sends: { method: "POST", path: "/api/shipments/shp_1/tip", body: { amountDollars: 7.5 } },
    message: "Tip of $7.50 sent to Dana.",
  },
  rate: {
    run: (f, s) => rateDriver(f, s, "5", NOW),
    sends: { method: "POST", path: "/api/shipments/shp_1/rating", body: { value: 5 } },
    message: "Rating of 5 out of 5 sent.",
  },
  label: {
    run: (f, s) => fetchLabel(f, s, "PNG", NOW),
    sends: { method: "GET", path: "/api/shipments/shp_1/label?format=PNG", body: undefined },
    message: "The PNG label is ready.",
  },
  photos: {
    run: (f, s) => fetchPhotos(f, s, NOW),
    sends: { method: "GET", path: "/api/shipments/shp_1/photos", body: undefined },
    message: "",
  },
};

/** What each state allows (stated here, not derived from the code under test). */
const ALLOWED: Record<ShipmentState, ShipmentAction[]> = {
  pending: [],
  scheduled: ["label", "cancel"],
  assigned: ["label", "tip", "cancel"],
  en_route: ["label", "tip"],
  delivered: ["photos", "tip", "rate"],
  attempted: ["tip", "rate"],
  returned: ["rate"],
  canceled: [],
  expired: [],
  failed: [],
};

/** With an order change the shipment could not follow: re-dispatch while a cancel is still possible. */
const ALLOWED_WHEN_FLAGGED: Record<ShipmentState, ShipmentAction[]> = {
  ...ALLOWED,
  scheduled: ["label", "cancel", "redispatch"],
  assigned: ["label", "tip", "cancel", "redispatch"],
};

const cases = SHIPMENT_STATES.flatMap((state) =>
  [false, true].flatMap((flagged) =>
    (Object.keys(ATTEMPTS) as ShipmentAction[]).map(
      (action) => [state, flagged, action, (flagged ? ALLOWED_WHEN_FLAGGED : ALLOWED)[state].includes(action)] as const,
    ),
  ),
);

describe("what each action sends, for every state", () => {
  it.each(cases)("%s, order change flagged %s: %s → sent %s", async (state, flagged, action, allowed) => {
    const shipment = typicalShipment(state, { orderChangeFlagged: flagged });
    const { fetchFn, calls } = recordingFetch((call) => appResponse(call, shipment));
    const attempt = ATTEMPTS[action];
    const outcome = await attempt.run(fetchFn, shipment);
    if (allowed) {
      expect(calls.map(({ headers: _headers, ...call }) => call)).toEqual([attempt.sends]);
      expect(outcome).toMatchObject({ ok: true, message: attempt.message });
    } else {
      expect(calls).toEqual([]);
      expect(outcome.ok).toBe(false);
      expect(outcome.message).not.toBe("");
    }
  });
});

describe("cancelShipment", () => {
  it("says the fee was charged when it applied", async () => {
    const shipment = typicalShipment("assigned", { driverHeadingToPickup: true });
    const { fetchFn } = recordingFetch(() => json({ shipment: { ...shipment, state: "canceled" } }));
    await expect(cancelShipment(fetchFn, shipment, { code: "duplicate_order", comment: "" }, NOW)).resolves.toEqual({
      ok: true,
      value: { ...shipment, state: "canceled" },
      message: "Delivery canceled. The courier will charge a cancellation fee.",
    });
  });

  it("sends nothing when the form is incomplete", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({}));
    const outcome = await cancelShipment(fetchFn, typicalShipment("scheduled"), { code: "other", comment: "" }, NOW);
    expect(calls).toEqual([]);
    expect(outcome).toEqual({
      ok: false,
      message: "Check the highlighted fields.",
      fieldErrors: { comment: "Explain the reason in the comment." },
    });
  });

  it("shows the app's refusal when the driver picked up meanwhile", async () => {
    const { fetchFn } = recordingFetch(() =>
      json({ error: { message: "The driver has picked up this delivery; it can no longer be canceled." } }, 409),
    );
    await expect(
      cancelShipment(fetchFn, typicalShipment("assigned"), { code: "order_canceled", comment: "" }, NOW),
    ).resolves.toEqual({
      ok: false,
      message: "The driver has picked up this delivery; it can no longer be canceled.",
      fieldErrors: {},
    });
  });
});

describe("redispatchShipment", () => {
  const flagged = () =>
    ({
      ...typicalShipment("assigned", { orderChangeFlagged: true }),
      needsAttention: true,
      attentionReason: "Order changed in Shopify: the delivery address changed after the driver was assigned.",
    }) satisfies ShipmentView;

  it("posts without a body and returns the canceled shipment to merge", async () => {
    const shipment = flagged();
    const canceled = { ...shipment, state: "canceled" as const, canCancel: false, canRedispatch: false };
    const { fetchFn, calls } = recordingFetch(() => json({ shipment: canceled }));
    await expect(redispatchShipment(fetchFn, shipment, NOW)).resolves.toEqual({
      ok: true,
      value: canceled,
      message:
        "Delivery canceled. A new delivery with the order's current details is being dispatched: close this window and open it again in a moment to see it.",
    });
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/api/shipments/shp_1/redispatch",
        headers: { Accept: "application/json" },
        body: undefined,
      },
    ]);
  });

  it("says the courier charges a fee when the driver was heading to pickup", async () => {
    const shipment = { ...flagged(), cancelFeeApplies: true };
    const { fetchFn } = recordingFetch(() => json({ shipment: { ...shipment, state: "canceled" } }));
    await expect(redispatchShipment(fetchFn, shipment, NOW)).resolves.toMatchObject({
      ok: true,
      message: expect.stringContaining("Delivery canceled. The courier will charge a cancellation fee. A new delivery"),
    });
  });

  it("sends nothing for a shipment with no order change flagged", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({}));
    const outcome = await redispatchShipment(fetchFn, typicalShipment("assigned"), NOW);
    expect(calls).toEqual([]);
    expect(outcome).toEqual({
      ok: false,
      message: "Cancel and re-dispatch is only offered when the order changed after a driver was assigned.",
      fieldErrors: {},
    });
  });

  it.each<[string, () => Response, string]>([
    [
      "409 after pickup, with the app's words",
      () =>
        json(
          {
            error: {
              message:
                "The driver has already picked up the items: this delivery can no longer be canceled or sent again.",
            },
          },
          409,
        ),
      "The driver has already picked up the items: this delivery can no longer be canceled or sent again.",
    ],
    [
      "404 another shop's or unknown shipment",
      () => json({ error: { message: "This delivery was not found in your store." } }, 404),
      "This delivery was not found in your store.",
    ],
    [
      "409 without a readable body",
      () => new Response("conflict", { status: 409 }),
      "This delivery has changed since you opened it. Reload the page and try again.",
    ],
    [
      "401 expired session",
      () => new Response(null, { status: 401 }),
      "Your session has expired. Close this window, reload the page and try again.",
    ],
    [
      "502 courier failure, proxy page",
      () => new Response("<html>Bad gateway</html>", { status: 502 }),
      "The courier is not answering right now. Try again in a few minutes.",
    ],
    [
      "200 without the shipment",
      () => json({}),
      "The delivery app sent an answer that could not be read. Reload the page to see the delivery.",
    ],
    [
      "200 with another shipment",
      () => json({ shipment: { ...typicalShipment("canceled"), id: "shp_other" } }),
      "The delivery app sent an answer that could not be read. Reload the page to see the delivery.",
    ],
    [
      "network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
      NETWORK_ERROR_MESSAGE,
    ],
  ])("%s → the merchant's message", async (_name, respond, message) => {
    const { fetchFn, calls } = recordingFetch(respond);
    await expect(redispatchShipment(fetchFn, flagged(), NOW)).resolves.toEqual({ ok: false, message, fieldErrors: {} });
    expect(calls).toHaveLength(1);
  });
});

describe("tipDriver and rateDriver", () => {
  it("sends nothing for an invalid tip and points at the field", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({}));
    const outcome = await tipDriver(fetchFn, typicalShipment("delivered"), "0.50", NOW);
    expect(calls).toEqual([]);
    expect(outcome).toEqual({
      ok: false,
      message: "The smallest tip is $1.00.",
      fieldErrors: { amountDollars: "The smallest tip is $1.00." },
    });
  });

  it("names no driver when the first name is unknown", async () => {
    const shipment = { ...typicalShipment("en_route"), driverFirstName: null };
    const { fetchFn } = recordingFetch(() => json({ shipment }));
    await expect(tipDriver(fetchFn, shipment, "3", NOW)).resolves.toMatchObject({
      message: "Tip of $3.00 sent to the driver.",
    });
  });

  it("shows the courier's second-tip refusal as the app words it", async () => {
    const { fetchFn } = recordingFetch(() =>
      json({ error: { message: "The driver has already been tipped for this delivery." } }, 409),
    );
    await expect(tipDriver(fetchFn, typicalShipment("delivered"), "5", NOW)).resolves.toMatchObject({
      ok: false,
      message: "The driver has already been tipped for this delivery.",
    });
  });

  it("sends nothing for a rating outside 1..5", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({}));
    const outcome = await rateDriver(fetchFn, typicalShipment("delivered"), "6", NOW);
    expect(calls).toEqual([]);
    expect(outcome.ok).toBe(false);
  });
});

describe("fetchLabel and fetchPhotos", () => {
  it("asks for the PDF label and returns its URL", async () => {
    const shipment = typicalShipment("scheduled");
    const { fetchFn, calls } = recordingFetch(() => json({ format: "PDF", url: "https://app.example/labels/x?sig=1" }));
    await expect(fetchLabel(fetchFn, shipment, "PDF", NOW)).resolves.toEqual({
      ok: true,
      value: { url: "https://app.example/labels/x?sig=1", format: "PDF" },
      message: "The PDF label is ready.",
    });
    expect(calls[0]?.path).toBe("/api/shipments/shp_1/label?format=PDF");
  });

  it("reports a label answer without a URL", async () => {
    const { fetchFn } = recordingFetch(() => json({ format: "PDF" }));
    await expect(fetchLabel(fetchFn, typicalShipment("scheduled"), "PDF", NOW)).resolves.toMatchObject({
      ok: false,
      message: "The courier did not return a label for this delivery.",
    });
  });

  it("reports an empty photo list", async () => {
    const { fetchFn } = recordingFetch(() => json({ photos: [] }));
    await expect(fetchPhotos(fetchFn, typicalShipment("delivered"), NOW)).resolves.toMatchObject({
      ok: false,
      message: "No photos were taken for this delivery.",
    });
  });
});

describe("order-level calls", () => {
  const windows: DeliveryWindowQuote[] = [
    {
      serviceCode: "SAMEDAY_TWO_HOURS",
      title: "Within 2 hours",
      deliverStartIso: "2026-11-21T18:05:00.000Z",
      deliverEndIso: "2026-11-21T20:05:00.000Z",
      priceCents: 1250,
      currencyCode: "USD",
    },
    {
      serviceCode: "SAMEDAY_EVENING",
      title: "Today, 5:00–8:00 PM",
      deliverStartIso: "2026-11-21T22:00:00.000Z",
      deliverEndIso: "2026-11-22T01:00:00.000Z",
      priceCents: 990,
      currencyCode: "USD",
    },
  ];

  it("loads the order's shipments by numeric order id", async () => {
    const body = {
      order: { id: "5501234567", name: "#1001" },
      shipments: [shipmentView()],
      dispatch: { allowed: false, reason: null },
    };
    const { fetchFn, calls } = recordingFetch(() => json(body));
    await expect(loadOrderShipments(fetchFn, ORDER_GID)).resolves.toEqual({ ok: true, value: body, message: "" });
    expect(calls.map((c) => [c.method, c.path])).toEqual([["GET", "/api/orders/5501234567/shipments"]]);
  });

  it("sends nothing for a page that is not an order", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({}));
    const outcome = await loadOrderShipments(fetchFn, "gid://shopify/DraftOrder/1");
    expect(calls).toEqual([]);
    expect(outcome).toMatchObject({ ok: false, message: "This page is not an order the delivery app can handle." });
  });

  it("asks for a fresh quote with an empty body", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({ windows, unavailableReason: null }));
    await expect(fetchQuote(fetchFn, ORDER_GID)).resolves.toEqual({ ok: true, value: windows, message: "" });
    expect(calls.map(({ headers: _h, ...c }) => c)).toEqual([
      { method: "POST", path: "/api/orders/5501234567/quote", body: {} },
    ]);
  });

  it("passes on the note of an address outside the delivery area with the windows", async () => {
    const note = "Outside the delivery area of Main Street Bakery: 12 mi away, beyond the location's 5 mi.";
    const { fetchFn } = recordingFetch(() => json({ windows, unavailableReason: null, areaNote: note }));
    await expect(fetchQuote(fetchFn, ORDER_GID)).resolves.toEqual({ ok: true, value: windows, message: note });
  });

  it("explains why no window is offered", async () => {
    const { fetchFn } = recordingFetch(() =>
      json({ windows: [], unavailableReason: "The delivery address is outside the courier's area." }),
    );
    await expect(fetchQuote(fetchFn, ORDER_GID)).resolves.toMatchObject({
      ok: false,
      message: "The delivery address is outside the courier's area.",
    });
  });

  it("dispatches with the chosen window and reports the tracking number", async () => {
    const booked = typicalShipment("scheduled");
    const { fetchFn, calls } = recordingFetch(() => json({ shipments: [booked] }));
    await expect(dispatchOrder(fetchFn, ORDER_GID, "SAMEDAY_EVENING", windows)).resolves.toEqual({
      ok: true,
      value: [booked],
      message: "Delivery booked for Today, 5:00–8:00 PM. Tracking: TRK123.",
    });
    expect(calls.map(({ headers: _h, ...c }) => c)).toEqual([
      { method: "POST", path: "/api/orders/5501234567/dispatch", body: { windowServiceCode: "SAMEDAY_EVENING" } },
    ]);
  });

  it("counts several shipments (one per pickup location)", async () => {
    const { fetchFn } = recordingFetch(() =>
      json({
        shipments: [
          typicalShipment("scheduled"),
          { ...typicalShipment("scheduled"), id: "shp_2", trackingNumber: "TRK456" },
        ],
      }),
    );
    await expect(dispatchOrder(fetchFn, ORDER_GID, "SAMEDAY_TWO_HOURS", windows)).resolves.toMatchObject({
      message: "2 deliveries booked for Within 2 hours. Tracking: TRK123, TRK456.",
    });
  });

  it("sends nothing for a window that is not in the quote", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({}));
    const outcome = await dispatchOrder(fetchFn, ORDER_GID, "SAMEDAY_TOMORROW", windows);
    expect(calls).toEqual([]);
    expect(outcome).toMatchObject({
      ok: false,
      fieldErrors: { windowServiceCode: "That delivery window is no longer offered. Get a new quote." },
    });
  });
});

describe("mergeShipments", () => {
  it("replaces updated shipments, keeps the others, appends new ones", () => {
    const a = shipmentView({ id: "a" });
    const b = shipmentView({ id: "b" });
    const updated = { ...b, tipped: true };
    const added = shipmentView({ id: "c" });
    expect(mergeShipments([a, b], [updated, added])).toEqual([a, updated, added]);
  });
});
