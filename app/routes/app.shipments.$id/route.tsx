import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Layout, Link, Page } from "@shopify/polaris";
import { STATE_TONES } from "../../../extensions/shared/presentation";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { offeredActions } from "../../../extensions/shared/shipment-rules";
import { CancelCard, DeadJobsCard, RateCard, TipCard } from "./action-cards";
import { CustomerCard, DetailsCard, DriverCard, LabelCard, OrderLegsCard } from "./detail-cards";
import { PhotosCard, TimelineCard } from "./timeline-cards";
import { AttentionActions } from "~/routes/app.attention/attention-actions";
import { polarisTone } from "~/text/format";
import { runShipmentPageAction, shipmentPageData } from "./actions.server";
import { staffDeps } from "~/server/staff-http.server";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";
import { readFormData } from "~/forms/read-form.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return shipmentPageData(staffDeps(), session.shop, params.id);
};

/** The order page's actions, through the same service functions as the admin extensions. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticate.admin(request);
  const fields = Object.fromEntries(await readFormData(request));
  return runShipmentPageAction(
    { ...staffDeps(), admin: auth.admin },
    auth.session.shop,
    params.id,
    fields,
    staffActorOf(auth),
  );
};

export default function ShipmentPage() {
  const { detail, notFound, timeZone } = useLoaderData<typeof loader>();
  if (!detail) {
    return (
      <Page title="Delivery" backAction={{ content: "Deliveries", url: "/app/shipments" }}>
        <Banner tone="warning" title="Delivery not found">
          <p>{notFound}</p>
        </Banner>
      </Page>
    );
  }
  const { view, shipment, timeline, labels, deadJobs } = detail;
  // Rendered on the server: the tip window is judged at load time (the action re-checks it).
  const actions = offeredActions(view, new Date(detail.loadedAt));
  return (
    <Page
      title={shipment.title}
      subtitle={shipment.trackingNumber ? `Tracking number ${shipment.trackingNumber}` : undefined}
      titleMetadata={
        <Badge tone={view.needsAttention ? "critical" : polarisTone(STATE_TONES[view.state])}>
          {STATE_LABELS[view.state]}
        </Badge>
      }
      backAction={{ content: "Deliveries", url: "/app/shipments" }}
    >
      <Layout>
        {view.needsAttention ? (
          <Layout.Section>
            <Banner tone="critical" title={view.attentionReason ?? "This delivery needs attention"}>
              <BlockStack gap="200">
                {view.attentionFix ? <p>{view.attentionFix}</p> : null}
                {detail.attention ? <AttentionActions item={detail.attention} align="start" /> : null}
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <TimelineCard timeline={timeline} timeZone={timeZone} now={detail.loadedAt} />
            <PhotosCard photos={view.photos} />
            {actions.includes("cancel") ? <CancelCard view={view} /> : null}
            {actions.includes("tip") ? <TipCard /> : null}
            {actions.includes("rate") ? <RateCard /> : null}
            <DeadJobsCard jobs={deadJobs} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            {view.recipient ? <CustomerCard recipient={view.recipient} /> : null}
            <OrderLegsCard orderName={shipment.orderName} groups={detail.orderLegs} />
            <DetailsCard detail={detail} timeZone={timeZone} />
            <DriverCard shipment={shipment} timeZone={timeZone} now={detail.loadedAt} />
            {labels ? <LabelCard labels={labels} /> : null}
            <Box>
              {shipment.orderLegacyId ? (
                <Link url={`shopify://admin/orders/${shipment.orderLegacyId}`} target="_top">
                  Open the order in Shopify
                </Link>
              ) : null}
            </Box>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
