import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { z } from "zod";
import { db } from "~/db.server";
import { listShipments } from "~/shipments/list.server";
import { authenticate } from "~/shopify.server";

const Query = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { page } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listShipments(db, session.shop, page);
};

export default function Shipments() {
  const { shipments, total } = useLoaderData<typeof loader>();
  return (
    <Page title="Shipments" subtitle={`${total} shipments`}>
      <Card padding="0">
        {shipments.length === 0 ? (
          <EmptyState heading="No shipments yet" image="">
            <p>Paid orders with same-day delivery appear here once they are dispatched.</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: "shipment", plural: "shipments" }}
            itemCount={shipments.length}
            selectable={false}
            headings={[{ title: "Order" }, { title: "State" }, { title: "Tracking number" }, { title: "Attention" }]}
          >
            {shipments.map((s, index) => (
              <IndexTable.Row id={s.id} key={s.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    {s.orderName}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge>{s.state}</Badge>
                </IndexTable.Cell>
                <IndexTable.Cell>{s.trackingNumber ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>{s.needsAttention ? s.attentionReason : ""}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
    </Page>
  );
}
