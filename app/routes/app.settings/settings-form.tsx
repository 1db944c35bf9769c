import { useFetcher } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { Banner, Button, InlineStack, Layout } from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import type { PickupLocationRow } from "~/settings/pickup-locations";
import { draftFromSettings, type SettingsDraft } from "~/settings/settings-draft";
import { sectionEntries } from "~/settings/settings-sections";
import { toast } from "~/components/onboarding/copy-field";
import type { CarrierServiceNameResult } from "~/carrier-service/service-name.server";
import type { SettingsSaveResult } from "./settings-actions.server";
import type { ShopSettings } from "~/settings/shop-settings";
import { draftControls, type DraftControls } from "./draft-controls";

export type LoadedSettings = { settings: ShopSettings; pickups: PickupLocationRow[]; locationsError: string | null };

/** What a section's fields need: the draft, its setter, the save's errors and the bound controls. */
export type SectionFormContext = {
  draft: SettingsDraft;
  setDraft: Dispatch<SetStateAction<SettingsDraft>>;
  errors: Record<string, string>;
  controls: DraftControls;
};

/** The settings page's route: every section's form posts there (the layout route's action). */
const SETTINGS_ACTION = "/app/settings";

/** Shopify's copy of the carrier service name follows a save that changed it, as a request of its own. */
function useCarrierServiceName(save: SettingsSaveResult | undefined) {
  const fetcher = useFetcher<CarrierServiceNameResult>();
  const submit = fetcher.submit;
  useEffect(() => {
    if (save?.ok && save.carrierServiceNameChanged)
      submit({ intent: "carrier-service-name" }, { method: "post", action: SETTINGS_ACTION });
  }, [save, submit]);
  const result = fetcher.data?.intent === "carrier-service-name" ? fetcher.data : undefined;
  useEffect(() => {
    if (result) toast(result.message, !result.ok);
  }, [result]);
}

/**
 * One section's form: the draft of the whole settings, of which only the section's fields are
 * posted (app/settings/settings-sections.ts), saved through the contextual save bar or the buttons
 * below it; unsaved changes are the section's own.
 */
export function SettingsForm({
  sectionId,
  data,
  children,
}: {
  sectionId: string;
  data: LoadedSettings;
  children: (form: SectionFormContext) => ReactNode;
}) {
  // Revalidation after any form on the page gives new objects: only a change of the saved values resets the draft.
  const initialKey = JSON.stringify(draftFromSettings(data.settings, data.pickups));
  const initial = useMemo(() => JSON.parse(initialKey) as SettingsDraft, [initialKey]);
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  useEffect(() => setDraft(initial), [initial]);
  const fetcher = useFetcher<SettingsSaveResult>();
  const result = fetcher.data?.intent === "settings" ? fetcher.data : undefined;
  const errors = useMemo(() => (result && !result.ok ? (result.fieldErrors ?? {}) : {}), [result]);
  const entries = useMemo(() => sectionEntries(draft, sectionId), [draft, sectionId]);
  const dirty = JSON.stringify(entries) !== JSON.stringify(sectionEntries(initial, sectionId));
  const saving = fetcher.state !== "idle";
  useCarrierServiceName(result);

  useEffect(() => {
    if (result?.ok) toast(result.message);
    else if (result) toast(result.message, true);
  }, [result]);

  const save = useCallback(() => {
    const form = new FormData();
    form.append("intent", "settings");
    for (const [name, value] of entries) form.append(name, value);
    fetcher.submit(form, { method: "post", action: SETTINGS_ACTION });
  }, [entries, fetcher]);
  const discard = useCallback(() => setDraft(initial), [initial]);
  const controls = draftControls(draft, setDraft, errors);

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
      {children({ draft, setDraft, errors, controls })}
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
