import type { ShipmentState } from "../../../extensions/shared/api-contract";
import { LABEL_STATES } from "../../../extensions/shared/shipment-rules";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  Page,
  Pagination,
  Text,
  useBreakpoints,
  useIndexResourceState,
} from "@shopify/polaris";
import { useState } from "react";
import { STATE_TONES } from "../../../extensions/shared/presentation";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { getRuntime } from "~/runtime.server";
import { polarisTone } from "~/text/format";
import { formatMoneyWithCode } from "~/text/staff-format";
import { listQueryParams, parseListQuery } from "./list-query";
import { shipmentsPageData } from "./list.server";
import { BulkCancelModal, downloadFile, useLabelPrint } from "./bulk-actions";
import { ListFilters } from "./list-filters";
import { bulkCancel, bulkCancelMessage, parseBulkSelection } from "./bulk.server";
import { JobIdInput, retryDeadJob } from "~/staff/dead-jobs.server";
import { StaffActionError } from "~/staff/errors";
import { parseInput } from "~/staff/inputs";
import { staffDeps } from "~/server/staff-http.server";
import { toShipmentState } from "~/staff/view-model";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";
import { readFormData } from "~/forms/read-form.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const query = parseListQuery(new URL(request.url).searchParams);
  return shipmentsPageData(getRuntime(), session.shop, query);
};

/**
 * intent=retry-job: put a failed background task of this shop back in the queue;
 * intent=bulk-cancel: cancel the selected deliveries with one reason.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const auth = await authenticate.admin(request);
  const { session } = auth;
  const fields = Object.fromEntries(await readFormData(request));
  try {
    if (fields.intent === "bulk-cancel") {
      const ids = parseBulkSelection(fields);
      const result = await bulkCancel(
        { ...staffDeps(), admin: auth.admin },
        { shopDomain: session.shop, ids, fields, staff: staffActorOf(auth) },
      );
      return { ok: result.failures.length === 0, message: bulkCancelMessage(result) };
    }
    const { jobId } = parseInput(JobIdInput, fields);
    await retryDeadJob(getRuntime(), { shopDomain: session.shop, jobId, staff: staffActorOf(auth) });
    return { ok: true as const, message: "The task is queued again." };
  } catch (error) {
    if (error instanceof StaffActionError) return { ok: false as const, message: error.message };
    throw error;
  }
};

function DeadJobs({ jobs }: { jobs: { id: string; label: string; lastError: string | null; attempts: number }[] }) {
  const fetcher = useFetcher<typeof action>();
  if (jobs.length === 0) return null;
  return (
    <Banner tone="critical" title={`${jobs.length} background task${jobs.length > 1 ? "s" : ""} failed`}>
      <BlockStack gap="200">
        {jobs.slice(0, 10).map((job) => (
          <InlineStack key={job.id} gap="300" blockAlign="center" wrap={false}>
            <Text as="span">
              {job.label}: {job.lastError ?? "no reason recorded"}
            </Text>
            <Button
              size="slim"
              onClick={() => fetcher.submit({ jobId: job.id }, { method: "post" })}
              loading={fetcher.state !== "idle" && fetcher.formData?.get("jobId") === job.id}
            >
              Retry
            </Button>
          </InlineStack>
        ))}
        {fetcher.data ? (
          <Text as="p" tone={fetcher.data.ok ? "success" : "critical"}>
            {fetcher.data.message}
          </Text>
        ) : null}
      </BlockStack>
    </Banner>
  );
}

export default function Shipments() {
  const { shipments, total, page, pageCount, query, deadJobs, currency, locations, driverPayRaisedThisMonthCents } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { smDown } = useBreakpoints();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(shipments);
  const [cancelOpen, setCancelOpen] = useState(false);
  const labels = useLabelPrint();
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(next));
    setSearchParams(params);
  };
  const selected = allResourcesSelected ? shipments.map((s) => s.id) : selectedResources;
  const labelled = shipments
    .filter((s) => selected.includes(s.id) && LABEL_STATES.has(s.state as ShipmentState))
    .map((s) => s.id);
  const exportUrl = `/app/shipments/export${listQueryParams(query, ["page"]).size ? `?${listQueryParams(query, ["page"])}` : ""}`;
  const money = (cents: number | null) => formatMoneyWithCode(cents, currency);
  return (
    <Page
      title="Deliveries"
      fullWidth
      subtitle={
        `${total} ${total === 1 ? "delivery" : "deliveries"}` +
        // The courier's extra compensation is in US dollars.
        (driverPayRaisedThisMonthCents > 0
          ? ` · Driver's pay raised this month: ${formatMoneyWithCode(driverPayRaisedThisMonthCents, "USD")}`
          : "")
      }
      backAction={{ content: "Home", url: "/app" }}
      secondaryActions={[{ content: "Export CSV", onAction: () => void downloadFile(exportUrl, "deliveries.csv") }]}
    >
      <BlockStack gap="400">
        <DeadJobs jobs={deadJobs} />
        {labels.message ? (
          <Banner tone={labels.message.ok ? "success" : "critical"} onDismiss={labels.dismiss}>
            {labels.message.text}
          </Banner>
        ) : null}
        <Card padding="0">
          <ListFilters query={query} locations={locations} loading={navigation.state === "loading"} />
          <IndexTable
            resourceName={{ singular: "delivery", plural: "deliveries" }}
            itemCount={shipments.length}
            selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
            onSelectionChange={handleSelectionChange}
            condensed={smDown}
            emptyState={
              <EmptyState heading="No delivery matches" image="">
                <p>Try another view, search or filter. Paid orders appear here once they are dispatched.</p>
              </EmptyState>
            }
            promotedBulkActions={[
              // Only deliveries on their way have a label (delivered, canceled or returned ones have none).
              ...(labelled.length > 0
                ? [{ content: "Print labels", onAction: () => void labels.print(labelled) }]
                : []),
              { content: "Cancel deliveries", onAction: () => setCancelOpen(true) },
            ]}
            headings={[
              { title: "Order" },
              { title: "Customer" },
              { title: "Pickup at" },
              { title: "Location" },
              { title: "Window" },
              { title: "State" },
              { title: "Driver" },
              { title: "Shopper paid", alignment: "end" },
              { title: "Courier charged", alignment: "end" },
            ]}
          >
            {shipments.map((s, index) => {
              const state = toShipmentState(s.state);
              const badge = (
                <Badge tone={s.needsAttention ? "critical" : polarisTone(STATE_TONES[state])}>
                  {s.needsAttention ? `${STATE_LABELS[state]} · needs attention` : STATE_LABELS[state]}
                </Badge>
              );
              return (
                <IndexTable.Row id={s.id} key={s.id} position={index} selected={selectedResources.includes(s.id)}>
                  {smDown ? (
                    <IndexTable.Cell>
                      <BlockStack gap="100">
                        <InlineStack align="space-between" gap="200">
                          <Link url={`/app/shipments/${s.id}`} removeUnderline monochrome>
                            <Text as="span" fontWeight="semibold">
                              {s.orderName}
                            </Text>
                          </Link>
                          {badge}
                        </InlineStack>
                        {s.role !== "delivery" ? <Text as="span">{s.roleWords}</Text> : null}
                        {s.customerName ? (
                          <Text as="span">{`${s.customerName}${s.customerPhone ? ` · ${s.customerPhone}` : ""}`}</Text>
                        ) : null}
                        <Text as="span" tone="subdued">
                          {`Pickup ${s.pickupLabel} · ${s.locationName}`}
                        </Text>
                        <Text as="span" tone="subdued">
                          {s.windowLabel}
                        </Text>
                        <Text as="span" tone="subdued">
                          {`${s.driverName ? `Driver ${s.driverName} · ` : ""}Courier charged ${money(s.priceCents)}`}
                        </Text>
                      </BlockStack>
                    </IndexTable.Cell>
                  ) : (
                    <>
                      <IndexTable.Cell>
                        <BlockStack gap="050">
                          <Link url={`/app/shipments/${s.id}`} removeUnderline monochrome dataPrimaryLink>
                            <Text as="span" fontWeight="semibold">
                              {s.orderName}
                            </Text>
                          </Link>
                          {s.role !== "delivery" ? (
                            <Text as="span" tone="subdued">
                              {s.roleWords}
                            </Text>
                          ) : null}
                        </BlockStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <BlockStack gap="050">
                          <Text as="span">{s.customerName ?? "—"}</Text>
                          {s.customerPhone ? (
                            <Text as="span" tone="subdued">
                              {s.customerPhone}
                            </Text>
                          ) : null}
                        </BlockStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>{s.pickupLabel}</IndexTable.Cell>
                      <IndexTable.Cell>{s.locationName}</IndexTable.Cell>
                      <IndexTable.Cell>{s.windowLabel}</IndexTable.Cell>
                      <IndexTable.Cell>{badge}</IndexTable.Cell>
                      <IndexTable.Cell>{s.driverName ?? "—"}</IndexTable.Cell>
                      <IndexTable.Cell>
                        <Text as="span" alignment="end" numeric>
                          {money(s.shopperPriceCents)}
                        </Text>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <Text as="span" alignment="end" numeric>
                          {money(s.priceCents)}
                        </Text>
                      </IndexTable.Cell>
                    </>
                  )}
                </IndexTable.Row>
              );
            })}
          </IndexTable>
        </Card>
        {pageCount > 1 ? (
          <InlineStack align="center">
            <Pagination
              hasPrevious={page > 1}
              onPrevious={() => goTo(page - 1)}
              hasNext={page < pageCount}
              onNext={() => goTo(page + 1)}
              label={`Page ${page} of ${pageCount}`}
            />
          </InlineStack>
        ) : null}
      </BlockStack>
      <BulkCancelModal
        open={cancelOpen}
        ids={selected}
        onClose={(done) => {
          setCancelOpen(false);
          if (done) clearSelection();
        }}
      />
    </Page>
  );
}
