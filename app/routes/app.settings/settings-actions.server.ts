import { z } from "zod";
import {
  runSetupAction,
  SETUP_INTENTS,
  type SetupActionResult,
  type SetupDeps,
} from "~/onboarding/setup-actions.server";
import { previewRates, type RatePreviewDeps, type RatePreviewResult } from "~/quote/rate-preview.server";
import { applyCarrierServiceName, type CarrierServiceNameResult } from "~/carrier-service/service-name.server";
import { recordSettingsChange } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import { saveSettingsForm } from "~/settings/settings-form.server";

/**
 * The settings page's forms, told apart by `intent`: the settings save, the carrier service's name
 * in Shopify (asked for by the page after a save that changed it), and the setup actions the home
 * page shares (courier account, webhook secret), and the rates preview (which changes nothing).
 */

/**
 * The setup actions' collaborators and the preview's (the shop's courier, full slots when counted,
 * checkout's price memory and courier state for the source that would price now).
 */
export type SettingsPageActionDeps = SetupDeps &
  Pick<RatePreviewDeps, "courierFor" | "fullSlots" | "pricing" | "clock">;

export type SettingsSaveResult = {
  intent: "settings";
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  /** The saved name differs from the one before: the page then asks for "carrier-service-name". */
  carrierServiceNameChanged?: boolean;
};

export type SettingsPageActionResult =
  SettingsSaveResult | CarrierServiceNameResult | SetupActionResult | RatePreviewResult;

const SettingsPageIntent = z.enum(["settings", "carrier-service-name", "preview", ...SETUP_INTENTS]);

async function saveSettings(deps: SetupDeps, shopDomain: string, form: FormData): Promise<SettingsSaveResult> {
  const result = await saveSettingsForm(deps, shopDomain, form);
  if (!result.ok) {
    const messages = Object.values(result.fieldErrors);
    return {
      intent: "settings",
      ok: false,
      message: messages.length === 1 ? messages[0]! : `Fix the ${messages.length} highlighted fields.`,
      fieldErrors: result.fieldErrors,
    };
  }
  return {
    intent: "settings",
    ok: true,
    message: "Settings saved.",
    carrierServiceNameChanged: result.settings.carrierServiceName !== result.previous.carrierServiceName,
  };
}

export async function runSettingsPageAction(
  deps: SettingsPageActionDeps,
  shopDomain: string,
  form: FormData,
  staff: StaffActor,
): Promise<SettingsPageActionResult> {
  const intent = SettingsPageIntent.safeParse(form.get("intent"));
  if (!intent.success) {
    return { intent: "settings", ok: false, message: "This form is not known to the app. Reload the page." };
  }
  if (intent.data === "preview") {
    const { intent: _intent, ...question } = Object.fromEntries(form);
    return previewRates(deps, shopDomain, question);
  }
  if (intent.data !== "settings" && intent.data !== "carrier-service-name")
    return runSetupAction(deps, shopDomain, Object.fromEntries(form), staff);
  const result =
    intent.data === "settings"
      ? await saveSettings(deps, shopDomain, form)
      : await applyCarrierServiceName(deps, shopDomain);
  await recordSettingsChange(deps.db, { shopDomain, intent: intent.data, ok: result.ok, staff, at: deps.clock() });
  return result;
}
