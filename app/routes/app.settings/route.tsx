import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Banner, Page } from "@shopify/polaris";
import { appConfig } from "~/config/env.server";
import { setupDeps } from "~/server/onboarding-deps.server";
import { getRuntime } from "~/runtime.server";
import { runSettingsPageAction } from "./settings-actions.server";
import { settingsPageData } from "./settings-page.server";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";
import { readFormData } from "~/forms/read-form.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { db, clock } = getRuntime();
  return settingsPageData({ db, admin, appUrl: appConfig().shopify.appUrl, now: clock() }, session.shop);
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
  const runtime = getRuntime();
  const deps = { ...setupDeps(admin), courierFor: runtime.courierFor, pricing: runtime.quote, clock: runtime.clock };
  return runSettingsPageAction(deps, session.shop, await readFormData(request), staffActorOf(auth));
};

/** The settings' layout: the index (app.settings._index) or one section (app.settings.$section) below. */
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
  return <Outlet />;
}
