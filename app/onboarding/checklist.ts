import { toCourierPhone } from "~/courier/phone";
import type { WebhookAuthMethod } from "~/courier/webhook-auth.server";
import type { CheckoutCapability } from "./checkout-capability";
import type { CourierHealth } from "./courier-check";

/**
 * The home page's setup checklist: from what is known about the shop (read live by the loader),
 * each step's state and what it says. Pure.
 */

export type StepState = "done" | "todo" | "waiting" | "blocked";

export type CarrierStatus =
  | { status: "not_registered" }
  | {
      status: "registered";
      complete: boolean;
      instructions: string[];
      missingZones: number;
      locationsWithoutUsZone: number;
    }
  | { status: "unknown"; detail: string };

export type ChecklistFacts = {
  courier: CourierHealth;
  pickupLocations: { enabled: boolean; contactName: string | null; contactPhone: string | null }[];
  carrier: CarrierStatus;
  webhook: { secretSet: boolean; method: WebhookAuthMethod; lastEventAt: Date | null };
  dispatchModeChosen: boolean;
  /** Enabled pickup locations without opening hours (treated as open every day, all day). */
  locationsWithoutHours: number;
  /** Enabled pickup locations without a delivery area (rates as far as the courier goes); unknown: not said. */
  locationsWithoutArea?: number;
  /** Whether the store's plan allows calculated rates (checkout-capability.ts); unknown: not said. */
  checkout?: CheckoutCapability;
  /** Shopify refused calculated rates, so shoppers choose Shopify Local Delivery (local-delivery-guide.ts). */
  localDelivery?: { firstOrderReceived: boolean };
};

export type ChecklistStep = {
  id: "courier" | "pickup" | "carrier" | "webhook" | "dispatch";
  title: string;
  state: StepState;
  summary: string;
};

function courierStep(check: CourierHealth): ChecklistStep {
  const title = "Connect your courier account";
  switch (check.status) {
    case "not_connected":
      return {
        id: "courier",
        title,
        state: "todo",
        summary: "Paste the access token the courier gave you (sandbox to start).",
      };
    case "connected":
      return { id: "courier", title, state: "done", summary: check.detail };
    case "rejected":
      return { id: "courier", title, state: "blocked", summary: check.detail };
    case "unreachable":
      return { id: "courier", title, state: "waiting", summary: check.detail };
    case "checking":
      return {
        id: "courier",
        title,
        state: "waiting",
        summary: "Checking the courier connection in the background. Reload in a moment to see the result.",
      };
  }
}

function pickupStep(locations: ChecklistFacts["pickupLocations"]): ChecklistStep {
  const title = "Choose pickup locations";
  const enabled = locations.filter((l) => l.enabled);
  if (enabled.length === 0) {
    return {
      id: "pickup",
      title,
      state: "todo",
      summary: "Choose the locations drivers collect orders from, with a contact person and phone.",
    };
  }
  const incomplete = enabled.filter((l) => !l.contactName?.trim() || !toCourierPhone(l.contactPhone)).length;
  if (incomplete > 0) {
    return {
      id: "pickup",
      title,
      state: "blocked",
      summary: `${incomplete} of ${enabled.length} pickup location${enabled.length > 1 ? "s" : ""} need${incomplete === 1 ? "s" : ""} a contact name and a US phone number.`,
    };
  }
  return {
    id: "pickup",
    title,
    state: "done",
    summary: `${enabled.length} pickup location${enabled.length > 1 ? "s" : ""} ready.`,
  };
}

function carrierStep(carrier: CarrierStatus, localDelivery?: ChecklistFacts["localDelivery"]): ChecklistStep {
  const title = "Offer same-day delivery at checkout";
  if (localDelivery && carrier.status === "not_registered") {
    return localDelivery.firstOrderReceived
      ? {
          id: "carrier",
          title,
          state: "done",
          summary: "Shoppers choose Shopify's Local delivery at checkout, and the app dispatches those orders.",
        }
      : {
          id: "carrier",
          title,
          state: "todo",
          summary:
            "Shopify refused the app's rates on your plan: set up Shopify's Local delivery as shown above. After an upgrade, register again.",
        };
  }
  switch (carrier.status) {
    case "not_registered":
      return { id: "carrier", title, state: "todo", summary: "Register the app's delivery rates with Shopify." };
    case "unknown":
      return { id: "carrier", title, state: "waiting", summary: carrier.detail };
    case "registered":
      if (carrier.complete)
        return {
          id: "carrier",
          title,
          state: "done",
          summary: "Shoppers of every pickup location see same-day delivery at checkout.",
        };
      if (carrier.missingZones > 0) {
        return {
          id: "carrier",
          title,
          state: "blocked",
          summary: `Registered, but missing from ${carrier.missingZones} shipping zone${carrier.missingZones > 1 ? "s" : ""}: shoppers there do not see it yet.`,
        };
      }
      return {
        id: "carrier",
        title,
        state: "blocked",
        summary:
          carrier.locationsWithoutUsZone > 0
            ? "Registered, but some pickup locations ship to no United States zone."
            : "Registered. Enable a pickup location so shoppers can see it.",
      };
  }
}

function webhookStep(webhook: ChecklistFacts["webhook"], now: Date): ChecklistStep {
  const title = "Receive delivery updates from the courier";
  if (!webhook.secretSet) {
    return {
      id: "webhook",
      title,
      state: "todo",
      summary: "Generate a secret and give the courier your webhook address.",
    };
  }
  if (!webhook.lastEventAt) {
    return {
      id: "webhook",
      title,
      state: "waiting",
      summary: "Set up. No update received yet: they arrive once the courier has your address and a delivery moves.",
    };
  }
  const minutes = Math.max(0, Math.round((now.getTime() - webhook.lastEventAt.getTime()) / 60_000));
  const ago = minutes < 1 ? "just now" : minutes < 120 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
  return { id: "webhook", title, state: "done", summary: `Last update received ${ago}.` };
}

function dispatchStep(chosen: boolean): ChecklistStep {
  return chosen
    ? { id: "dispatch", title: "Choose which orders are dispatched", state: "done", summary: "Dispatch mode chosen." }
    : {
        id: "dispatch",
        title: "Choose which orders are dispatched",
        state: "todo",
        summary: "Decide which paid orders the app sends to the courier.",
      };
}

/** A suggestion on Home that does not count as a setup step: the app works without it. */
export type ChecklistPrompt = {
  id: "hours" | "area" | "checkout";
  title: string;
  summary: string;
  /** Where the fix is, when not the settings' pickup locations. */
  action?: { content: string; url: string };
};

function hoursPrompt(locationsWithoutHours: number): ChecklistPrompt | null {
  if (locationsWithoutHours === 0) return null;
  const which =
    locationsWithoutHours === 1 ? "One pickup location has" : `${locationsWithoutHours} pickup locations have`;
  return {
    id: "hours",
    title: "Set your opening hours",
    summary: `${which} no opening hours, so checkout treats it as open every day, all day. Set its hours, closed dates and preparation time so shoppers are offered only times you can serve.`,
    action: { content: "Open opening hours", url: "/app/settings/hours" },
  };
}

function areaPrompt(locationsWithoutArea: number | undefined): ChecklistPrompt | null {
  if (!locationsWithoutArea) return null;
  const which =
    locationsWithoutArea === 1 ? "One pickup location has" : `${locationsWithoutArea} pickup locations have`;
  return {
    id: "area",
    title: "Set where you deliver",
    summary: `${which} no delivery area, so shoppers as far as the courier goes (350 miles) see a same-day rate. Set a radius in miles or the ZIP codes you serve; outside them checkout shows no rate, and the settings preview says which rule hid it.`,
    action: { content: "Open delivery areas", url: "/app/settings/areas" },
  };
}

function checkoutPrompt(checkout: CheckoutCapability | undefined): ChecklistPrompt | null {
  if (!checkout || checkout.verdict === "yes") return null;
  return {
    id: "checkout",
    title:
      checkout.verdict === "no" ? "Your plan cannot show the app's rates" : "Your plan may not show the app's rates",
    summary: checkout.summary,
    ...(checkout.action ? { action: checkout.action } : {}),
  };
}

export function buildChecklist(
  facts: ChecklistFacts,
  now: Date,
): { steps: ChecklistStep[]; done: number; prompts: ChecklistPrompt[] } {
  const steps = [
    courierStep(facts.courier),
    pickupStep(facts.pickupLocations),
    carrierStep(facts.carrier, facts.localDelivery),
    webhookStep(facts.webhook, now),
    dispatchStep(facts.dispatchModeChosen),
  ];
  const prompts = [
    checkoutPrompt(facts.checkout),
    hoursPrompt(facts.locationsWithoutHours),
    areaPrompt(facts.locationsWithoutArea),
  ].filter((p): p is ChecklistPrompt => p !== null);
  return { steps, done: steps.filter((s) => s.state === "done").length, prompts };
}

/** Whether the merchant has saved a dispatch mode (stored settings hold the key), not merely the default. */
export function dispatchModeChosen(settingsJson: string): boolean {
  try {
    const stored = JSON.parse(settingsJson) as unknown;
    return typeof stored === "object" && stored !== null && "dispatchMode" in stored;
  } catch {
    return false;
  }
}

/** Where and how the courier must call the app, shown with copy buttons. */
export function webhookInstructions(input: {
  appUrl: string;
  pathId: string;
  method: WebhookAuthMethod;
  basicUser: string;
}) {
  const url = `${input.appUrl.replace(/\/+$/, "")}/courier/webhooks/${input.pathId}`;
  switch (input.method) {
    case "bearer":
      return { url, method: input.method, headerName: "Authorization", valueHint: "Bearer <secret>", user: null };
    case "basic":
      return {
        url,
        method: input.method,
        headerName: "Authorization",
        valueHint: `Basic, user name "${input.basicUser}", password <secret>`,
        user: input.basicUser,
      };
    case "x-api-key":
      return { url, method: input.method, headerName: "x-api-key", valueHint: "<secret>", user: null };
  }
}
