import { Card, Layout, Page } from "@shopify/polaris";
import type { ReactNode } from "react";
import { CourierAccountForm } from "~/components/onboarding/courier-account-form";
import { WebhookSetup } from "~/components/onboarding/webhook-setup";
import type { SettingsSection, SettingsSectionId } from "~/settings/settings-sections";
import { AreasSection } from "./areas-section";
import { DeliveryWindowsSection } from "./delivery-windows-section";
import { HoursSection } from "./hours-section";
import { DispatchSection, NoDriverSection, NotificationsSection, TrackingSection } from "./order-sections";
import { PickupLocationsSection } from "./pickup-locations-section";
import { PricingSections } from "./pricing-sections";
import { RatePreviewSection } from "./rate-preview-section";
import { ReturnsSection } from "./returns-section";
import { SettingsForm, type LoadedSettings, type SectionFormContext } from "./settings-form";
import type { settingsPageData } from "./settings-page.server";

export type SettingsPageData = Awaited<ReturnType<typeof settingsPageData>>;
type LoadedPage = { shop: NonNullable<SettingsPageData["shop"]> } & LoadedSettings;

/** Each section's fields, inside the section's own form (app/settings/settings-sections.ts says which fields it posts). */
const SECTION_FIELDS: Record<
  Exclude<SettingsSectionId, "courier" | "preview">,
  (form: SectionFormContext, data: LoadedPage) => ReactNode
> = {
  locations: (form, data) => <PickupLocationsSection form={form} locationsError={data.locationsError} />,
  hours: (form) => <HoursSection form={form} />,
  areas: (form) => <AreasSection form={form} />,
  windows: (form) => <DeliveryWindowsSection form={form} />,
  pricing: (form) => <PricingSections controls={form.controls} />,
  dispatch: (form) => <DispatchSection controls={form.controls} />,
  notifications: (form) => <NotificationsSection controls={form.controls} />,
  "no-driver": (form) => <NoDriverSection controls={form.controls} />,
  tracking: (form) => <TrackingSection controls={form.controls} />,
  returns: (form) => <ReturnsSection form={form} />,
};

function SectionContent({ section, data }: { section: SettingsSection; data: LoadedPage }) {
  const id = section.id as SettingsSectionId;
  if (id === "courier") {
    return (
      <>
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
      </>
    );
  }
  if (id === "preview") {
    return (
      <RatePreviewSection
        locations={data.pickups.filter((p) => p.enabled && !p.missingInShopify)}
        timeZone={data.shop.timeZone}
        at={data.shop.previewAt}
      />
    );
  }
  const fields = SECTION_FIELDS[id];
  return (
    <SettingsForm sectionId={id} data={data}>
      {(form) => fields(form, data)}
    </SettingsForm>
  );
}

/** One settings section as a page of its own, back to the settings index. */
export function SettingsSectionPage({ section, data }: { section: SettingsSection; data: LoadedPage }) {
  return (
    <Page title={section.title} backAction={{ content: "Settings", url: "/app/settings" }}>
      <Layout>
        <SectionContent section={section} data={data} />
      </Layout>
    </Page>
  );
}
