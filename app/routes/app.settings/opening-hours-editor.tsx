import { BlockStack, Box, Button, Checkbox, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import {
  copyDayToAll,
  hoursErrorKey,
  newHoursDraft,
  nextSpan,
  WEEKDAY_NAMES,
  type ClosedDatesDraft,
  type HoursDraft,
  type SpanDraft,
} from "~/settings/hours-draft";
import { MAX_CLOSED_DATES, MAX_OPENING_SPANS_PER_DAY } from "~/settings/limits";
import { TimeSelect } from "./time-select";

type Props = {
  locationGid: string;
  locationName: string;
  /** This location's hours, or null: always open. */
  hours: HoursDraft | null;
  /** Where the hours sit in the posted list (their errors are keyed by it). */
  position: number;
  errors: Record<string, string>;
  onChange: (hours: HoursDraft | null) => void;
};

/** A pickup location's weekly hours (several spans a day, closed days), closed dates, preparation and capacity. */
export function OpeningHoursEditor({ locationGid, locationName, hours, position, errors, onChange }: Props) {
  if (!hours) {
    return (
      <InlineStack gap="300" blockAlign="center">
        <Text as="p" tone="subdued">
          Opening hours: open every day, all day.
        </Text>
        <Button
          onClick={() => onChange(newHoursDraft(locationGid))}
          accessibilityLabel={`Set opening hours of ${locationName}`}
        >
          Set opening hours
        </Button>
      </InlineStack>
    );
  }
  const error = (...path: (string | number)[]) => errors[hoursErrorKey(position, ...path)];
  const setDay = (day: number, spans: SpanDraft[]) =>
    onChange({ ...hours, weekly: hours.weekly.map((spansOf, d) => (d === day ? spans : spansOf)) });
  const setClosed = (index: number, patch: Partial<ClosedDatesDraft>) =>
    onChange({ ...hours, closedDates: hours.closedDates.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h3" variant="headingSm">
          Opening hours
        </Text>
        <Button variant="plain" tone="critical" onClick={() => onChange(null)}>
          Remove hours (always open)
        </Button>
      </InlineStack>
      {error("weekly") ? (
        <Text as="p" tone="critical">
          {error("weekly")}
        </Text>
      ) : null}
      {WEEKDAY_NAMES.map((name, day) => (
        <WeekdayRow
          key={name}
          name={name}
          spans={hours.weekly[day] ?? []}
          error={(...path) => error("weekly", day, ...path)}
          onChange={(spans) => setDay(day, spans)}
          onCopyToAll={() => onChange(copyDayToAll(hours, day))}
        />
      ))}
      <FormLayout>
        <FormLayout.Group>
          <TextField
            label="Preparation time (minutes)"
            type="number"
            value={hours.preparationMinutes}
            onChange={(value) => onChange({ ...hours, preparationMinutes: value })}
            autoComplete="off"
            helpText="From an order (or from opening) until it is ready for the driver."
            error={error("preparationMinutes")}
          />
          <TextField
            label="Deliveries per slot at most"
            type="number"
            value={hours.slotCapacity}
            onChange={(value) => onChange({ ...hours, slotCapacity: value })}
            autoComplete="off"
            helpText="Empty: no limit. A full slot is not offered at checkout."
            error={error("slotCapacity")}
          />
        </FormLayout.Group>
      </FormLayout>
      <Text as="h4" variant="headingXs">
        Closed dates
      </Text>
      {error("closedDates") ? (
        <Text as="p" tone="critical">
          {error("closedDates")}
        </Text>
      ) : null}
      {hours.closedDates.map((closed, i) => (
        <FormLayout.Group key={i} condensed>
          <TextField
            label={`Closed from (date ${i + 1})`}
            type="date"
            value={closed.from}
            onChange={(value) => setClosed(i, { from: value })}
            autoComplete="off"
            error={error("closedDates", i, "from")}
          />
          <TextField
            label={`Closed until (date ${i + 1})`}
            type="date"
            value={closed.to}
            onChange={(value) => setClosed(i, { to: value })}
            autoComplete="off"
            helpText="Empty: that day only."
            error={error("closedDates", i, "to")}
          />
          <TextField
            label={`Reason (date ${i + 1})`}
            value={closed.reason}
            onChange={(value) => setClosed(i, { reason: value })}
            autoComplete="off"
            helpText="Shown to staff."
            error={error("closedDates", i, "reason")}
            connectedRight={
              <Button
                onClick={() => onChange({ ...hours, closedDates: hours.closedDates.filter((_, j) => j !== i) })}
                accessibilityLabel={`Remove closed date ${i + 1}`}
              >
                Remove
              </Button>
            }
          />
        </FormLayout.Group>
      ))}
      <InlineStack>
        <Button
          onClick={() => onChange({ ...hours, closedDates: [...hours.closedDates, { from: "", to: "", reason: "" }] })}
          disabled={hours.closedDates.length >= MAX_CLOSED_DATES}
        >
          Add closed dates
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

function WeekdayRow({
  name,
  spans,
  error,
  onChange,
  onCopyToAll,
}: {
  name: string;
  spans: SpanDraft[];
  error: (...path: (string | number)[]) => string | undefined;
  onChange: (spans: SpanDraft[]) => void;
  onCopyToAll: () => void;
}) {
  const setSpan = (index: number, patch: Partial<SpanDraft>) =>
    onChange(spans.map((span, i) => (i === index ? { ...span, ...patch } : span)));
  return (
    <InlineStack gap="300" blockAlign="start">
      <Box minWidth="120px">
        <Checkbox
          label={`Open on ${name}`}
          checked={spans.length > 0}
          onChange={(open) => onChange(open ? [nextSpan([])] : [])}
        />
      </Box>
      <BlockStack gap="200">
        {spans.length === 0 ? (
          <Text as="p" tone="subdued">
            Closed
          </Text>
        ) : null}
        {spans.map((span, i) => (
          <InlineStack key={i} gap="200" blockAlign="start" wrap={false}>
            <TimeSelect
              label={`${name} opens (span ${i + 1})`}
              labelHidden
              value={span.start}
              onChange={(value) => setSpan(i, { start: value })}
              error={error(i, "start")}
            />
            <TimeSelect
              label={`${name} closes (span ${i + 1})`}
              labelHidden
              endOfDay
              value={span.end}
              onChange={(value) => setSpan(i, { end: value })}
              error={error(i, "end")}
            />
            <Button
              onClick={() => onChange(spans.filter((_, j) => j !== i))}
              accessibilityLabel={`Remove ${name} span ${i + 1}`}
            >
              Remove
            </Button>
          </InlineStack>
        ))}
        {error() ? (
          <Text as="p" tone="critical">
            {error()}
          </Text>
        ) : null}
      </BlockStack>
      <BlockStack gap="100" inlineAlign="start">
        <Button
          onClick={() => onChange([...spans, nextSpan(spans)])}
          disabled={spans.length >= MAX_OPENING_SPANS_PER_DAY}
          accessibilityLabel={`Add hours on ${name}`}
        >
          Add hours
        </Button>
        <Button variant="plain" onClick={onCopyToAll} accessibilityLabel={`Copy ${name}'s hours to all days`}>
          Copy to all days
        </Button>
      </BlockStack>
    </InlineStack>
  );
}
