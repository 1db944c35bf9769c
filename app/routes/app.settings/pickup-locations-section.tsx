import { Banner, BlockStack, Card, Checkbox, Divider, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import type { SettingsDraft } from "~/settings/settings-draft";
import type { SectionFormContext } from "./settings-form";

/** Where drivers collect orders: each Shopify location, enabled with its contact and notes. */
export function PickupLocationsSection({
  form: { draft, setDraft, errors },
  locationsError,
}: {
  form: SectionFormContext;
  locationsError: string | null;
}) {
  const pickups = draft.pickups;
  const updatePickup = (index: number, patch: Partial<SettingsDraft["pickups"][number]>) =>
    setDraft((d) => ({ ...d, pickups: d.pickups.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
  return (
    <Layout.AnnotatedSection
      id="pickup-locations"
      title="Pickup locations"
      description="Where drivers collect orders. Each needs a contact person and a US phone number. Opening hours and delivery areas have their own pages."
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
              </BlockStack>
            ))
          )}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
