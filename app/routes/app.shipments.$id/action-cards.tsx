import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState, type ReactNode } from "react";
import { CANCEL_COMMENT_MAX_LENGTH } from "../../../extensions/shared/api-contract";
import { CANCEL_REASON_OPTIONS, cancelFeeWarning } from "../../../extensions/shared/english-words";
import { RATING_OPTIONS } from "../../../extensions/shared/english-words";
import type { ShipmentPageActionResult } from "./actions.server";
import type { ShipmentDetail } from "./shipment-detail";
import { TitledCard } from "./titled-card";

/** The staff actions on the shipment page: each card posts its own `intent` and shows its own result. */

function useIntentFetcher(intent: string) {
  const fetcher = useFetcher<ShipmentPageActionResult>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { intent, fetcher, result, busy: fetcher.state !== "idle" };
}

function Result({ result }: { result: ShipmentPageActionResult | undefined }) {
  if (!result) return null;
  return <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>;
}

/** One action's form: its fields, its submit button and its result, posted with its intent. */
function IntentFormCard({
  action,
  title,
  submit,
  children,
}: {
  action: ReturnType<typeof useIntentFetcher>;
  title: string;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <action.fetcher.Form method="post">
      <input type="hidden" name="intent" value={action.intent} />
      <TitledCard title={title} gap="300">
        {children}
        <InlineStack>{submit}</InlineStack>
        <Result result={action.result} />
      </TitledCard>
    </action.fetcher.Form>
  );
}

export function CancelCard({ view }: { view: ShipmentDetail["view"] }) {
  const action = useIntentFetcher("cancel");
  const { result, busy } = action;
  const [code, setCode] = useState("");
  const [comment, setComment] = useState("");
  const fee = cancelFeeWarning(view);
  return (
    <IntentFormCard
      action={action}
      title="Cancel the delivery"
      submit={
        <Button submit tone="critical" variant="primary" loading={busy}>
          Cancel delivery
        </Button>
      }
    >
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
    </IntentFormCard>
  );
}

export function TipCard() {
  const action = useIntentFetcher("tip");
  const { result, busy } = action;
  const [amount, setAmount] = useState("");
  return (
    <IntentFormCard
      action={action}
      title="Tip the driver"
      submit={
        <Button submit loading={busy}>
          Send tip
        </Button>
      }
    >
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
    </IntentFormCard>
  );
}

export function RateCard() {
  const action = useIntentFetcher("rate");
  const { result, busy } = action;
  const [value, setValue] = useState("5");
  return (
    <IntentFormCard
      action={action}
      title="Rate the driver"
      submit={
        <Button submit loading={busy}>
          Send rating
        </Button>
      }
    >
      <Select
        label="Rating"
        name="value"
        options={RATING_OPTIONS.map((o) => ({ label: o.label, value: String(o.value) }))}
        value={value}
        onChange={setValue}
        error={result?.fieldErrors?.value}
      />
    </IntentFormCard>
  );
}

export function DeadJobsCard({ jobs }: { jobs: ShipmentDetail["deadJobs"] }) {
  const { fetcher, result, busy } = useIntentFetcher("retry-job");
  if (jobs.length === 0) return null;
  return (
    <TitledCard title="Failed background tasks" gap="300">
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
    </TitledCard>
  );
}
