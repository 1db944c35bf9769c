import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { useEffect, useState, type ReactNode } from "react";
import { BarChart, LineChart, PolarisVizProvider } from "@shopify/polaris-viz";
import type { DeliveryFigures } from "~/insights/delivery-figures";
import type { FunnelFigures } from "~/insights/funnel-figures";

/** Insights' charts (polaris-viz), each followed by its numbers as text. */

/**
 * polaris-viz measures the browser (window) as it renders, so a chart is drawn once the page is in
 * the browser; the server's HTML has its place and the numbers as text.
 */
function InBrowser({ height, children }: { height: number; children: ReactNode }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return <div style={{ height }}>{inBrowser ? <PolarisVizProvider>{children}</PolarisVizProvider> : null}</div>;
}

const OUTCOME_WORDS = {
  delivered: "Delivered",
  returned: "Returned",
  canceled: "Cancelled",
  expired: "Expired",
} as const;
const short = (day: string) => day.slice(5);

export function DeliveriesChart({ perDay }: { perDay: DeliveryFigures["perDay"] }) {
  const data = (Object.keys(OUTCOME_WORDS) as (keyof typeof OUTCOME_WORDS)[]).map((outcome) => ({
    name: OUTCOME_WORDS[outcome],
    data: perDay.map((d) => ({ key: short(d.day), value: d.counts[outcome] })),
  }));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Deliveries per day by outcome
        </Text>
        <InBrowser height={260}>
          <BarChart data={data} type="stacked" theme="Light" />
        </InBrowser>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
          headings={["Day", ...Object.values(OUTCOME_WORDS)]}
          rows={perDay
            .filter((d) => Object.values(d.counts).some((n) => n > 0))
            .map((d) => [d.day, d.counts.delivered, d.counts.returned, d.counts.canceled, d.counts.expired])}
        />
      </BlockStack>
    </Card>
  );
}

const ms = (value: number | null | undefined) =>
  value === undefined ? "–" : value === null ? "> 10,000 ms" : `≤ ${value.toLocaleString("en-US")} ms`;

/** A day as the loader sends it (an undefined time, no answers, is left out of the JSON). */
type FunnelDayJson = Omit<FunnelFigures["perDay"][number], "p50Ms" | "p95Ms"> & {
  p50Ms?: number | null;
  p95Ms?: number | null;
};

export function FunnelChart({ perDay }: { perDay: FunnelDayJson[] }) {
  const data = [
    { name: "Rate requests", data: perDay.map((d) => ({ key: short(d.day), value: d.counts.requests })) },
    { name: "Answered with a rate", data: perDay.map((d) => ({ key: short(d.day), value: d.rated })) },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Checkout: rate requests and answers per day
        </Text>
        <InBrowser height={220}>
          <LineChart data={data} theme="Light" />
        </InBrowser>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
          headings={["Day", "Requests", "With a rate", "Answer p50", "Answer p95"]}
          rows={perDay
            .filter((d) => d.counts.requests > 0)
            .map((d) => [d.day, d.counts.requests, d.rated, ms(d.p50Ms), ms(d.p95Ms)])}
        />
      </BlockStack>
    </Card>
  );
}
