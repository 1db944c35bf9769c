import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  Divider,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import { registerCarrierService } from "~/carrier-service/register.server";
import { appConfig } from "~/config/env.server";
import { webhookInstructions } from "~/onboarding/checklist";
import { setupDeps } from "~/onboarding/deps.server";
import {
  mergePickupLocations,
  type PickupLocationRow,
  type ShopifyLocationSummary,
} from "~/onboarding/pickup-locations";
import {
  draftFromSettings,
  draftToEntries,
  newWindowDraft,
  windowErrorKey,
  type SettingsDraft,
  type WindowDraft,
} from "~/onboarding/settings-draft";
import { saveSettingsForm } from "~/onboarding/settings-form.server";
import { isSetupIntent, runSetupAction, type SetupActionResult } from "~/onboarding/setup-actions.server";
import { CourierAccountForm } from "~/onboarding/ui/courier-account-form";
import { toast } from "~/onboarding/ui/copy-field";
import { WebhookSetup } from "~/onboarding/ui/webhook-setup";
import { getRuntime } from "~/runtime.server";
import { parseShopSettings, type ShopSettings } from "~/settings/shop-settings";
import { AdminApiError } from "~/shopify/admin-request.server";
import { fetchLocations } from "~/shopify/locations.server";
import { BASIC_AUTH_USER, WEBHOOK_AUTH_METHODS, type WebhookAuthMethod } from "~/shops/courier-credentials.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { db } = getRuntime();
  const shop = await db.shop.findUnique({ where: { domain: session.shop }, include: { pickupLocations: true } });
  if (!shop) return { shop: null, settings: null, pickups: [], locationsError: null };
  let shopifyLocations: ShopifyLocationSummary[] | null = null;
  let locationsError: string | null = null;
  try {
    shopifyLocations = (await fetchLocations(admin)).map((l) => ({
      id: l.id,
      name: l.name,
      address: l.address as Record<string, unknown>,
    }));
  } catch (error) {
    console.warn("Could not load locations:", error instanceof Error ? error.message : String(error));
    locationsError =
      "Shopify did not answer, so only the pickup locations saved before are listed. Reload to try again.";
  }
  const method: WebhookAuthMethod = (WEBHOOK_AUTH_METHODS as readonly string[]).includes(shop.webhookAuthMethod)
    ? (shop.webhookAuthMethod as WebhookAuthMethod)
    : "bearer";
  return {
    shop: {
      timeZone: shop.timezone,
      courier: {
        environment: shop.courierEnvironment === "production" ? ("production" as const) : ("sandbox" as const),
        tokenLast4: shop.courierTokenLast4,
        baseUrl: shop.courierBaseUrl,
      },
      webhook: {
        ...webhookInstructions({
          appUrl: appConfig().shopify.appUrl,
          pathId: shop.webhookPathId,
          method,
          basicUser: BASIC_AUTH_USER,
        }),
        secretSet: Boolean(shop.webhookSecretEncrypted),
        lastEventAt: shop.lastCourierEventAt?.toISOString() ?? null,
      },
    },
    settings: parseShopSettings(shop.settingsJson),
    pickups: mergePickupLocations(shopifyLocations, shop.pickupLocations),
    locationsError,
  };
};

/** A refused save keeps the page as the merchant left it (their edits and the errors beside them). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: unknown } | undefined)?.ok === false ? false : defaultShouldRevalidate;

type SaveResult = { intent: "settings"; ok: boolean; message: string; fieldErrors?: Record<string, string> };

export const action = async ({ request }: ActionFunctionArgs): Promise<SaveResult | SetupActionResult> => {
  const { session, admin } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (isSetupIntent(intent)) return runSetupAction(setupDeps(admin), session.shop, Object.fromEntries(form));
  if (intent !== "settings")
    return { intent: "settings", ok: false, message: "This form is not known to the app. Reload the page." };

  const result = await saveSettingsForm({ db: getRuntime().db, admin }, session.shop, form);
  if (!result.ok) {
    const count = Object.keys(result.fieldErrors).length;
    return {
      intent: "settings",
      ok: false,
      message:
        count === 1
          ? (Object.values(result.fieldErrors)[0] ?? "Check the form.")
          : `Fix the ${count} highlighted fields.`,
      fieldErrors: result.fieldErrors,
    };
  }
  // Shoppers see the carrier service under its name: keep Shopify's copy in step.
  const shop = await getRuntime().db.shop.findUnique({
    where: { domain: session.shop },
    select: { carrierServiceId: true },
  });
  if (shop?.carrierServiceId && result.settings.carrierServiceName !== result.previous.carrierServiceName) {
    try {
      await registerCarrierService(
        { db: getRuntime().db, admin, appUrl: appConfig().shopify.appUrl },
        session.shop,
        result.settings.carrierServiceName,
      );
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      return {
        intent: "settings",
        ok: true,
        message: `Settings saved, but Shopify kept the old delivery name: ${error.message}`,
      };
    }
  }
  return { intent: "settings", ok: true, message: "Settings saved." };
};

const ROUNDING = [
  { label: "No rounding", value: "none" },
  { label: "Up to the next dollar", value: "up_to_dollar" },
  { label: "Up to .99", value: "up_to_99_cents" },
  { label: "To the nearest 50 cents", value: "nearest_50_cents" },
];
const FALLBACKS = [
  { label: "Show no same-day rate", value: "no_rate" },
  { label: "Show each window's flat price", value: "flat_rate" },
  { label: "Let Shopify show its backup rates", value: "shopify_backup_rates" },
];
const DISPATCH_MODES = [
  { label: "Orders whose shopper chose same-day delivery", value: "carrier_orders" },
  { label: "Every paid order the courier can deliver", value: "all_in_area" },
  { label: "None automatically (staff dispatch by hand)", value: "manual" },
];
const WINDOW_KINDS = [
  { label: "Within a number of hours", value: "within_hours" },
  { label: "Today by a time", value: "today_by" },
  { label: "Tomorrow between two times", value: "tomorrow" },
];
const TOLERANCE_UNITS = [
  { label: "Percent", value: "percent" },
  { label: "Cents", value: "cents" },
];

type LoadedSettings = { settings: ShopSettings; pickups: PickupLocationRow[]; locationsError: string | null };

function WindowEditor(props: {
  window: WindowDraft;
  index: number;
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (patch: Partial<WindowDraft>) => void;
  onRemove: () => void;
}) {
  const { window: w, index, errors } = props;
  const error = (field: keyof WindowDraft) => errors[windowErrorKey(index, field)];
  const text = (
    field: keyof WindowDraft,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextField>> = {},
  ) => (
    <TextField
      label={label}
      value={String(w[field])}
      onChange={(value) => props.onChange({ [field]: value })}
      autoComplete="off"
      error={error(field)}
      {...extra}
    />
  );
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {w.serviceName || `Window ${index + 1}`}
        </Text>
        <Button variant="plain" tone="critical" onClick={props.onRemove} disabled={!props.canRemove}>
          Remove
        </Button>
      </InlineStack>
      <FormLayout>
        <FormLayout.Group>
          {text("serviceName", "Name shoppers see")}
          {text("id", "Id", { helpText: "Part of the rate's code; lowercase letters, digits and hyphens." })}
        </FormLayout.Group>
        {text("description", "Description at checkout")}
        <FormLayout.Group>
          <Select
            label="Kind"
            options={WINDOW_KINDS}
            value={w.kind}
            onChange={(value) => props.onChange({ kind: value as WindowDraft["kind"] })}
            error={error("kind")}
          />
          {w.kind === "within_hours" ? text("hours", "Hours after pickup", { type: "number", step: 0.5 }) : null}
          {w.kind === "today_by" ? text("deliverBy", "Delivered by (HH:MM)") : null}
          {w.kind === "today_by" ? text("orderCutoff", "Order cutoff (HH:MM)") : null}
          {w.kind === "tomorrow" ? text("startTime", "From (HH:MM)") : null}
          {w.kind === "tomorrow" ? text("endTime", "Until (HH:MM)") : null}
        </FormLayout.Group>
        <FormLayout.Group>
          {text("fallbackPrice", "Flat price when the courier cannot answer", {
            prefix: "$",
            helpText: "Used with the flat-price fallback. Empty: no rate.",
          })}
          <Checkbox
            label="Offered at checkout"
            checked={w.enabled}
            onChange={(checked) => props.onChange({ enabled: checked })}
            error={error("enabled")}
          />
        </FormLayout.Group>
      </FormLayout>
    </BlockStack>
  );
}

function SettingsForm({ data }: { data: LoadedSettings }) {
  // Revalidation after any form on the page gives new objects: only a change of the saved values resets the draft.
  const initialKey = JSON.stringify(draftFromSettings(data.settings, data.pickups));
  const initial = useMemo(() => JSON.parse(initialKey) as SettingsDraft, [initialKey]);
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  useEffect(() => setDraft(initial), [initial]);
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "settings" ? fetcher.data : undefined;
  const errors = useMemo(() => (result && !result.ok ? (result.fieldErrors ?? {}) : {}), [result]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (result?.ok) toast(result.message);
    else if (result) toast(result.message, true);
  }, [result]);

  const save = useCallback(() => {
    const form = new FormData();
    form.append("intent", "settings");
    for (const [name, value] of draftToEntries(draft)) form.append(name, value);
    fetcher.submit(form, { method: "post" });
  }, [draft, fetcher]);
  const discard = useCallback(() => setDraft(initial), [initial]);

  const setField = (name: string) => (value: string) =>
    setDraft((d) => ({ ...d, fields: { ...d.fields, [name]: value } }));
  const setFlag = (name: string) => (checked: boolean) =>
    setDraft((d) => ({ ...d, flags: { ...d.flags, [name]: checked } }));
  const field = (name: string, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      label={label}
      value={draft.fields[name] ?? ""}
      onChange={setField(name)}
      autoComplete="off"
      error={errors[name]}
      {...extra}
    />
  );
  const choice = (name: string, label: string, options: { label: string; value: string }[]) => (
    <Select
      label={label}
      options={options}
      value={draft.fields[name] ?? ""}
      onChange={setField(name)}
      error={errors[name]}
    />
  );
  const flag = (name: string, label: string, helpText?: string) => (
    <Checkbox
      label={label}
      helpText={helpText}
      checked={draft.flags[name] ?? false}
      onChange={setFlag(name)}
      error={errors[name]}
    />
  );
  const updateWindow = (index: number, patch: Partial<WindowDraft>) =>
    setDraft((d) => ({ ...d, windows: d.windows.map((w, i) => (i === index ? { ...w, ...patch } : w)) }));
  const updatePickup = (index: number, patch: Partial<SettingsDraft["pickups"][number]>) =>
    setDraft((d) => ({ ...d, pickups: d.pickups.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));

  return (
    <>
      <SaveBar id="settings-save-bar" open={dirty || saving}>
        <button {...{ variant: "primary" }} onClick={save} disabled={saving}>
          Save
        </button>
        <button onClick={discard} disabled={saving}>
          Discard
        </button>
      </SaveBar>
      {result && !result.ok ? (
        <Layout.Section>
          <Banner tone="critical" title="The settings were not saved">
            <p>{result.message}</p>
          </Banner>
        </Layout.Section>
      ) : null}
      <Layout.AnnotatedSection
        id="pickup-locations"
        title="Pickup locations"
        description="Where drivers collect orders. Each needs a contact person and a US phone number."
      >
        <Card>
          <BlockStack gap="400">
            {data.locationsError ? <Banner tone="warning">{data.locationsError}</Banner> : null}
            {errors["pickupLocations"] ? (
              <Text as="p" tone="critical">
                {errors["pickupLocations"]}
              </Text>
            ) : null}
            {draft.pickups.length === 0 ? (
              <Text as="p" tone="subdued">
                No locations found in Shopify.
              </Text>
            ) : (
              draft.pickups.map((p, i) => (
                <BlockStack key={p.locationGid} gap="200">
                  {i > 0 ? <Divider /> : null}
                  <Checkbox
                    label={`${p.name}${p.missingInShopify ? " (no longer in Shopify)" : ""}`}
                    helpText={p.addressLine || undefined}
                    checked={p.enabled}
                    onChange={(checked) => updatePickup(i, { enabled: checked })}
                    error={errors[`pickupLocations.${i}.locationGid`] ?? errors[`pickupLocations.${i}.enabled`]}
                  />
                  {p.enabled ? (
                    <FormLayout>
                      <FormLayout.Group>
                        <TextField
                          label="Contact name"
                          value={p.contactName}
                          onChange={(v) => updatePickup(i, { contactName: v })}
                          autoComplete="off"
                          error={errors[`pickupLocations.${i}.contactName`]}
                        />
                        <TextField
                          label="Contact phone"
                          type="tel"
                          value={p.contactPhone}
                          onChange={(v) => updatePickup(i, { contactPhone: v })}
                          autoComplete="off"
                          error={errors[`pickupLocations.${i}.contactPhone`]}
                        />
                      </FormLayout.Group>
                      <TextField
                        label="Notes for drivers"
                        value={p.notes}
                        onChange={(v) => updatePickup(i, { notes: v })}
                        multiline={2}
                        autoComplete="off"
                        helpText="Where to park, which door to use. Every driver can read this."
                        error={errors[`pickupLocations.${i}.notes`]}
                      />
                    </FormLayout>
                  ) : null}
                </BlockStack>
              ))
            )}
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="delivery-windows"
        title="Delivery windows"
        description="What shoppers can choose at checkout, in your store's time zone."
      >
        <Card>
          <BlockStack gap="400">
            {errors["deliveryWindows"] ? (
              <Text as="p" tone="critical">
                {errors["deliveryWindows"]}
              </Text>
            ) : null}
            {draft.windows.map((w, i) => (
              <BlockStack key={i} gap="300">
                {i > 0 ? <Divider /> : null}
                <WindowEditor
                  window={w}
                  index={i}
                  errors={errors}
                  canRemove={draft.windows.length > 1}
                  onChange={(patch) => updateWindow(i, patch)}
                  onRemove={() => setDraft((d) => ({ ...d, windows: d.windows.filter((_, j) => j !== i) }))}
                />
              </BlockStack>
            ))}
            <InlineStack>
              <Button
                onClick={() =>
                  setDraft((d) => ({ ...d, windows: [...d.windows, newWindowDraft(d.windows.map((w) => w.id))] }))
                }
                disabled={draft.windows.length >= 10}
              >
                Add a window
              </Button>
            </InlineStack>
            <Divider />
            <FormLayout>
              <FormLayout.Group>
                {choice(
                  "defaultWindowId",
                  "Window for orders that did not choose one",
                  draft.windows.map((w) => ({ label: w.serviceName || w.id, value: w.id })),
                )}
                {field("leadTimeMinutes", "Lead time before pickup (minutes)", {
                  type: "number",
                  helpText: "The courier recommends at least 60 minutes.",
                })}
              </FormLayout.Group>
            </FormLayout>
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="pricing"
        title="Pricing and checkout"
        description="What shoppers pay, and what checkout shows when the courier cannot answer in time."
      >
        <Card>
          <FormLayout>
            <FormLayout.Group>
              {field("pricing.markupPercent", "Markup (%)", { type: "number" })}
              {field("pricing.fixedMarkupCents", "Fixed markup", { prefix: "$" })}
              {choice("pricing.rounding", "Rounding", ROUNDING)}
            </FormLayout.Group>
            <FormLayout.Group>
              {field("pricing.minimumPriceCents", "Minimum price", { prefix: "$", helpText: "Empty: no minimum." })}
              {field("pricing.maximumPriceCents", "Maximum price", { prefix: "$", helpText: "Empty: no maximum." })}
              {field("pricing.freeAboveSubtotalCents", "Free above order subtotal", {
                prefix: "$",
                helpText: "Empty: never free.",
              })}
            </FormLayout.Group>
            <FormLayout.Group>
              {choice("checkoutFallback", "When the courier cannot answer", FALLBACKS)}
              {field("timeBudgetMs", "Time budget for a quote (ms)", {
                type: "number",
                helpText: "Checkout waits at most this long (500 to 2900).",
              })}
            </FormLayout.Group>
            <FormLayout.Group>
              {choice("priceTolerance.unit", "Flag a delivery priced above the quote by", TOLERANCE_UNITS)}
              {field("priceTolerance.amount", "Tolerance", { type: "number" })}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="packages"
        title="Default package"
        description="Used for products without a package size of their own."
      >
        <Card>
          <FormLayout>
            <FormLayout.Group>
              {field("defaultPackage.lengthInches", "Length (in)", { type: "number" })}
              {field("defaultPackage.widthInches", "Width (in)", { type: "number" })}
              {field("defaultPackage.heightInches", "Height (in)", { type: "number" })}
              {field("defaultPackage.weightPounds", "Weight (lb)", { type: "number" })}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="dispatch"
        title="Dispatch and tags"
        description="Which paid orders go to the courier, and the order tags the app reads and writes."
      >
        <Card>
          <FormLayout>
            {choice("dispatchMode", "Dispatch", DISPATCH_MODES)}
            <FormLayout.Group>
              {field("tags.over21", "Product tags that need a recipient over 21", {
                helpText: "Separate tags with commas.",
              })}
              {field("tags.over18", "Product tags that need a driver over 18", {
                helpText: "Separate tags with commas.",
              })}
            </FormLayout.Group>
            <FormLayout.Group>
              {field("tags.dispatched", "Order tag once dispatched")}
              {field("tags.attention", "Order tag when staff must act")}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="notifications"
        title="Customer notifications"
        description="What the customer hears about the delivery."
      >
        <Card>
          <BlockStack gap="200">
            {flag(
              "notifyCustomerOnFulfillment",
              "Email the customer when the driver picks up the order",
              "Shopify's shipping confirmation, with the tracking link.",
            )}
            {flag("deliveryOptions.recipientSmsNotifications", "Text messages from the courier to the recipient")}
            {flag("deliveryOptions.signatureRequired", "Ask for a signature at delivery")}
            {flag("deliveryOptions.declineInsurance", "Decline the courier's protection plan")}
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="driver-notes"
        title="Notes for the driver"
        description="Sent in the delivery's notes, which only the driver of that delivery reads."
      >
        <Card>
          <FormLayout>
            {flag(
              "driverNotes.shopperInstructions",
              "Send the shopper's delivery instructions to the driver",
              "From checkout's delivery instructions, the order note, and the cart attribute below.",
            )}
            {field("driverNotes.instructionsAttribute", "Cart attribute with delivery instructions", {
              helpText: 'The name your theme gives it, for example "Delivery instructions". Empty: none.',
            })}
            {field("driverNotes.merchantNote", "Your note for every delivery", {
              helpText: "For example: Fragile, keep upright. Empty: none.",
              multiline: 2,
            })}
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection id="tracking" title="Tracking" description="What Shopify shows on the fulfillment.">
        <Card>
          <FormLayout>
            {field("tracking.companyName", "Tracking company name")}
            {field("tracking.urlTemplate", "Tracking URL template", {
              helpText:
                "For example https://track.example.com/{tracking_number}. Empty: the app's own tracking page for each delivery.",
            })}
            {field("tracking.pageDays", "Days the tracking page works after the delivery ends", { type: "number" })}
            {field("carrierServiceName", "Name of the delivery service at checkout")}
            {field("reconciliationSilenceMinutes", "Check a quiet delivery with the courier after (minutes)", {
              type: "number",
            })}
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.Section>
        <InlineStack align="end" gap="200">
          <Button onClick={discard} disabled={!dirty || saving}>
            Discard
          </Button>
          <Button variant="primary" onClick={save} disabled={!dirty} loading={saving}>
            Save
          </Button>
        </InlineStack>
      </Layout.Section>
    </>
  );
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  if (!data.shop || !data.settings) {
    return (
      <Page title="Settings">
        <Banner tone="warning" title="The app is still being set up for your store">
          <p>Reload the app in a moment.</p>
        </Banner>
      </Page>
    );
  }
  return (
    <Page title="Settings" backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        <Layout.AnnotatedSection
          id="courier-account"
          title="Courier account"
          description="The access token the courier gave you. It is stored encrypted; only its last four characters are shown."
        >
          <Card>
            <CourierAccountForm
              environment={data.shop.courier.environment}
              tokenLast4={data.shop.courier.tokenLast4}
              baseUrl={data.shop.courier.baseUrl}
              showBaseUrl
            />
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          id="courier-webhook"
          title="Delivery updates"
          description="The address the courier sends each step of a delivery to, and how it proves it is the courier."
        >
          <Card>
            <WebhookSetup {...data.shop.webhook} timeZone={data.shop.timeZone} />
          </Card>
        </Layout.AnnotatedSection>
        <SettingsForm data={{ settings: data.settings, pickups: data.pickups, locationsError: data.locationsError }} />
      </Layout>
    </Page>
  );
}
