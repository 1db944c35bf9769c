import { useFetcher } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { Banner, Button, InlineStack, Layout } from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { PickupLocationRow } from "~/onboarding/pickup-locations";
import { withAreaOf, type AreaDraft } from "~/settings/area-draft";
import { withHoursOf, type HoursDraft } from "~/settings/hours-draft";
import { draftFromSettings, draftToEntries, type SettingsDraft } from "~/settings/settings-draft";
import { toast } from "~/onboarding/ui/copy-field";
import type { CarrierServiceNameResult } from "~/settings/carrier-service-name.server";
import type { SettingsSaveResult } from "~/settings/settings-actions.server";
import type { ShopSettings } from "~/settings/shop-settings";
import { DeliveryWindowsSection } from "./delivery-windows-section";
import { draftControls } from "./draft-controls";
import { OrderSections } from "./order-sections";
import { ReturnsSection } from "./returns-section";
import { PickupLocationsSection } from "./pickup-locations-section";
import { PricingSections } from "./pricing-sections";

export type LoadedSettings = { settings: ShopSettings; pickups: PickupLocationRow[]; locationsError: string | null };

/** Shopify's copy of the carrier service name follows a save that changed it, as a request of its own. */
function useCarrierServiceName(save: SettingsSaveResult | undefined) {
  const fetcher = useFetcher<CarrierServiceNameResult>();
  const submit = fetcher.submit;
  useEffect(() => {
    if (save?.ok && save.carrierServiceNameChanged) submit({ intent: "carrier-service-name" }, { method: "post" });
  }, [save, submit]);
  const result = fetcher.data?.intent === "carrier-service-name" ? fetcher.data : undefined;
  useEffect(() => {
    if (result) toast(result.message, !result.ok);
  }, [result]);
}

/** The settings draft, saved in one post through the contextual save bar or the buttons below it. */
export function SettingsForm({ data }: { data: LoadedSettings }) {
  // Revalidation after any form on the page gives new objects: only a change of the saved values resets the draft.
  const initialKey = JSON.stringify(draftFromSettings(data.settings, data.pickups));
  const initial = useMemo(() => JSON.parse(initialKey) as SettingsDraft, [initialKey]);
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  useEffect(() => setDraft(initial), [initial]);
  const fetcher = useFetcher<SettingsSaveResult>();
  const result = fetcher.data?.intent === "settings" ? fetcher.data : undefined;
  const errors = useMemo(() => (result && !result.ok ? (result.fieldErrors ?? {}) : {}), [result]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const saving = fetcher.state !== "idle";
  useCarrierServiceName(result);

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
  const controls = draftControls(draft, setDraft, errors);
  const updatePickup = (index: number, patch: Partial<SettingsDraft["pickups"][number]>) =>
    setDraft((d) => ({ ...d, pickups: d.pickups.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
  const setHours = (locationGid: string, next: HoursDraft | null) =>
    setDraft((d) => ({ ...d, hours: withHoursOf(d.hours, locationGid, next) }));
  const setArea = (next: AreaDraft) => setDraft((d) => ({ ...d, areas: withAreaOf(d.areas, next) }));

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
      <PickupLocationsSection
        pickups={draft.pickups}
        locationsError={data.locationsError}
        hours={draft.hours}
        areas={draft.areas}
        errors={errors}
        updatePickup={updatePickup}
        setHours={setHours}
        setArea={setArea}
      />
      <DeliveryWindowsSection draft={draft} setDraft={setDraft} errors={errors} controls={controls} />
      <PricingSections controls={controls} />
      <OrderSections controls={controls} />
      <ReturnsSection controls={controls} draft={draft} setDraft={setDraft} errors={errors} />
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
