import { BlockStack, Button, Card, Divider, FormLayout, InlineStack, Layout, Text } from "@shopify/polaris";
import type { Dispatch, SetStateAction } from "react";
import { newWindowDraft, type SettingsDraft, type WindowDraft } from "~/settings/settings-draft";
import { MAX_DELIVERY_WINDOWS } from "~/settings/limits";
import type { DraftControls } from "./draft-controls";
import { WindowEditor } from "./window-editor";

/** The windows shoppers choose from, the default window and the lead time. */
export function DeliveryWindowsSection({
  draft,
  setDraft,
  errors,
  controls: { field, choice },
}: {
  draft: SettingsDraft;
  setDraft: Dispatch<SetStateAction<SettingsDraft>>;
  errors: Record<string, string>;
  controls: DraftControls;
}) {
  const updateWindow = (index: number, patch: Partial<WindowDraft>) =>
    setDraft((d) => ({ ...d, windows: d.windows.map((w, i) => (i === index ? { ...w, ...patch } : w)) }));
  return (
    <Layout.AnnotatedSection
      id="delivery-windows"
      title="Delivery windows"
      description="What shoppers can choose at checkout, in your store's time zone."
    >
      <Card>
        <BlockStack gap="400">
          {errors["deliveryWindows"] ? (
            <Text as="p" tone="critical">
              {errors["deliveryWindows"]}
            </Text>
          ) : null}
          {draft.windows.map((w, i) => (
            <BlockStack key={i} gap="300">
              {i > 0 ? <Divider /> : null}
              <WindowEditor
                window={w}
                index={i}
                errors={errors}
                canRemove={draft.windows.length > 1}
                onChange={(patch) => updateWindow(i, patch)}
                onRemove={() => setDraft((d) => ({ ...d, windows: d.windows.filter((_, j) => j !== i) }))}
              />
            </BlockStack>
          ))}
          <InlineStack>
            <Button
              onClick={() =>
                setDraft((d) => ({ ...d, windows: [...d.windows, newWindowDraft(d.windows.map((w) => w.id))] }))
              }
              disabled={draft.windows.length >= MAX_DELIVERY_WINDOWS}
            >
              Add a window
            </Button>
          </InlineStack>
          <Divider />
          <FormLayout>
            <FormLayout.Group>
              {choice(
                "defaultWindowId",
                "Window for orders that did not choose one",
                draft.windows.map((w) => ({ label: w.serviceName || w.id, value: w.id })),
              )}
              {field("leadTimeMinutes", "Lead time before pickup (minutes)", {
                type: "number",
                helpText: "The courier recommends at least 60 minutes.",
              })}
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
