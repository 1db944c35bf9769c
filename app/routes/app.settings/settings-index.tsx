import { Badge, BlockStack, Box, Card, Divider, InlineStack, Link, Page, Text } from "@shopify/polaris";
import { Fragment } from "react";
import { draftFromSettings } from "~/settings/settings-draft";
import { courierAdviceWarnings, SETTINGS_SECTIONS, sectionOfField, sectionSummary } from "~/settings/settings-sections";
import type { LoadedSettings } from "./settings-form";

/** The settings index: every section with where it stands, each a page of its own (Polaris' settings pattern). */
export function SettingsIndex({ data, courierConnected }: { data: LoadedSettings; courierConnected: boolean }) {
  const warnings = Object.keys(courierAdviceWarnings(draftFromSettings(data.settings, data.pickups).fields));
  const warned = (id: string) => warnings.filter((field) => sectionOfField(field)?.id === id).length;
  return (
    <Page title="Settings" backAction={{ content: "Home", url: "/app" }}>
      <Card padding="0">
        {SETTINGS_SECTIONS.map((section, i) => {
          const summary =
            section.id === "courier"
              ? courierConnected
                ? "Connected"
                : "Not connected yet"
              : sectionSummary(section.id, data.settings, data.pickups);
          const count = warned(section.id);
          return (
            <Fragment key={section.id}>
              {i > 0 ? <Divider /> : null}
              <Box padding="400">
                <BlockStack gap="100">
                  <InlineStack gap="200" blockAlign="center">
                    <Link url={`/app/settings/${section.id}`} removeUnderline>
                      <Text as="span" variant="headingSm">
                        {section.title}
                      </Text>
                    </Link>
                    {count > 0 ? (
                      <Badge tone="warning">{`${count} ${count === 1 ? "warning" : "warnings"}`}</Badge>
                    ) : null}
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {section.description}
                  </Text>
                  {summary ? <Text as="p">{summary}</Text> : null}
                </BlockStack>
              </Box>
            </Fragment>
          );
        })}
      </Card>
    </Page>
  );
}
