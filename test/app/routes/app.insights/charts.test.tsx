import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DeliveriesChart, FunnelChart } from "~/routes/app.insights/charts";

/**
 * The charts render on the server (no window there: polaris-viz draws in the browser only), with
 * every number as text in the server's HTML.
 */
describe("Insights' charts on the server", () => {
  it("render their numbers as text and leave the chart to the browser", () => {
    const html = renderToString(
      <AppProvider i18n={en}>
        <DeliveriesChart
          perDay={[
            { day: "2026-11-01", counts: { delivered: 7, returned: 1, canceled: 0, expired: 2 } },
            { day: "2026-11-02", counts: { delivered: 0, returned: 0, canceled: 0, expired: 0 } },
          ]}
        />
        <FunnelChart
          perDay={[
            {
              day: "2026-11-01",
              counts: {
                requests: 12,
                rated: { live: 4, cache: 6, memory: 0, model: 0, fallback: 0 },
                none: { out_of_area: 2, closed: 0, slot_full: 0, courier: 0, address: 0, cart: 0, setup: 0, other: 0 },
                answerMs: [6, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 2],
              },
              rated: 10,
              p50Ms: 10,
              p95Ms: null,
            },
          ]}
        />
      </AppProvider>,
    );
    expect(html).toContain("2026-11-01");
    expect(html).not.toContain("2026-11-02");
    expect(html).toMatch(/>7<.*>1<.*>0<.*>2</s);
    expect(html).toContain("≤ 10 ms");
    expect(html).toContain("&gt; 10,000 ms");
    // The charts' places, empty until the browser draws them.
    expect(html).toContain('<div style="height:260px"></div>');
    expect(html).toContain('<div style="height:220px"></div>');
  });
});
