import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BlockStack, Card, EmptyState, Layout, Page, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import { getRuntime } from "~/runtime.server";
import { formatDateTime } from "~/shipments/format";
import { authenticate } from "~/shopify.server";
import { dataRequestsOfShop } from "~/webhooks/data-requests.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { requests: await dataRequestsOfShop(getRuntime().db, session.shop) };
};

/** Customers' data requests (customers/data_request): each one's report, to download and send to the customer. */
export default function DataRequestsPage() {
  const { requests } = useLoaderData<typeof loader>();
  return (
    <Page title="Customer data requests" backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        <Layout.Section>
          <Card>
            {requests.length === 0 ? (
              <EmptyState heading="No data requests" image="">
                <p>When a customer asks for their data, Shopify tells the app and the report appears here.</p>
              </EmptyState>
            ) : (
              <ResourceList
                items={requests}
                renderItem={(item) => (
                  <ResourceItem id={item.id} onClick={() => {}}>
                    <BlockStack gap="100">
                      <Text as="span" variant="bodyMd" fontWeight="semibold">
                        {item.customer ?? "Customer"} · {formatDateTime(item.receivedAt, "UTC")} UTC
                      </Text>
                      <Link to={`/app/data-requests/${item.id}`} reloadDocument>
                        Download the report (JSON)
                      </Link>
                    </BlockStack>
                  </ResourceItem>
                )}
              />
            )}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
