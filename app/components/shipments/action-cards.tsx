import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { CANCEL_REASON_OPTIONS, cancelFeeWarning } from "../../../extensions/shared/cancellation";
import type { ShipmentPageActionResult } from "~/shipments/page.server";
import type { ShipmentDetail } from "./shipment-detail";

/** The staff actions on the shipment page: each card posts its own `intent` and shows its own result. */

function useIntentFetcher(intent: string) {
  const fetcher = useFetcher<ShipmentPageActionResult>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { fetcher, result, busy: fetcher.state !== "idle" };
}

function Result({ result }: { result: ShipmentPageActionResult | undefined }) {
  if (!result) return null;
  return <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>;
}

export function CancelCard({ view }: { view: ShipmentDetail["view"] }) {
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
              maxLength={500}
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

export function TipCard() {
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

export function RateCard() {
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
            options={[
              { label: "5 — excellent", value: "5" },
              { label: "4 — good", value: "4" },
              { label: "3 — average", value: "3" },
              { label: "2 — below average", value: "2" },
              { label: "1 — poor", value: "1" },
            ]}
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

export function DeadJobsCard({ jobs }: { jobs: ShipmentDetail["deadJobs"] }) {
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
