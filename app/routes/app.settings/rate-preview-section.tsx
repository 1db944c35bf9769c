import { useFetcher } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Layout,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import type { RatePreviewResult } from "~/quote/rate-preview.server";

type Question = {
  locationGid: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  date: string;
  time: string;
};

/** "What a shopper at this address sees at this date and time", from the saved settings. */
export function RatePreviewSection({
  locations,
  timeZone,
  at,
}: {
  locations: { locationGid: string; name: string }[];
  timeZone: string;
  /** The date and time the question starts with: now, in the shop's zone. */
  at: { date: string; time: string };
}) {
  const fetcher = useFetcher<RatePreviewResult>();
  const [question, setQuestion] = useState<Question>({
    locationGid: locations[0]?.locationGid ?? "",
    address1: "",
    city: "",
    state: "",
    zip: "",
    date: at.date,
    time: at.time,
  });
  const result = fetcher.data?.intent === "preview" ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const field = (name: keyof Question, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      label={label}
      value={question[name]}
      onChange={(value) => setQuestion((q) => ({ ...q, [name]: value }))}
      autoComplete="off"
      error={errors[name]}
      {...extra}
    />
  );
  const run = () => fetcher.submit({ intent: "preview", ...question }, { method: "post", action: "/app/settings" });

  return (
    <Layout.AnnotatedSection
      id="rates-preview"
      title="Preview"
      description={`What a shopper at an address sees at checkout at a date and time (${timeZone}), with the saved settings.`}
    >
      <Card>
        <BlockStack gap="400">
          {locations.length === 0 ? (
            <Text as="p" tone="subdued">
              Enable and save a pickup location to preview its rates.
            </Text>
          ) : (
            <FormLayout>
              <Select
                label="Ships from"
                options={locations.map((l) => ({ label: l.name, value: l.locationGid }))}
                value={question.locationGid}
                onChange={(value) => setQuestion((q) => ({ ...q, locationGid: value }))}
                error={errors["locationGid"]}
              />
              {field("address1", "Shopper's street")}
              <FormLayout.Group condensed>
                {field("city", "Shopper's city")}
                {field("state", "Shopper's state", { placeholder: "CA" })}
                {field("zip", "Shopper's ZIP code")}
              </FormLayout.Group>
              <FormLayout.Group condensed>
                {field("date", "Date", { type: "date" })}
                {field("time", "Time", { type: "time" })}
              </FormLayout.Group>
              <InlineStack>
                <Button onClick={run} loading={fetcher.state !== "idle"}>
                  Preview rates
                </Button>
              </InlineStack>
            </FormLayout>
          )}
          {result && !result.ok && errors["form"] ? <Banner tone="critical">{errors["form"]}</Banner> : null}
          {result?.ok ? <PreviewAnswer result={result} /> : null}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}

function PreviewAnswer({ result }: { result: Extract<RatePreviewResult, { ok: true }> }) {
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: result.currency });
  if (result.whyNone) {
    return (
      <Banner tone="warning" title={`No same-day rate on ${result.at}`}>
        <p>{result.whyNone.message}</p>
      </Banner>
    );
  }
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Offered on {result.at}
      </Text>
      <ul aria-label="Previewed rates">
        {result.rates.map((rate) => (
          <li key={rate.serviceCode}>
            <Text as="span" fontWeight="semibold">
              {rate.name}
            </Text>{" "}
            — delivery {rate.window}, pickup from {rate.pickupAfter} —{" "}
            {rate.priceCents === null ? "no price" : money.format(rate.priceCents / 100)}
          </li>
        ))}
      </ul>
      {result.priceSource ? (
        <Text as="p" tone="subdued">
          {result.priceSource.message}
        </Text>
      ) : null}
      {result.priceNote ? (
        <Text as="p" tone="subdued">
          {result.priceNote}
        </Text>
      ) : null}
    </BlockStack>
  );
}
