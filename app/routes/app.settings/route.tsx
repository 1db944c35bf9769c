import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Banner, Card, Layout, Page } from "@shopify/polaris";
import { RatePreviewSection } from "./rate-preview-section";
import { SettingsForm } from "./settings-form";
import { appConfig } from "~/config/env.server";
import { setupDeps } from "~/server/onboarding-deps.server";
import { CourierAccountForm } from "~/components/onboarding/courier-account-form";
import { WebhookSetup } from "~/components/onboarding/webhook-setup";
import { getRuntime } from "~/runtime.server";
import { runSettingsPageAction } from "./settings-actions.server";
import { settingsPageData } from "./settings-page.server";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";
import { readFormData } from "~/forms/read-form.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return settingsPageData({ db: getRuntime().db, admin, appUrl: appConfig().shopify.appUrl }, session.shop);
};

/** A refused save keeps the page as the merchant left it (their edits and the errors beside them); a preview changes nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, formData, defaultShouldRevalidate }) =>
  (actionResult as { ok?: unknown } | undefined)?.ok === false || formData?.get("intent") === "preview"
    ? false
    : defaultShouldRevalidate;

/** The settings save, the carrier service's name in Shopify, the rates preview and the shared setup actions, told apart by `intent`. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const auth = await authenticate.admin(request);
  const { session, admin } = auth;
  const deps = { ...setupDeps(admin), courierFor: getRuntime().courierFor };
  return runSettingsPageAction(deps, session.shop, await readFormData(request), staffActorOf(auth));
};

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
        <RatePreviewSection
          locations={data.pickups.filter((p) => p.enabled && !p.missingInShopify)}
          timeZone={data.shop.timeZone}
        />
      </Layout>
    </Page>
  );
}
