import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Page, Text } from "@shopify/polaris";
import { db } from "~/db.server";
import { shopOverview } from "~/shops/overview.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { overview: await shopOverview(db, session.shop) };
};

export default function Settings() {
  const { overview } = useLoaderData<typeof loader>();
  return (
    <Page title="Settings">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Courier account
          </Text>
          <Text as="p">
            {overview?.courierConnected
              ? `Connected (${overview.courierEnvironment}), token ending in ${overview.courierTokenLast4}`
              : "Not connected yet."}
          </Text>
        </BlockStack>
      </Card>
    </Page>
  );
}
