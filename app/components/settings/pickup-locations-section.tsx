import { Banner, BlockStack, Card, Checkbox, Divider, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import type { HoursDraft } from "~/settings/hours-draft";
import type { SettingsDraft } from "~/settings/settings-draft";
import type { AreaDraft } from "~/settings/area-draft";
import { DeliveryAreaEditor } from "./delivery-area-editor";
import { OpeningHoursEditor } from "./opening-hours-editor";

/** Where drivers collect orders: each Shopify location, enabled with its contact, notes and opening hours. */
export function PickupLocationsSection({
  pickups,
  hours,
  areas,
  locationsError,
  errors,
  updatePickup,
  setHours,
  setArea,
}: {
  pickups: SettingsDraft["pickups"];
  hours: SettingsDraft["hours"];
  locationsError: string | null;
  errors: Record<string, string>;
  updatePickup: (index: number, patch: Partial<SettingsDraft["pickups"][number]>) => void;
  setHours: (locationGid: string, next: HoursDraft | null) => void;
  areas: SettingsDraft["areas"];
  setArea: (next: AreaDraft) => void;
}) {
  return (
    <Layout.AnnotatedSection
      id="pickup-locations"
      title="Pickup locations"
      description="Where drivers collect orders. Each needs a contact person and a US phone number. Opening hours are in your store's time zone; pickups are only asked for while a location is open. A delivery area limits where each location delivers."
    >
      <Card>
        <BlockStack gap="400">
          {locationsError ? <Banner tone="warning">{locationsError}</Banner> : null}
          {errors["pickupLocations"] ? (
            <Text as="p" tone="critical">
              {errors["pickupLocations"]}
            </Text>
          ) : null}
          {pickups.length === 0 ? (
            <Text as="p" tone="subdued">
              No locations found in Shopify.
            </Text>
          ) : (
            pickups.map((p, i) => (
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
                {p.enabled ? (
                  <OpeningHoursEditor
                    locationGid={p.locationGid}
                    locationName={p.name}
                    hours={hours.find((h) => h.locationGid === p.locationGid) ?? null}
                    position={hours.findIndex((h) => h.locationGid === p.locationGid)}
                    errors={errors}
                    onChange={(next) => setHours(p.locationGid, next)}
                  />
                ) : null}
                {p.enabled ? (
                  <DeliveryAreaEditor
                    locationGid={p.locationGid}
                    locationName={p.name}
                    area={areas.find((a) => a.locationGid === p.locationGid) ?? null}
                    position={areas.findIndex((a) => a.locationGid === p.locationGid)}
                    errors={errors}
                    onChange={setArea}
                  />
                ) : null}
              </BlockStack>
            ))
          )}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
