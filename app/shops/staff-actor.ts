import { staffName } from "~/text/staff-format";

/**
 * Who on the shop's staff is acting: their Shopify user id from the request's session token (`sub`),
 * and their name when the session is an online one (the app uses offline sessions, whose token
 * carries no name). A staff member's name is personal data: it is stored with their actions and
 * shown to the shop, never logged. Pure.
 */

export type StaffActor = { userId: string | null; name: string | null };

/** The parts of `authenticate.admin`'s result this reads. */
export type StaffAuth = {
  session: { onlineAccessInfo?: { associated_user?: { id?: number; first_name?: string; last_name?: string } } };
  sessionToken?: { sub?: string };
};

export const MAX_STAFF_NAME_LENGTH = 200;

/** Shopify Flow, when a workflow runs one of the app's Flow actions (app/flow-actions): recorded as who acted. */
export const FLOW_ACTOR: StaffActor = { userId: null, name: "Shopify Flow" };

export function staffActorOf(auth: StaffAuth): StaffActor {
  const user = auth.session.onlineAccessInfo?.associated_user;
  const sub = auth.sessionToken?.sub?.trim();
  const userId = sub ? sub : user?.id !== undefined ? String(user.id) : null;
  const name = [user?.first_name, user?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ")
    .slice(0, MAX_STAFF_NAME_LENGTH);
  return { userId, name: name || null };
}

/**
 * How the pages name who acted: their name, else "A staff member" (a Shopify user id means nothing to
 * staff; the id stays in the staff actions log). Shopify gives names to online sessions only; the
 * app's offline sessions carry none, and reading the staff list needs the read_users scope, which
 * the app does not ask for.
 */
export function actorLabel(actor: StaffActor): string {
  return staffName(actor.name);
}
