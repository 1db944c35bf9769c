import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as settingsLoader } from "~/routes/app.settings/route";
import { SettingsSectionPage } from "~/routes/app.settings/section-page";
import { settingsSection } from "~/settings/settings-sections";
import { authenticate } from "~/shopify.server";

/** /app/settings/<section>: one section of the settings; its forms post to the settings' action. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  const section = settingsSection(params.section);
  if (!section) throw new Response("No such settings section", { status: 404 });
  return { sectionId: section.id };
};

// The setup forms shared with Home (courier account, webhook secret) post to the page they are on.
export { action } from "~/routes/app.settings/route";

export default function SettingsSectionRoute() {
  const { sectionId } = useLoaderData<typeof loader>();
  const data = useRouteLoaderData<typeof settingsLoader>("routes/app.settings");
  const section = settingsSection(sectionId);
  if (!section || !data?.shop || !data.settings) return null;
  return (
    <SettingsSectionPage
      section={section}
      data={{ shop: data.shop, settings: data.settings, pickups: data.pickups, locationsError: data.locationsError }}
    />
  );
}
