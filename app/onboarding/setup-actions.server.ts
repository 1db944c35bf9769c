import { fieldErrorsFromIssues } from "~/forms/field-errors";
import { z } from "zod";
import type { CourierUrls } from "~/courier/base-url";
import type { CourierClient } from "~/courier/client.server";
import type { KeyRing } from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import { saveDispatchMode } from "~/settings/settings-form.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { AdminApiError, type AdminGraphql } from "~/shopify-admin/admin-request.server";
import { WEBHOOK_AUTH_METHODS } from "~/courier/webhook-auth.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { recordSettingsChange } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import type { CourierCredentials } from "~/shops/courier-for-shop.server";
import { connectCourier, CourierAccountInput } from "./courier-connection.server";
import { addCarrierServiceToProfiles, registerCarrierService } from "~/carrier-service/public.server";

/**
 * The setup actions the home page and the settings page share (one path for each): connect the
 * courier, register the carrier service and add it to shipping profiles, generate or rotate the
 * webhook secret, choose the dispatch mode. Each form posts an `intent`; the result is shown
 * next to the form that sent it.
 */

export type SetupDeps = {
  db: Db;
  keys: KeyRing;
  clock: () => Date;
  admin: AdminGraphql;
  appUrl: string;
  courierUrls: CourierUrls;
  courierClientFor: (credentials: CourierCredentials) => CourierClient;
};

export const SETUP_INTENTS = [
  "courier",
  "register-carrier",
  "add-to-profiles",
  "webhook-secret",
  "dispatch-mode",
] as const;
export type SetupIntent = (typeof SETUP_INTENTS)[number];

export type SetupActionResult = {
  intent: SetupIntent;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  /** The new webhook secret: shown once, right after it was generated. */
  secret?: string;
  /** Steps the merchant can do by hand in Shopify's shipping settings. */
  instructions?: string[];
};

const SetupForm = z.discriminatedUnion(
  "intent",
  [
    CourierAccountInput.extend({ intent: z.literal("courier") }),
    z.object({ intent: z.literal("register-carrier") }),
    z.object({ intent: z.literal("add-to-profiles") }),
    z.object({
      intent: z.literal("webhook-secret"),
      method: z.enum(WEBHOOK_AUTH_METHODS, { error: "Choose how the courier signs its calls." }),
    }),
    z.object({
      intent: z.literal("dispatch-mode"),
      dispatchMode: z.string({ error: "Choose which orders are dispatched." }),
    }),
  ],
  { error: "This form is not known to the app. Reload the page." },
);

export function isSetupIntent(intent: unknown): intent is SetupIntent {
  return typeof intent === "string" && (SETUP_INTENTS as readonly string[]).includes(intent);
}

function adminFailure(intent: SetupIntent, error: unknown): SetupActionResult {
  if (!(error instanceof AdminApiError)) throw error;
  return { intent, ok: false, message: `Shopify refused the change: ${error.message}` };
}

/** Runs one setup form and records it among the staff's actions when it changed something. */
export async function runSetupAction(
  deps: SetupDeps,
  shopDomain: string,
  fields: Record<string, unknown>,
  staff: StaffActor,
): Promise<SetupActionResult> {
  const result = await setupAction(deps, shopDomain, fields);
  await recordSettingsChange(deps.db, { shopDomain, intent: result.intent, ok: result.ok, staff, at: deps.clock() });
  return result;
}

async function setupAction(
  deps: SetupDeps,
  shopDomain: string,
  fields: Record<string, unknown>,
): Promise<SetupActionResult> {
  const intent = isSetupIntent(fields.intent) ? fields.intent : null;
  const parsed = SetupForm.safeParse(fields);
  if (!intent || !parsed.success) {
    const fieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    return {
      intent: intent ?? "courier",
      ok: false,
      message: Object.values(fieldErrors)[0] ?? "Check the form.",
      fieldErrors,
    };
  }
  const input = parsed.data;
  const shop = await deps.db.shop.findUnique({ where: { domain: shopDomain }, select: { settingsJson: true } });
  if (!shop) return { intent, ok: false, message: "The app is not set up for this store yet. Reload the app." };
  const serviceName = parseShopSettings(shop.settingsJson).carrierServiceName;

  switch (input.intent) {
    case "courier": {
      const { intent: _intent, ...account } = input;
      const result = await connectCourier({ ...deps, clientFor: deps.courierClientFor }, shopDomain, account);
      if (!result.ok)
        return { intent, ok: false, message: Object.values(result.fieldErrors)[0]!, fieldErrors: result.fieldErrors };
      return {
        intent,
        ok: true,
        message:
          result.check.status === "connected"
            ? `Courier account saved. ${result.check.detail}`
            : `Courier account saved, but ${result.check.status === "unreachable" ? result.check.detail.charAt(0).toLowerCase() + result.check.detail.slice(1) : "it could not be tested."}`,
      };
    }
    case "register-carrier": {
      try {
        const result = await registerCarrierService(deps, shopDomain, serviceName);
        if (!result.ok) return { intent, ok: false, message: result.message };
        return {
          intent,
          ok: true,
          message: result.profiles.complete
            ? "Same-day delivery is registered and in your shipping profiles."
            : "Same-day delivery is registered. Add it to your shipping profiles so shoppers see it.",
          instructions: result.instructions,
        };
      } catch (error) {
        return adminFailure(intent, error);
      }
    }
    case "add-to-profiles": {
      const registered = await deps.db.shop.findUnique({
        where: { domain: shopDomain },
        select: { carrierServiceId: true },
      });
      if (!registered?.carrierServiceId)
        return { intent, ok: false, message: "Register same-day delivery with Shopify first." };
      try {
        const status = await addCarrierServiceToProfiles(deps, shopDomain, serviceName);
        return {
          intent,
          ok: status.profiles.complete,
          message: status.profiles.complete
            ? "Same-day delivery was added to your shipping profiles."
            : "Some zones still need a change by hand; follow the steps below.",
          instructions: status.instructions,
        };
      } catch (error) {
        return adminFailure(intent, error);
      }
    }
    case "webhook-secret": {
      const before = await deps.db.shop.findUnique({
        where: { domain: shopDomain },
        select: { webhookSecretEncrypted: true },
      });
      const secret = await rotateWebhookSecret(deps, shopDomain, input.method);
      const rotated = Boolean(before?.webhookSecretEncrypted);
      return {
        intent,
        ok: true,
        message: `A new secret was generated. Copy it now: it is not shown again.${rotated ? " The previous one keeps working for 24 hours." : ""}`,
        secret,
      };
    }
    case "dispatch-mode": {
      const result = await saveDispatchMode(deps.db, shopDomain, input.dispatchMode);
      if (!result.ok)
        return { intent, ok: false, message: Object.values(result.fieldErrors)[0]!, fieldErrors: result.fieldErrors };
      return { intent, ok: true, message: "Dispatch mode saved." };
    }
  }
}
