import { BlockStack, Button, Checkbox, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { windowErrorKey, type WindowDraft } from "~/settings/settings-draft";
import { WINDOW_KINDS } from "./option-lists";
import { TimeSelect } from "./time-select";
import { WindowPriceFields } from "./window-price-fields";

type TimeControl = (field: TimeField, label: string, optional?: boolean) => React.ReactElement;
type TimeField = "deliverBy" | "orderCutoff" | "startTime" | "endTime" | "repeatFrom" | "repeatUntil";

type TextControl = (
  field: keyof WindowDraft,
  label: string,
  extra?: Partial<React.ComponentProps<typeof TextField>>,
) => React.ReactElement;

/** The list's own error, else the first listed time's. */
function startTimesError(errors: Record<string, string>, index: number): string | undefined {
  const key = windowErrorKey(index, "startTimes");
  return errors[key] ?? Object.entries(errors).find(([name]) => name.startsWith(`${key}.`))?.[1];
}

/** A scheduled-slots window: slot length, start times and/or a repeating pattern, days ahead, rates at most. */
function SlotFields(props: {
  text: TextControl;
  time: TimeControl;
  startTimes: string[];
  startTimesError: string | undefined;
  onStartTimes: (next: string[]) => void;
}) {
  const { text, time, startTimes } = props;
  return (
    <>
      <FormLayout.Group>
        {text("slotMinutes", "Slot length (minutes)", { type: "number" })}
        {text("daysAhead", "Open days ahead", { type: "number", helpText: "How many open days of slots to offer." })}
        {text("maxRates", "Slots offered at most", {
          type: "number",
          helpText: "The soonest slots; keeps the checkout list short.",
        })}
      </FormLayout.Group>
      <BlockStack gap="200">
        <Text as="p">Slots start at</Text>
        {startTimes.map((start, i) => (
          <InlineStack key={i} gap="200" blockAlign="start" wrap={false}>
            <TimeSelect
              label={`Slot start ${i + 1}`}
              labelHidden
              value={start}
              onChange={(value) => props.onStartTimes(startTimes.map((t, j) => (j === i ? value : t)))}
            />
            <Button
              onClick={() => props.onStartTimes(startTimes.filter((_, j) => j !== i))}
              accessibilityLabel={`Remove slot start ${i + 1}`}
            >
              Remove
            </Button>
          </InlineStack>
        ))}
        {props.startTimesError ? (
          <Text as="p" tone="critical">
            {props.startTimesError}
          </Text>
        ) : null}
        <InlineStack>
          <Button onClick={() => props.onStartTimes([...startTimes, startTimes.at(-1) ?? "10:00"])}>
            Add a start time
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          Or leave none and offer slots on a repeating pattern.
        </Text>
      </BlockStack>
      <FormLayout.Group>
        {time("repeatFrom", "Repeat: first slot", true)}
        {time("repeatUntil", "Repeat: last slot", true)}
        {text("repeatEveryMinutes", "Repeat: every (minutes)", { type: "number" })}
      </FormLayout.Group>
    </>
  );
}

/** One delivery window of the draft: its kind decides which times it asks for. */
export function WindowEditor(props: {
  window: WindowDraft;
  index: number;
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (patch: Partial<WindowDraft>) => void;
  onRemove: () => void;
}) {
  const { window: w, index, errors } = props;
  const error = (field: keyof WindowDraft) => errors[windowErrorKey(index, field)];
  const text: TextControl = (field, label, extra = {}) => (
    <TextField
      label={label}
      value={String(w[field])}
      onChange={(value) => props.onChange({ [field]: value })}
      autoComplete="off"
      error={error(field)}
      {...extra}
    />
  );
  const time: TimeControl = (field, label, optional = false) => (
    <TimeSelect
      label={label}
      value={w[field]}
      onChange={(value) => props.onChange({ [field]: value })}
      error={error(field)}
      {...(optional ? { emptyLabel: "Not repeating" } : {})}
    />
  );
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {w.serviceName || `Window ${index + 1}`}
        </Text>
        <Button variant="plain" tone="critical" onClick={props.onRemove} disabled={!props.canRemove}>
          Remove
        </Button>
      </InlineStack>
      <FormLayout>
        {text("serviceName", "Window name", {
          helpText: "For you and your staff. Shoppers see what the window delivers, like “Today, 11 am–2 pm”.",
          // The window's code is made for it and never shown; a mistake in it is named here.
          error: error("serviceName") ?? error("id"),
        })}
        {text("description", "Note for your staff")}
        <FormLayout.Group>
          <Select
            label="Kind"
            options={WINDOW_KINDS}
            value={w.kind}
            onChange={(value) => props.onChange({ kind: value as WindowDraft["kind"] })}
            error={error("kind")}
          />
          {w.kind === "within_hours"
            ? text("hours", "Delivered within (hours of the order)", { type: "number", step: 0.5 })
            : null}
          {w.kind === "today_by" ? time("deliverBy", "Delivered by") : null}
          {w.kind === "today_by" ? time("orderCutoff", "Order cutoff") : null}
          {w.kind === "tomorrow" ? time("startTime", "From") : null}
          {w.kind === "tomorrow" ? time("endTime", "Until") : null}
        </FormLayout.Group>
        {w.kind === "slots" ? (
          <SlotFields
            text={text}
            time={time}
            startTimes={w.startTimes}
            startTimesError={startTimesError(errors, index)}
            onStartTimes={(startTimes) => props.onChange({ startTimes })}
          />
        ) : null}
        <WindowPriceFields
          price={w.price}
          errorFor={(field) => errors[`deliveryWindows.${index}.price.${field}`]}
          onChange={(price) => props.onChange({ price })}
        />
        <FormLayout.Group>
          {text("fallbackPrice", "Flat price when the courier cannot answer", {
            prefix: "$",
            helpText: "Used with the flat-price fallback. Empty: no rate.",
          })}
          <Checkbox
            label="Offered at checkout"
            checked={w.enabled}
            onChange={(checked) => props.onChange({ enabled: checked })}
            error={error("enabled")}
          />
        </FormLayout.Group>
      </FormLayout>
    </BlockStack>
  );
}
