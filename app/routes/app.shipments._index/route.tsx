import type { ShipmentState } from "../../../extensions/shared/api-contract";
import { LABEL_STATES } from "../../../extensions/shared/shipment-rules";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Page,
  Pagination,
  Text,
  useBreakpoints,
  useIndexResourceState,
} from "@shopify/polaris";
import { useState } from "react";
import { getRuntime } from "~/runtime.server";
import { formatMoneyWithCode } from "~/text/staff-format";
import { listQueryParams, parseListQuery } from "./list-query";
import { shipmentsPageData } from "./list.server";
import { BulkCancelModal, downloadFile, useLabelPrint } from "./bulk-actions";
import { ListFilters } from "./list-filters";
import { ListRows } from "./list-rows";
import { bulkCancel, bulkCancelMessage, parseBulkSelection } from "./bulk.server";
import { JobIdInput, retryDeadJob } from "~/staff/dead-jobs.server";
import { StaffActionError } from "~/staff/errors";
import { parseInput } from "~/staff/inputs";
import { staffDeps } from "~/server/staff-http.server";
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
  const { entries, total, page, pageCount, query, deadJobs, currency, locations, driverPayRaisedThisMonthCents } =
    useLoaderData<typeof loader>();
  // The table's selectable rows: each shipment, a round trip's legs one by one.
  const shipments = entries.flatMap((entry) => entry.legs);
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
  return (
    <Page
      title="Deliveries"
      fullWidth
      subtitle={
        // A round trip counts once, as the list shows it.
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
            <ListRows entries={entries} selected={selectedResources} condensed={smDown} currency={currency} />
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
