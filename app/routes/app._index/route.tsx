import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, ChoiceList, InlineStack, List, Page, Text } from "@shopify/polaris";
import { useState, type ReactNode } from "react";
import { homePageData } from "./home-page.server";
import { AttentionCard } from "~/routes/app.attention/attention-card";
import { SetupGuide } from "./setup-guide";
import { TodayBoardView } from "./today-board";
import { CapacityCard } from "~/components/insights/capacity-card";
import { RateDiagnosisBanner } from "~/components/insights/rate-diagnosis-banner";
import { readFormData } from "~/forms/read-form.server";
import { appConfig } from "~/config/env.server";
import type { ChecklistStep, StepState } from "~/onboarding/checklist";
import { setupDeps } from "~/server/onboarding-deps.server";
import type { SetupActionResult } from "~/onboarding/setup-actions.server";
import { runSetupAction } from "~/onboarding/setup-actions.server";
import type { OnboardingStatus } from "~/onboarding/status.server";
import { CourierAccountForm } from "~/components/onboarding/courier-account-form";
import { ActionFeedback } from "~/components/onboarding/feedback";
import { WebhookSetup } from "~/components/onboarding/webhook-setup";
import { LocalDeliveryCard } from "~/components/onboarding/local-delivery-card";
import { getRuntime } from "~/runtime.server";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const runtime = getRuntime();
  return homePageData(
    {
      db: runtime.db,
      queue: runtime.queue,
      courierFor: runtime.courierFor,
      courierUrls: runtime.courierUrls,
      clock: runtime.clock,
      admin,
      appUrl: appConfig().shopify.appUrl,
    },
    session.shop,
  );
};

/** Every setup form posts an `intent`; the shared setup actions validate it with zod. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const auth = await authenticate.admin(request);
  const { session, admin } = auth;
  const fields = Object.fromEntries(await readFormData(request));
  return runSetupAction(setupDeps(admin), session.shop, fields, staffActorOf(auth));
};

/** A refused action changes nothing: no need to ask the courier and Shopify again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: unknown } | undefined)?.ok === false ? false : defaultShouldRevalidate;

const BADGES: Record<StepState, { tone: "success" | "attention" | "info" | "critical"; label: string }> = {
  done: { tone: "success", label: "Done" },
  todo: { tone: "attention", label: "To do" },
  waiting: { tone: "info", label: "Waiting" },
  blocked: { tone: "critical", label: "Needs attention" },
};

function StepCard({ step, number, children }: { step: ChecklistStep; number: number; children?: ReactNode }) {
  const badge = BADGES[step.state];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" wrap={false}>
          <Text as="h2" variant="headingMd">
            {number}. {step.title}
          </Text>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </InlineStack>
        <Text as="p" tone={step.state === "blocked" ? "critical" : "subdued"}>
          {step.summary}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

function CarrierActions({
  carrier,
  serviceRegistered,
}: {
  carrier: OnboardingStatus["carrier"];
  serviceRegistered: boolean;
}) {
  const fetcher = useFetcher<SetupActionResult>();
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent");
  const result =
    fetcher.data && (fetcher.data.intent === "register-carrier" || fetcher.data.intent === "add-to-profiles")
      ? fetcher.data
      : undefined;
  const instructions = result?.instructions ?? (carrier.status === "registered" ? carrier.instructions : []);
  // Only when some zone lacks it: with no pickup location enabled there is nothing to add yet.
  const incomplete = carrier.status === "registered" && carrier.missingZones > 0;
  return (
    <BlockStack gap="300">
      <InlineStack gap="200">
        <Button
          onClick={() => fetcher.submit({ intent: "register-carrier" }, { method: "post" })}
          loading={busy && pending === "register-carrier"}
          variant={serviceRegistered ? "secondary" : "primary"}
        >
          {serviceRegistered ? "Register again" : "Register with Shopify"}
        </Button>
        {incomplete ? (
          <Button
            onClick={() => fetcher.submit({ intent: "add-to-profiles" }, { method: "post" })}
            loading={busy && pending === "add-to-profiles"}
            variant="primary"
          >
            Add to shipping profiles
          </Button>
        ) : null}
      </InlineStack>
      <ActionFeedback result={result ? { ...result, instructions: undefined } : undefined} />
      {instructions.length > 0 ? (
        <BlockStack gap="100">
          <Text as="p" fontWeight="semibold">
            Or do it yourself in Shopify:
          </Text>
          <List type="number">
            {instructions.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}

const DISPATCH_CHOICES = [
  {
    label: "Orders whose shopper chose same-day delivery at checkout",
    value: "carrier_orders",
    helpText: "Recommended. Other orders are left alone.",
  },
  {
    label: "Every paid order the courier can deliver",
    value: "all_in_area",
    helpText: "Orders outside the courier's area are skipped.",
  },
  { label: "None automatically: staff dispatch from the order page", value: "manual" },
];

function DispatchModeForm({ current }: { current: string }) {
  const fetcher = useFetcher<SetupActionResult>();
  const [selected, setSelected] = useState<string[]>([current]);
  const result = fetcher.data?.intent === "dispatch-mode" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="dispatch-mode" />
      <input type="hidden" name="dispatchMode" value={selected[0] ?? ""} />
      <BlockStack gap="300">
        <ChoiceList
          title="Which paid orders go to the courier"
          choices={DISPATCH_CHOICES}
          selected={selected}
          onChange={setSelected}
          error={result?.fieldErrors?.dispatchMode}
        />
        <InlineStack>
          <Button submit loading={fetcher.state !== "idle"}>
            Save dispatch mode
          </Button>
        </InlineStack>
        <ActionFeedback result={result} />
      </BlockStack>
    </fetcher.Form>
  );
}

export default function Home() {
  const { status, attention, today, capacity, diagnosis } = useLoaderData<typeof loader>();
  if (!status) {
    return (
      <Page title="Same-day delivery">
        <Banner tone="warning" title="The app is still being set up for your store">
          <p>Reload the app in a moment. If this persists, reinstall the app from the Shopify App Store.</p>
        </Banner>
      </Page>
    );
  }
  const { checklist } = status;
  const step = (id: ChecklistStep["id"]) => checklist.steps.find((s) => s.id === id)!;
  const complete = checklist.done === checklist.steps.length;
  const setup = (
    <SetupGuide done={checklist.done} total={checklist.steps.length}>
      {checklist.prompts.map((prompt) => (
        <Banner
          key={prompt.id}
          tone="info"
          title={prompt.title}
          action={prompt.action ?? { content: "Open settings", url: "/app/settings/locations" }}
        >
          <p>{prompt.summary}</p>
        </Banner>
      ))}
      {status.localDelivery ? <LocalDeliveryCard guide={status.localDelivery} /> : null}
      <StepCard step={step("courier")} number={1}>
        <CourierAccountForm environment={status.courier.environment} tokenLast4={status.courier.tokenLast4} />
      </StepCard>
      <StepCard step={step("pickup")} number={2}>
        <InlineStack>
          <Button url="/app/settings/locations">Choose pickup locations</Button>
        </InlineStack>
      </StepCard>
      <StepCard step={step("carrier")} number={3}>
        <CarrierActions carrier={status.carrier} serviceRegistered={status.carrier.status !== "not_registered"} />
      </StepCard>
      <StepCard step={step("webhook")} number={4}>
        <WebhookSetup {...status.webhook} timeZone={status.timeZone} />
      </StepCard>
      <StepCard step={step("dispatch")} number={5}>
        <DispatchModeForm current={status.dispatchMode} />
      </StepCard>
    </SetupGuide>
  );
  return (
    <Page
      title={complete ? "Today" : "Same-day delivery"}
      subtitle={complete ? today?.dayLabel : "Set up in five steps, then place a test order."}
      secondaryActions={[{ content: "All deliveries", url: "/app/shipments" }]}
    >
      <BlockStack gap="400">
        <RateDiagnosisBanner causes={diagnosis} />
        {complete ? null : setup}
        {attention.total > 0 ? <AttentionCard items={attention.items} total={attention.total} /> : null}
        {today && (complete || status.counts.shipments > 0) ? <TodayBoardView board={today} /> : null}
        <CapacityCard capacity={capacity} />
        {complete ? setup : null}
      </BlockStack>
    </Page>
  );
}
