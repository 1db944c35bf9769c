import { AppProvider, IndexTable } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ListRows } from "~/routes/app.shipments._index/list-rows";
import type { ListEntry, ListItem } from "~/routes/app.shipments._index/list.server";

const item = (id: string, role: ListItem["role"], roleWords: string): ListItem => ({
  id,
  orderName: "#1003",
  state: "scheduled",
  trackingNumber: null,
  driverName: null,
  priceCents: 1250,
  shopperPriceCents: 999,
  needsAttention: false,
  attentionReason: null,
  locationName: "Main Street Bakery",
  pickupIso: null,
  pickupLabel: "Today, 2 pm",
  windowStartIso: null,
  windowEndIso: null,
  windowLabel: "Today, 2–4 pm",
  customerName: "Omar Reyes",
  customerPhone: "(415) 555-0188",
  role,
  roleWords,
});

const ENTRIES: ListEntry[] = [
  {
    id: "r1",
    tripWords: null,
    legs: [item("r1", "return_collection", "Return collection")],
    sameOrder: [{ id: "l1", words: "Exchange: one round trip, 2 legs", state: "scheduled" }],
  },
  {
    id: "trip-l1",
    tripWords: "Exchange: one round trip, 2 legs",
    legs: [
      item("l1", "exchange_delivery", "Exchange: new items to the customer"),
      item("l2", "exchange_collection", "Exchange: returned items from the customer"),
    ],
    sameOrder: [{ id: "r1", words: "Return collection", state: "scheduled" }],
  },
];

const HEADINGS = ["Order", "Customer", "Pickup at", "Location", "Window", "State", "Driver", "Paid", "Charged"];

describe("the Deliveries table's rows", () => {
  it.each([false, true])(
    "a round trip over its legs, each shipment with its order's others (phone layout: %s)",
    (condensed) => {
      const errors = vi.spyOn(console, "error");
      const html = renderToString(
        <AppProvider i18n={en}>
          <IndexTable
            resourceName={{ singular: "delivery", plural: "deliveries" }}
            itemCount={3}
            selectedItemsCount={1}
            onSelectionChange={() => {}}
            condensed={condensed}
            headings={HEADINGS.map((title) => ({ title })) as [{ title: string }, ...{ title: string }[]]}
          >
            <ListRows entries={ENTRIES} selected={["l2"]} condensed={condensed} currency="USD" />
          </IndexTable>
        </AppProvider>,
      );
      const text = html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");
      expect(text).toContain("#1003 · Exchange: one round trip, 2 legs");
      expect(text).toContain("Leg 1: Exchange: new items to the customer");
      expect(text).toContain("Leg 2: Exchange: returned items from the customer");
      expect(text).toContain("Same order:");
      expect(html).toContain('href="/app/shipments/l1"');
      expect(html).toContain('href="/app/shipments/r1"');
      expect(errors.mock.calls).toEqual([]);
      errors.mockRestore();
    },
  );
});
