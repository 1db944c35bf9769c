import { BlockStack, Button, Card, InlineStack, Layout, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { copyHoursFrom, withHoursOf, type HoursDraft } from "~/settings/hours-draft";
import { OpeningHoursEditor } from "./opening-hours-editor";
import type { SectionFormContext } from "./settings-form";

/**
 * Opening hours, one enabled pickup location at a time (a page stays short however many locations
 * the store has), with the hours of another location one click away.
 */
export function HoursSection({ form: { draft, setDraft, errors } }: { form: SectionFormContext }) {
  const locations = draft.pickups.filter((p) => p.enabled && !p.missingInShopify);
  const [chosen, setChosen] = useState(locations[0]?.locationGid ?? "");
  const location = locations.find((p) => p.locationGid === chosen) ?? locations[0];
  const [copyFrom, setCopyFrom] = useState("");
  const setHours = (locationGid: string, next: HoursDraft | null) =>
    setDraft((d) => ({ ...d, hours: withHoursOf(d.hours, locationGid, next) }));
  const hoursOf = (gid: string) => draft.hours.find((h) => h.locationGid === gid) ?? null;
  const sources = location
    ? locations.filter((p) => p.locationGid !== location.locationGid && hoursOf(p.locationGid))
    : [];
  const source = sources.find((p) => p.locationGid === copyFrom) ?? sources[0];
  return (
    <Layout.AnnotatedSection
      id="opening-hours"
      title="Opening hours"
      description="In your store's time zone. Pickups are only asked for while a location is open; a location without hours is always open."
    >
      <Card>
        <BlockStack gap="400">
          {!location ? (
            <Text as="p" tone="subdued">
              Enable a pickup location first (Settings › Pickup locations).
            </Text>
          ) : (
            <>
              {locations.length > 1 ? (
                <Select
                  label="Location"
                  options={locations.map((p) => ({
                    label: `${p.name}${hoursOf(p.locationGid) ? "" : " (always open)"}`,
                    value: p.locationGid,
                  }))}
                  value={location.locationGid}
                  onChange={setChosen}
                />
              ) : (
                <Text as="h3" variant="headingSm">
                  {location.name}
                </Text>
              )}
              {source ? (
                <InlineStack gap="200" blockAlign="end">
                  <Select
                    label="Copy from another location"
                    options={sources.map((p) => ({ label: p.name, value: p.locationGid }))}
                    value={source.locationGid}
                    onChange={setCopyFrom}
                  />
                  <Button
                    onClick={() =>
                      setHours(
                        location.locationGid,
                        copyHoursFrom(
                          hoursOf(source.locationGid)!,
                          hoursOf(location.locationGid),
                          location.locationGid,
                        ),
                      )
                    }
                    accessibilityLabel={`Copy the hours of ${source.name} to ${location.name}`}
                  >
                    Copy hours
                  </Button>
                </InlineStack>
              ) : null}
              <OpeningHoursEditor
                key={location.locationGid}
                locationGid={location.locationGid}
                locationName={location.name}
                hours={hoursOf(location.locationGid)}
                position={draft.hours.findIndex((h) => h.locationGid === location.locationGid)}
                errors={errors}
                onChange={(next) => setHours(location.locationGid, next)}
              />
            </>
          )}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
