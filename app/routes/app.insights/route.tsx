import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Layout, Page, Select, Text } from "@shopify/polaris";
import vizStyles from "@shopify/polaris-viz/build/esm/styles.css";
import { appConfig } from "~/config/env.server";
import { getRuntime } from "~/runtime.server";
import { authenticate } from "~/shopify.server";
import { CapacityCard } from "~/components/insights/capacity-card";
import { RateDiagnosisBanner } from "~/components/insights/rate-diagnosis-banner";
import { insightsPageData, parseInsightsQuery } from "./insights-page.server";
import { DeliveriesChart, FunnelChart } from "./charts";
import { FigureTables } from "./figure-tables";

export const links = () => [{ rel: "stylesheet", href: vizStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const query = parseInsightsQuery(new URL(request.url).searchParams);
  if (!query.success) throw new Response("Choose 7, 30 or 90 days and one of your pickup locations.", { status: 400 });
  const runtime = getRuntime();
  return insightsPageData(
    {
      db: runtime.db,
      queue: runtime.queue,
      courierFor: runtime.courierFor,
      courierUrls: runtime.courierUrls,
      clock: runtime.clock,
      admin,
      appUrl: appConfig().shopify.appUrl,
    },
    session.shop,
    query.data,
  );
};

export default function Insights() {
  const { insights, diagnosis } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  if (!insights) {
    return (
      <Page title="Insights">
        <Text as="p">The app is not set up for this store yet. Reload the app.</Text>
      </Page>
    );
  }
  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const exportQuery = new URLSearchParams({ days: String(insights.days) });
  if (insights.locationGid) exportQuery.set("location", insights.locationGid);
  return (
    <Page title="Insights" subtitle={`Days are your store's days (${insights.timeZone}).`}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <RateDiagnosisBanner causes={diagnosis} />
            <Card>
              <InlineStack gap="400">
                <Select
                  label="Period"
                  options={[
                    { label: "Last 7 days", value: "7" },
                    { label: "Last 30 days", value: "30" },
                    { label: "Last 90 days", value: "90" },
                  ]}
                  value={String(insights.days)}
                  onChange={(value) => choose("days", value)}
                />
                <Select
                  label="Pickup location"
                  options={[
                    { label: "All locations", value: "" },
                    ...insights.locations.map((l) => ({ label: l.name, value: l.locationGid })),
                  ]}
                  value={insights.locationGid ?? ""}
                  onChange={(value) => choose("location", value)}
                />
              </InlineStack>
            </Card>
            <DeliveriesChart perDay={insights.deliveries.perDay} />
            <FunnelChart perDay={insights.funnel.perDay} />
            <FigureTables figures={insights.figures} exportQuery={exportQuery.toString()} days={insights.days} />
            <CapacityCard capacity={insights.capacity} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
