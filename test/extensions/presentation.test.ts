import { describe, expect, it } from "vitest";
import { SHIPMENT_STATES, type ShipmentState, type ShipmentView } from "../../extensions/shared/api-contract";
import {
  headingOf,
  blockSummary,
  ratingOptions,
  etaText,
  formatMoney,
  shipmentCard,
  sortForDisplay,
  windowOptionLabel,
  type ShipmentCard,
} from "../../extensions/shared/presentation";
import { extensionWords, NOW, shipmentView, typicalShipment } from "./fixtures";

/** A deterministic stand-in for the admin's date formatter. */
const formatTime = (date: Date) => date.toISOString().slice(11, 16);
/** The order block's English words, from its locale file. */
const t = extensionWords("order-delivery-block");

describe("what the block and the action show for each state", () => {
  const expected: Record<ShipmentState, Omit<ShipmentCard, "trackingUrl" | "attention">> = {
    pending: {
      heading: "Delivery for #1001",
      stateLabel: "Being booked",
      tone: "neutral",
      details: [{ label: "Delivery window", value: "19:00 – 21:00" }],
      photos: [],
    },
    scheduled: {
      heading: "Delivery TRK123",
      stateLabel: "Waiting for a driver",
      tone: "info",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Delivery window", value: "19:00 – 21:00" },
      ],
      photos: [],
    },
    assigned: {
      heading: "Delivery TRK123",
      stateLabel: "Driver assigned",
      tone: "info",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Driver", value: "Dana" },
        { label: "ETA", value: "18:20 (in 20 min)" },
        { label: "Delivery window", value: "19:00 – 21:00" },
      ],
      photos: [],
    },
    en_route: {
      heading: "Delivery TRK123",
      stateLabel: "Out for delivery",
      tone: "info",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Driver", value: "Dana" },
        { label: "ETA", value: "18:20 (in 20 min)" },
        { label: "Delivery window", value: "19:00 – 21:00" },
      ],
      photos: [],
    },
    delivered: {
      heading: "Delivery TRK123",
      stateLabel: "Delivered",
      tone: "success",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Driver", value: "Dana" },
        { label: "Delivered at", value: "17:00" },
      ],
      photos: [
        { label: "Pickup photo", url: "https://app.example/photos/p?sig=a" },
        { label: "Delivery photo", url: "https://app.example/photos/d?sig=b" },
      ],
    },
    attempted: {
      heading: "Delivery TRK123",
      stateLabel: "Delivery attempted",
      tone: "warning",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Driver", value: "Dana" },
        { label: "Delivery window", value: "19:00 – 21:00" },
      ],
      photos: [],
    },
    returned: {
      heading: "Delivery TRK123",
      stateLabel: "Returned to store",
      tone: "critical",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Driver", value: "Dana" },
        { label: "Delivery window", value: "19:00 – 21:00" },
      ],
      photos: [],
    },
    canceled: {
      heading: "Delivery TRK123",
      stateLabel: "Canceled",
      tone: "neutral",
      details: [
        { label: "Tracking number", value: "TRK123" },
        { label: "Reason", value: "The customer canceled the order" },
      ],
      photos: [],
    },
    expired: {
      heading: "Delivery TRK123",
      stateLabel: "Expired: no driver accepted",
      tone: "warning",
      details: [{ label: "Tracking number", value: "TRK123" }],
      photos: [],
    },
    failed: {
      heading: "Delivery for #1001",
      stateLabel: "Booking failed",
      tone: "critical",
      details: [],
      photos: [],
    },
  };

  it.each(SHIPMENT_STATES.map((state) => [state] as const))("%s", (state) => {
    const shipment = typicalShipment(state);
    const card = shipmentCard(shipment, NOW, formatTime, t);
    expect(card).toEqual({ ...expected[state], trackingUrl: shipment.trackingUrl, attention: null });
  });

  it("shows the needs-attention reason with its fix, in the critical tone", () => {
    const shipment = typicalShipment("returned", {});
    const card = shipmentCard(
      {
        ...shipment,
        needsAttention: true,
        attentionReason: "The customer was not home; the order was returned to the store.",
        attentionFix: "Call the customer, then dispatch again from this page.",
      },
      NOW,
      formatTime,
      t,
    );
    expect(card.tone).toBe("critical");
    expect(card.attention).toEqual({
      reason: "The customer was not home; the order was returned to the store.",
      fix: "Call the customer, then dispatch again from this page.",
    });
  });

  it("names the customer first for staff on the order page, with their phone and address", () => {
    const recipient = {
      name: "Dana Whitfield",
      phone: "(555) 170-0034",
      address: "500 Valencia St, San Francisco, CA 94110",
    };
    const card = shipmentCard(shipmentView({ recipient }), NOW, formatTime, t);
    expect(card.details[0]).toEqual({
      label: "Customer",
      value: "Dana Whitfield · (555) 170-0034 · 500 Valencia St, San Francisco, CA 94110",
    });
    expect(shipmentCard(shipmentView(), NOW, formatTime, t).details.map((d) => d.label)).not.toContain("Customer");
  });

  it("gives a generic reason when the app sent none", () => {
    const card = shipmentCard(shipmentView({ needsAttention: true }), NOW, formatTime, t);
    expect(card.attention).toEqual({ reason: "This delivery needs your attention.", fix: null });
  });

  it("marks a sent tip and rating", () => {
    const card = shipmentCard(typicalShipment("delivered", { tipped: true, rated: true }), NOW, formatTime, t);
    expect(card.details.slice(-2)).toEqual([
      { label: "Tip", value: "Sent" },
      { label: "Rating", value: "Sent" },
    ]);
  });

  it("shows what was added to the driver's pay while no driver took it, only when something was", () => {
    const raised = shipmentCard(shipmentView({ driverPayRaisedCents: 400 }), NOW, formatTime, t);
    expect(raised.details).toContainEqual({ label: "Driver's pay raised", value: "$4.00" });
    const none = shipmentCard(shipmentView(), NOW, formatTime, t);
    expect(none.details.map((d) => d.label)).not.toContain("Driver's pay raised");
  });
});

describe("etaText", () => {
  it.each<[string | null, string | null]>([
    ["2026-11-21T18:20:00.000Z", "18:20 (in 20 min)"],
    ["2026-11-21T18:00:20.000Z", "18:00 (due now)"],
    ["2026-11-21T17:48:00.000Z", "17:48 (12 min late)"],
    [null, null],
    ["not a date", null],
  ])("%s → %s", (iso, text) => {
    expect(etaText(iso, NOW, formatTime, t)).toBe(text);
  });
});

describe("money and windows", () => {
  it.each([
    [1250, "USD", "$12.50"],
    [5, "USD", "$0.05"],
    [1250, "CAD", "CA$12.50"],
    [1250, "NOPE", "12.50 NOPE"],
  ])("%i %s → %s", (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });

  it("labels a window with its price", () => {
    expect(
      windowOptionLabel({
        serviceCode: "SAMEDAY_TWO_HOURS",
        title: "Within 2 hours",
        deliverStartIso: "2026-11-21T18:05:00.000Z",
        deliverEndIso: "2026-11-21T20:05:00.000Z",
        priceCents: 1250,
        currencyCode: "USD",
      }),
    ).toBe("Within 2 hours — $12.50");
  });
});

describe("ordering and the collapsed summary", () => {
  const delivered = { ...typicalShipment("delivered"), id: "d" };
  const live = { ...typicalShipment("en_route"), id: "l" };
  const attention = { ...typicalShipment("returned"), id: "a", needsAttention: true };

  it("puts needs-attention first, final states last", () => {
    expect(sortForDisplay([delivered, live, attention]).map((s) => s.id)).toEqual(["a", "l", "d"]);
  });

  it.each([
    [[], "No same-day delivery yet"],
    [[live], "Out for delivery"],
    [[delivered], "Delivered"],
    [[delivered, live], "2 deliveries, 1 in progress"],
    [[delivered, { ...delivered, id: "d2" }], "2 deliveries"],
    [[attention, live], "1 delivery needs attention"],
    [[attention, { ...attention, id: "a2" }], "2 deliveries need attention"],
  ])("%# → %s", (shipments, summary) => {
    expect(blockSummary(shipments, t)).toBe(summary);
  });
});

describe("the card in the staff's language, from the extensions' locale files", () => {
  it.each([
    [
      "fr",
      "Livraison TRK123",
      "En cours de livraison",
      "Livreur",
      "18:20 (dans 20 min)",
      "2 livraisons, dont 1 en cours",
    ],
    ["es", "Entrega TRK123", "En reparto", "Repartidor", "18:20 (en 20 min)", "2 entregas, 1 en curso"],
    ["de", "Lieferung TRK123", "In Zustellung", "Fahrer", "18:20 (in 20 Min.)", "2 Lieferungen, 1 in Bearbeitung"],
  ] as const)("%s", (language, heading, state, driver, eta, summary) => {
    for (const extension of ["order-delivery-block", "order-delivery-action"] as const) {
      const words = extensionWords(extension, language);
      const card = shipmentCard(typicalShipment("en_route"), NOW, formatTime, words);
      expect(card.heading).toBe(heading);
      expect(card.stateLabel).toBe(state);
      expect(card.details).toContainEqual({ label: driver, value: "Dana" });
      expect(card.details.find((d) => d.value.startsWith("18:20"))?.value).toBe(eta);
      const delivered = { ...typicalShipment("delivered"), id: "d" };
      expect(blockSummary([delivered, typicalShipment("en_route")], words)).toBe(summary);
    }
  });

  it("names the ratings in French and Spanish for the order action", () => {
    expect(ratingOptions(extensionWords("order-delivery-action", "fr")).map((o) => o.label)).toEqual([
      "5 – Excellent",
      "4 – Très bien",
      "3 – Bien",
      "2 – Passable",
      "1 – Mauvais",
    ]);
    expect(ratingOptions(extensionWords("order-delivery-action", "es"))[0]).toEqual({
      value: 5,
      label: "5 – Excelente",
    });
  });
});

describe("a return's legs on the order page", () => {
  const leg = (id: string, overrides: Partial<ShipmentView>): ShipmentView => shipmentView({ id, ...overrides });

  it("names the collection and the exchange delivery, and a round trip's leg", () => {
    expect(headingOf(leg("a", { trackingNumber: "T1", leg: { kind: "return_pickup", roundTrip: null } }), t)).toBe(
      "Return collection T1",
    );
    expect(
      headingOf(
        leg("b", {
          trackingNumber: "T2",
          leg: { kind: "delivery", roundTrip: { referenceId: "rt-1-1", sequence: 1 } },
        }),
        t,
      ),
    ).toBe("Round trip, leg 1: Exchange delivery T2");
    expect(headingOf(leg("c", { trackingNumber: "T3" }), t)).toBe("Delivery T3");
  });

  it("keeps a round trip's legs together in leg order, where its most urgent leg goes", () => {
    const trip = (sequence: number) => ({ kind: "delivery" as const, roundTrip: { referenceId: "rt-9-1", sequence } });
    const sorted = sortForDisplay([
      leg("plain", { state: "scheduled" }),
      leg("leg2", { state: "scheduled", needsAttention: true, leg: { ...trip(2), kind: "return_pickup" } }),
      leg("done", { state: "delivered" }),
      leg("leg1", { state: "scheduled", leg: trip(1) }),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(["leg1", "leg2", "plain", "done"]);
  });
});
