import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Layout,
  Page,
  Pagination,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { STATE_LABELS, STATE_TONES } from "../../../extensions/shared/presentation";
import { getRuntime } from "~/runtime.server";
import { formatDateTime, formatMoney, polarisTone } from "~/text/format";
import { parseListQuery, STATE_FILTERS, type StateFilter } from "./list-query";
import { shipmentsPageData } from "./list.server";
import { JobIdInput, retryDeadJob } from "~/staff/dead-jobs.server";
import { StaffActionError } from "~/staff/errors";
import { parseInput } from "~/staff/inputs";
import { toShipmentState } from "~/staff/view-model";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";
import { readFormData } from "~/forms/read-form.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const query = parseListQuery(new URL(request.url).searchParams);
  return shipmentsPageData(getRuntime(), session.shop, query);
};

/** intent=retry-job: put a failed background task of this shop back in the queue. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const auth = await authenticate.admin(request);
  const { session } = auth;
  const fields = Object.fromEntries(await readFormData(request));
  try {
    const { jobId } = parseInput(JobIdInput, fields);
    await retryDeadJob(getRuntime(), { shopDomain: session.shop, jobId, staff: staffActorOf(auth) });
    return { ok: true as const, message: "The task is queued again." };
  } catch (error) {
    if (error instanceof StaffActionError) return { ok: false as const, message: error.message };
    throw error;
  }
};

const FILTER_LABELS: Record<StateFilter, string> = {
  all: "All deliveries",
  attention: "Needs attention",
  ...STATE_LABELS,
};

function Filters({ state, q }: { state: StateFilter; q: string }) {
  const [search, setSearch] = useState(q);
  const [filter, setFilter] = useState<string>(state);
  const navigation = useNavigation();
  return (
    <Form method="get">
      <InlineStack gap="300" blockAlign="end" wrap>
        <div style={{ minWidth: 260 }}>
          <TextField
            label="Search"
            name="q"
            value={search}
            onChange={setSearch}
            autoComplete="off"
            placeholder="Order name or tracking number"
            clearButton
            onClearButtonClick={() => setSearch("")}
          />
        </div>
        <Select
          label="State"
          name="state"
          options={STATE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          value={filter}
          onChange={setFilter}
        />
        <Button submit loading={navigation.state === "loading"}>
          Apply
        </Button>
      </InlineStack>
    </Form>
  );
}

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
  const { shipments, total, page, pageCount, query, deadJobs, timeZone, currency, driverPayRaisedThisMonthCents } =
    useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(next));
    setSearchParams(params);
  };
  const filtered = query.state !== "all" || query.q !== "";
  return (
    <Page
      title="Deliveries"
      subtitle={
        `${total} ${filtered ? "matching" : "in total"}` +
        // The courier's extra compensation is in US dollars.
        (driverPayRaisedThisMonthCents > 0
          ? ` · Driver's pay raised this month: ${formatMoney(driverPayRaisedThisMonthCents, "USD")}`
          : "")
      }
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <DeadJobs jobs={deadJobs} />
            <Card>
              <Filters state={query.state} q={query.q} />
            </Card>
            <Card padding="0">
              {shipments.length === 0 ? (
                <EmptyState heading={filtered ? "No delivery matches" : "No deliveries yet"} image="">
                  <p>
                    {filtered
                      ? "Try another search or state."
                      : "Paid orders with same-day delivery appear here once they are dispatched."}
                  </p>
                </EmptyState>
              ) : (
                <IndexTable
                  resourceName={{ singular: "delivery", plural: "deliveries" }}
                  itemCount={shipments.length}
                  selectable={false}
                  headings={[
                    { title: "Order" },
                    { title: "State" },
                    { title: "Tracking number" },
                    { title: "Window" },
                    { title: "Price" },
                    { title: "Attention" },
                  ]}
                >
                  {shipments.map((s, index) => {
                    const state = toShipmentState(s.state);
                    return (
                      <IndexTable.Row id={s.id} key={s.id} position={index}>
                        <IndexTable.Cell>
                          <Button variant="plain" url={`/app/shipments/${s.id}`}>
                            {s.orderName}
                          </Button>
                        </IndexTable.Cell>
                        <IndexTable.Cell>
                          <Badge tone={s.needsAttention ? "critical" : polarisTone(STATE_TONES[state])}>
                            {STATE_LABELS[state]}
                          </Badge>
                        </IndexTable.Cell>
                        <IndexTable.Cell>{s.trackingNumber ?? "—"}</IndexTable.Cell>
                        <IndexTable.Cell>
                          {s.deliverStart ? formatDateTime(s.deliverStart, timeZone) : "—"}
                        </IndexTable.Cell>
                        <IndexTable.Cell>{formatMoney(s.priceCents, currency)}</IndexTable.Cell>
                        <IndexTable.Cell>
                          <Text as="span" tone="critical">
                            {s.needsAttention ? (s.attentionReason ?? "Needs attention") : ""}
                          </Text>
                        </IndexTable.Cell>
                      </IndexTable.Row>
                    );
                  })}
                </IndexTable>
              )}
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
        </Layout.Section>
      </Layout>
    </Page>
  );
}
