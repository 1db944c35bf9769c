import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/app.settings/route";
import { SettingsIndex } from "~/routes/app.settings/settings-index";

/** /app/settings: the sections, each with where it stands (the data is the settings layout's). */
export default function SettingsIndexRoute() {
  const data = useRouteLoaderData<typeof loader>("routes/app.settings");
  if (!data?.shop || !data.settings) return null;
  return (
    <SettingsIndex
      data={{ settings: data.settings, pickups: data.pickups, locationsError: data.locationsError }}
      courierConnected={Boolean(data.shop.courier.tokenLast4)}
    />
  );
}
