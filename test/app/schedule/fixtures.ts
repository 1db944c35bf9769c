import type { LocationHours } from "~/schedule/opening-hours";
import type { DeliveryWindow, SlotsWindow } from "~/settings/shop-settings";

/** Hours and windows shared by the schedule tests (New York unless a test says otherwise). */

export const NY = "America/New_York";
export const LA = "America/Los_Angeles";
export const LONDON = "Europe/London";

const weekday = [
  { start: "08:00", end: "12:00" },
  { start: "13:00", end: "19:00" },
];

/** A bakery: closed Sundays, a lunch break on weekdays, short Saturdays, 30 minutes to prepare. */
export const bakery: LocationHours = {
  weekly: [[], weekday, weekday, weekday, weekday, weekday, [{ start: "09:00", end: "14:00" }]],
  closedDates: [],
  preparationMinutes: 30,
};

const common = { description: "", enabled: true, fallbackPriceCents: null };
type WindowOf<K extends DeliveryWindow["kind"]> = Extract<DeliveryWindow, { kind: K }>;

export const within3h: WindowOf<"within_hours"> = {
  ...common,
  id: "within-3h",
  kind: "within_hours",
  hours: 3,
  serviceName: "Within 3 hours",
};
export const todayBy8: WindowOf<"today_by"> = {
  ...common,
  id: "today-by-8pm",
  kind: "today_by",
  deliverBy: "20:00",
  orderCutoff: "17:00",
  serviceName: "Today by 8 pm",
};
export const tomorrowMorning: WindowOf<"tomorrow"> = {
  ...common,
  id: "tomorrow-morning",
  kind: "tomorrow",
  startTime: "09:00",
  endTime: "12:00",
  serviceName: "Tomorrow morning",
};
export const twoHourSlots: SlotsWindow = {
  ...common,
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled delivery",
  slotMinutes: 120,
  startTimes: ["10:00", "14:00", "16:00", "18:00"],
  repeat: null,
  daysAhead: 2,
  maxRates: 4,
};
