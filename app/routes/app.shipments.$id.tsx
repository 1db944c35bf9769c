import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Layout,
  Link,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { CANCEL_REASON_OPTIONS, cancelFeeWarning, cancellationLabel } from "../../extensions/shared/cancellation";
import { CANCEL_COMMENT_MAX_LENGTH } from "../../extensions/shared/api-contract";
import { PHOTO_LABELS, RATING_OPTIONS, STATE_LABELS, STATE_TONES } from "../../extensions/shared/presentation";
import { offeredActions } from "../../extensions/shared/shipment-rules";
import { getRuntime } from "~/runtime.server";
import { shipmentDetail } from "~/shipments/detail.server";
import { formatDateTime, formatMoney, polarisTone } from "~/shipments/format";
import { cancelShipment } from "~/staff/cancel.server";
import { JobIdInput, retryDeadJob } from "~/staff/dead-jobs.server";
import { StaffActionError } from "~/staff/errors";
import { staffDeps } from "~/staff/http.server";
import { CancelInput, parseInput, RatingInput, TipInput } from "~/staff/inputs";
import { findShopShipment, parseShipmentId } from "~/staff/shipments.server";
import { rateDriver, tipDriver } from "~/staff/tip-rate.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const runtime = getRuntime();
  const shop = await runtime.db.shop.findUnique({ where: { domain: session.shop }, select: { timezone: true } });
  try {
    const detail = await shipmentDetail(
      { ...staffDeps(), queue: runtime.queue },
      session.shop,
      parseShipmentId(params.id),
    );
    return { detail, notFound: null, timeZone: shop?.timezone ?? "UTC" };
  } catch (error) {
    if (error instanceof StaffActionError && (error.status === 404 || error.status === 400)) {
      return { detail: null, notFound: error.message, timeZone: shop?.timezone ?? "UTC" };
    }
    throw error;
  }
};

type ActionResult = { intent: string; ok: boolean; message: string; fieldErrors?: Record<string, string> };

/** The order page's actions, through the same service functions as the admin extensions. */
export const action = async ({ request, params }: ActionFunctionArgs): Promise<ActionResult> => {
  const { session, admin } = await authenticate.admin(request);
  const fields = Object.fromEntries(await request.formData());
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const deps = staffDeps();
  try {
    const shipmentId = parseShipmentId(params.id);
    const shopDomain = session.shop;
    switch (intent) {
      case "cancel":
        await cancelShipment({ ...deps, admin }, { shopDomain, shipmentId, request: parseInput(CancelInput, fields) });
        return { intent, ok: true, message: "The delivery was canceled." };
      case "tip":
        await tipDriver(deps, { shopDomain, shipmentId, request: parseInput(TipInput, fields) });
        return { intent, ok: true, message: "The tip was sent to the driver." };
      case "rate":
        await rateDriver(deps, { shopDomain, shipmentId, request: parseInput(RatingInput, fields) });
        return { intent, ok: true, message: "Thanks, the rating was sent." };
      case "retry-job": {
        // The job must belong to this shipment's shop; the shipment must be the shop's.
        await findShopShipment(deps.db, shopDomain, shipmentId);
        await retryDeadJob(getRuntime(), { shopDomain, shipmentId, jobId: parseInput(JobIdInput, fields).jobId });
        return { intent, ok: true, message: "The task is queued again." };
      }
      default:
        return { intent, ok: false, message: "This action is not known. Reload the page." };
    }
  } catch (error) {
    if (error instanceof StaffActionError)
      return { intent, ok: false, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
};

type Detail = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["detail"]>;

function useIntentFetcher(intent: string) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { fetcher, result, busy: fetcher.state !== "idle" };
}

function Result({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  return <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>;
}

function CancelCard({ view }: { view: Detail["view"] }) {
  const { fetcher, result, busy } = useIntentFetcher("cancel");
  const [code, setCode] = useState("");
  const [comment, setComment] = useState("");
  const fee = cancelFeeWarning(view);
  return (
    <Card>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Cancel the delivery
          </Text>
          {fee ? <Banner tone="warning">{fee}</Banner> : null}
          <FormLayout>
            <Select
              label="Reason"
              name="code"
              options={[
                { label: "Choose a reason", value: "" },
                ...CANCEL_REASON_OPTIONS.map((o) => ({ label: o.label, value: o.code })),
              ]}
              value={code}
              onChange={setCode}
              error={result?.fieldErrors?.code}
            />
            <TextField
              label="Comment for the courier"
              name="comment"
              value={comment}
              onChange={setComment}
              multiline={2}
              autoComplete="off"
              maxLength={CANCEL_COMMENT_MAX_LENGTH}
              error={result?.fieldErrors?.comment}
            />
          </FormLayout>
          <InlineStack>
            <Button submit tone="critical" variant="primary" loading={busy}>
              Cancel delivery
            </Button>
          </InlineStack>
          <Result result={result} />
        </BlockStack>
      </fetcher.Form>
    </Card>
  );
}

function TipCard() {
  const { fetcher, result, busy } = useIntentFetcher("tip");
  const [amount, setAmount] = useState("");
  return (
    <Card>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="tip" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Tip the driver
          </Text>
          <TextField
            label="Amount"
            name="amountDollars"
            prefix="$"
            value={amount}
            onChange={setAmount}
            autoComplete="off"
            inputMode="decimal"
            helpText="Once per delivery, up to 3 days after delivery."
            error={result?.fieldErrors?.amountDollars}
          />
          <InlineStack>
            <Button submit loading={busy}>
              Send tip
            </Button>
          </InlineStack>
          <Result result={result} />
        </BlockStack>
      </fetcher.Form>
    </Card>
  );
}

function RateCard() {
  const { fetcher, result, busy } = useIntentFetcher("rate");
  const [value, setValue] = useState("5");
  return (
    <Card>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="rate" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Rate the driver
          </Text>
          <Select
            label="Rating"
            name="value"
            options={RATING_OPTIONS.map((o) => ({ label: o.label, value: String(o.value) }))}
            value={value}
            onChange={setValue}
            error={result?.fieldErrors?.value}
          />
          <InlineStack>
            <Button submit loading={busy}>
              Send rating
            </Button>
          </InlineStack>
          <Result result={result} />
        </BlockStack>
      </fetcher.Form>
    </Card>
  );
}

function DeadJobsCard({ jobs }: { jobs: Detail["deadJobs"] }) {
  const { fetcher, result, busy } = useIntentFetcher("retry-job");
  if (jobs.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Failed background tasks
        </Text>
        {jobs.map((job) => (
          <InlineStack key={job.id} align="space-between" blockAlign="center" gap="300" wrap={false}>
            <BlockStack gap="050">
              <Text as="p" fontWeight="semibold">
                {job.label}
              </Text>
              <Text as="p" tone="subdued">
                {job.lastError ?? "No reason recorded"} (after {job.attempts} attempt{job.attempts === 1 ? "" : "s"})
              </Text>
            </BlockStack>
            <Button
              onClick={() => fetcher.submit({ intent: "retry-job", jobId: job.id }, { method: "post" })}
              loading={busy && fetcher.formData?.get("jobId") === job.id}
            >
              Retry
            </Button>
          </InlineStack>
        ))}
        <Result result={result} />
      </BlockStack>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <InlineGrid columns={["oneThird", "twoThirds"]} gap="200">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{children}</Text>
    </InlineGrid>
  );
}

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
  const price = (cents: number | null) => formatMoney(cents, detail.currency);
  return (
    <Page
      title={`Delivery for ${shipment.orderName}`}
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
              {view.attentionFix ? <p>{view.attentionFix}</p> : null}
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Timeline
                </Text>
                {timeline.length === 0 ? (
                  <Text as="p" tone="subdued">
                    Nothing has happened yet.
                  </Text>
                ) : (
                  <BlockStack gap="200">
                    {timeline.map((entry) => (
                      <InlineGrid key={entry.id} columns={["oneThird", "twoThirds"]} gap="200">
                        <Text as="span" tone="subdued">
                          {formatDateTime(entry.at, timeZone)}
                        </Text>
                        <BlockStack gap="050">
                          <InlineStack gap="200" blockAlign="center">
                            <Badge
                              tone={entry.source === "Staff" ? "info" : entry.source === "App" ? undefined : "success"}
                            >
                              {entry.source}
                            </Badge>
                            <Text as="span" fontWeight="semibold">
                              {entry.title}
                            </Text>
                          </InlineStack>
                          {entry.detail ? (
                            <Text as="span" tone="subdued">
                              {entry.detail}
                              {entry.synthesized ? " (read back from the courier)" : ""}
                            </Text>
                          ) : null}
                        </BlockStack>
                      </InlineGrid>
                    ))}
                  </BlockStack>
                )}
              </BlockStack>
            </Card>
            {view.photos.length > 0 ? (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    Photos
                  </Text>
                  <InlineStack gap="400">
                    {view.photos.map((photo) => (
                      <BlockStack key={photo.kind} gap="100">
                        <Text as="span" tone="subdued">
                          {PHOTO_LABELS[photo.kind]}
                        </Text>
                        <a href={photo.url} target="_blank" rel="noreferrer">
                          <img
                            src={photo.url}
                            alt={PHOTO_LABELS[photo.kind]}
                            style={{ maxWidth: 200, maxHeight: 200, borderRadius: 8, border: "1px solid #ddd" }}
                          />
                        </a>
                      </BlockStack>
                    ))}
                  </InlineStack>
                </BlockStack>
              </Card>
            ) : null}
            {actions.includes("cancel") ? <CancelCard view={view} /> : null}
            {actions.includes("tip") ? <TipCard /> : null}
            {actions.includes("rate") ? <RateCard /> : null}
            <DeadJobsCard jobs={deadJobs} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Details
                </Text>
                <Row label="State">{STATE_LABELS[view.state]}</Row>
                <Row label="Tracking">
                  {view.trackingUrl && shipment.trackingNumber ? (
                    <Link url={view.trackingUrl} target="_blank">
                      {shipment.trackingNumber}
                    </Link>
                  ) : (
                    (shipment.trackingNumber ?? "—")
                  )}
                </Row>
                <Row label="Courier id">{shipment.courierShipmentId ?? "—"}</Row>
                <Row label="Window">
                  {view.windowStartIso
                    ? `${formatDateTime(view.windowStartIso, timeZone)} – ${formatDateTime(view.windowEndIso, timeZone)}`
                    : "—"}
                </Row>
                <Row label="Pickup after">{formatDateTime(shipment.pickupAfter, timeZone)}</Row>
                <Row label="ETA">{formatDateTime(view.etaIso, timeZone)}</Row>
                <Row label="Delivered">{formatDateTime(view.deliveredAtIso, timeZone)}</Row>
                <Row label="Price">{price(shipment.priceCents)}</Row>
                <Row label="Quoted at checkout">{price(shipment.quotedPriceCents)}</Row>
                <Row label="Distance">
                  {shipment.estimatedDistance !== null ? `${shipment.estimatedDistance.toFixed(1)} mi` : "—"}
                </Row>
                {view.state === "canceled" && view.cancellationCode ? (
                  <Row label="Canceled because">{cancellationLabel(view.cancellationCode)}</Row>
                ) : null}
                {shipment.tipCents !== null ? <Row label="Tip">{price(shipment.tipCents)}</Row> : null}
                {shipment.rating !== null ? <Row label="Rating">{`${shipment.rating} of 5`}</Row> : null}
                {shipment.signatoryName ? <Row label="Signed by">{shipment.signatoryName}</Row> : null}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Driver
                </Text>
                {shipment.driver ? (
                  <>
                    <Row label="Name">{shipment.driver.name ?? "—"}</Row>
                    <Row label="Phone">{shipment.driver.phone ?? "—"}</Row>
                    <Row label="Vehicle">
                      {shipment.driver.vehicle
                        ? [
                            shipment.driver.vehicle.color,
                            shipment.driver.vehicle.make,
                            shipment.driver.vehicle.model,
                            shipment.driver.vehicle.category ? `(${shipment.driver.vehicle.category})` : null,
                          ]
                            .filter(Boolean)
                            .join(" ") || "—"
                        : "—"}
                    </Row>
                  </>
                ) : (
                  <Text as="p" tone="subdued">
                    No driver assigned yet.
                  </Text>
                )}
                <Row label="Last position">
                  {shipment.lastPosition ? (
                    <Link
                      url={`https://www.openstreetmap.org/?mlat=${shipment.lastPosition.latitude}&mlon=${shipment.lastPosition.longitude}#map=15/${shipment.lastPosition.latitude}/${shipment.lastPosition.longitude}`}
                      target="_blank"
                    >
                      {`${shipment.lastPosition.latitude.toFixed(5)}, ${shipment.lastPosition.longitude.toFixed(5)}`}
                    </Link>
                  ) : (
                    "—"
                  )}
                </Row>
              </BlockStack>
            </Card>
            {labels ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    Label
                  </Text>
                  <Text as="p" tone="subdued">
                    Print it and attach it to the package.
                  </Text>
                  <InlineStack gap="200">
                    <Button url={labels.pdf} target="_blank" download>
                      Download PDF
                    </Button>
                    <Button url={labels.png} target="_blank" download>
                      Download PNG
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Card>
            ) : null}
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
