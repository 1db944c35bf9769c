import { z } from "zod";
import { choice } from "./form-fields";

/**
 * What the app does when the courier cancels a delivery because no driver took it before its deadline
 * (`delivery_deadline_passed`) and does not repost it: "offer" lists it on Home for staff to dispatch
 * again; "automatic" dispatches it again itself, once per expiry, into the next window still open.
 */
export const EXPIRY_REDISPATCH_MODES = ["offer", "automatic"] as const;
export type ExpiryRedispatchMode = (typeof EXPIRY_REDISPATCH_MODES)[number];

/** Settings saved before this group existed read as "offer": nothing is sent without staff. */
export const AfterExpirySettings = z
  .object({ redispatch: choice(EXPIRY_REDISPATCH_MODES, "Choose what happens after a delivery expires") })
  .default({ redispatch: "offer" });
