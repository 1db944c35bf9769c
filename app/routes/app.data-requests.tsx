import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  BlockStack,
  Card,
  EmptyState,
  Layout,
  Link as PolarisLink,
  Page,
  ResourceItem,
  ResourceList,
  Text,
} from "@shopify/polaris";
import { getRuntime } from "~/runtime.server";
import { formatInstant } from "~/text/staff-format";
import { authenticate } from "~/shopify.server";
import { dataRequestsPage } from "~/webhooks/data-requests.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { db, clock } = getRuntime();
  return { ...(await dataRequestsPage(db, session.shop)), now: clock().toISOString() };
};

/** Customers' data requests (customers/data_request): each one's report, to download and send to the customer. */
export default function DataRequestsPage() {
  const { requests, timeZone, now } = useLoaderData<typeof loader>();
  const clock = { timeZone, now: new Date(now) };
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
                        {`A customer's request, received ${formatInstant(item.receivedAt, clock)}`}
                      </Text>
                      <Text as="span" tone="subdued">
                        {item.orderNames.length > 0
                          ? `Their ${item.orderNames.length === 1 ? "order" : "orders"} with deliveries: ${item.orderNames.join(", ")}`
                          : "No delivery of theirs is held by the app"}
                      </Text>
                      {item.customerAdminUrl ? (
                        <PolarisLink url={item.customerAdminUrl} target="_top">
                          Open the customer in Shopify
                        </PolarisLink>
                      ) : null}
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
