import { describe, expect, it } from "vitest";
import { BULK_DISPATCH_MAX_ORDERS, type BulkDispatchResult } from "../../extensions/shared/api-contract";
import { dispatchSelected, summarizeBulkResults } from "../../extensions/shared/bulk-dispatch";
import { extensionWords, json, recordingFetch, typicalShipment } from "./fixtures";

const t = extensionWords("orders-bulk-dispatch");

const result = (overrides: Partial<BulkDispatchResult> & Pick<BulkDispatchResult, "orderId">): BulkDispatchResult => ({
  orderName: `#${overrides.orderId}`,
  outcome: "dispatched",
  message: null,
  shipments: [typicalShipment("scheduled")],
  ...overrides,
});

describe("summarizeBulkResults", () => {
  it("shows one row per order sent, with its outcome and detail", () => {
    const summary = summarizeBulkResults(
      ["1", "2", "3", "4", "5"],
      [
        result({ orderId: "1" }),
        result({ orderId: "2", outcome: "already_dispatched", message: "Already on its way (TRK999)." }),
        result({
          orderId: "3",
          outcome: "not_eligible",
          message: "The order has no US shipping address.",
          shipments: [],
        }),
        result({ orderId: "4", outcome: "failed", message: "The courier could not find the address.", shipments: [] }),
      ],
      t,
    );
    expect(summary).toEqual({
      heading: "1 of 5 orders dispatched.",
      tone: "critical",
      rows: [
        { orderId: "1", orderLabel: "#1", outcomeLabel: "Dispatched", tone: "success", detail: "Tracking: TRK123" },
        {
          orderId: "2",
          orderLabel: "#2",
          outcomeLabel: "Already dispatched",
          tone: "info",
          detail: "Already on its way (TRK999).",
        },
        {
          orderId: "3",
          orderLabel: "#3",
          outcomeLabel: "Not dispatched",
          tone: "warning",
          detail: "The order has no US shipping address.",
        },
        {
          orderId: "4",
          orderLabel: "#4",
          outcomeLabel: "Failed",
          tone: "critical",
          detail: "The courier could not find the address.",
        },
        {
          orderId: "5",
          orderLabel: "Order 5",
          outcomeLabel: "Failed",
          tone: "critical",
          detail: "The delivery app returned no result for this order. Check it on the order page.",
        },
      ],
    });
  });

  it.each<[string, BulkDispatchResult[], string, string]>([
    ["all dispatched", [result({ orderId: "1" }), result({ orderId: "2" })], "2 orders dispatched.", "success"],
    [
      "one dispatched",
      [result({ orderId: "1" }), result({ orderId: "2", outcome: "already_dispatched" })],
      "1 of 2 orders dispatched.",
      "warning",
    ],
    [
      "one failed",
      [result({ orderId: "1" }), result({ orderId: "2", outcome: "failed", message: "No route." })],
      "1 of 2 orders dispatched.",
      "critical",
    ],
  ])("%s", (_name, results, heading, tone) => {
    expect(summarizeBulkResults(["1", "2"], results, t)).toMatchObject({ heading, tone });
  });

  it("names a single order in the singular", () => {
    expect(summarizeBulkResults(["1"], [result({ orderId: "1" })], t).heading).toBe("1 order dispatched.");
  });
});

describe("dispatchSelected", () => {
  it("sends the selected orders once, as numeric ids, and summarizes the answer", async () => {
    const { fetchFn, calls } = recordingFetch(() =>
      json({
        results: [result({ orderId: "11" }), result({ orderId: "12", outcome: "failed", message: "No route." })],
      }),
    );
    const outcome = await dispatchSelected(fetchFn, ["gid://shopify/Order/11", "gid://shopify/Order/12"], t);
    expect(calls.map(({ headers: _h, ...c }) => c)).toEqual([
      { method: "POST", path: "/api/orders/dispatch", body: { orderIds: ["11", "12"] } },
    ]);
    expect(outcome).toMatchObject({ ok: true, message: "1 of 2 orders dispatched." });
  });

  it("sends nothing for too many orders", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({ results: [] }));
    const ids = Array.from({ length: BULK_DISPATCH_MAX_ORDERS + 1 }, (_, i) => `gid://shopify/Order/${i + 1}`);
    const outcome = await dispatchSelected(fetchFn, ids, t);
    expect(calls).toEqual([]);
    expect(outcome.ok).toBe(false);
  });

  it("shows the app's error when the whole request fails", async () => {
    const { fetchFn } = recordingFetch(() => json({ error: { message: "Connect your courier account first." } }, 409));
    await expect(dispatchSelected(fetchFn, ["gid://shopify/Order/1"], t)).resolves.toEqual({
      ok: false,
      message: "Connect your courier account first.",
      fieldErrors: {},
    });
  });
});

describe("the results in the staff's language (the extension's locale files)", () => {
  it.each([
    ["fr", "Commandes expédiées : 1 sur 2.", "2 commandes expédiées.", "Expédiée", "Commande 2", "Suivi : TRK123"],
    ["es", "Pedidos enviados: 1 de 2.", "2 pedidos enviados.", "Enviado", "Pedido 2", "Seguimiento: TRK123"],
    [
      "de",
      "Versendete Bestellungen: 1 von 2.",
      "2 Bestellungen versendet.",
      "Versendet",
      "Bestellung 2",
      "Sendungsverfolgung: TRK123",
    ],
  ] as const)("%s", (language, some, all, dispatched, missing, tracking) => {
    const words = extensionWords("orders-bulk-dispatch", language);
    const partial = summarizeBulkResults(["1", "2"], [result({ orderId: "1" })], words);
    expect(partial.heading).toBe(some);
    expect(partial.rows[0]).toMatchObject({ outcomeLabel: dispatched, detail: tracking });
    expect(partial.rows[1]!.orderLabel).toBe(missing);
    expect(summarizeBulkResults(["1", "2"], [result({ orderId: "1" }), result({ orderId: "2" })], words).heading).toBe(
      all,
    );
  });
});
