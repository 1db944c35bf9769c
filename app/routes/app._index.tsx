import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { db } from "~/db.server";
import { shopOverview } from "~/shops/overview.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { overview: await shopOverview(db, session.shop) };
};

function Step({ done, label }: { done: boolean; label: string }) {
  return (
    <InlineStack gap="200" blockAlign="center">
      <Badge tone={done ? "success" : "attention"}>{done ? "Done" : "To do"}</Badge>
      <Text as="span">{label}</Text>
    </InlineStack>
  );
}

export default function Home() {
  const { overview } = useLoaderData<typeof loader>();
  return (
    <Page title="Same-day delivery">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Setup
              </Text>
              <Step done={Boolean(overview?.courierConnected)} label="Connect your courier account" />
              <Step done={(overview?.pickupLocations ?? 0) > 0} label="Choose pickup locations" />
              <Step done={Boolean(overview?.carrierServiceRegistered)} label="Offer same-day delivery at checkout" />
              <Step done={Boolean(overview?.lastCourierEventAt)} label="Receive delivery updates from the courier" />
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Shipments
              </Text>
              <Text as="p">{overview?.shipments ?? 0} in total</Text>
              <Text as="p" tone={overview?.needsAttention ? "critical" : undefined}>
                {overview?.needsAttention ?? 0} need attention
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
