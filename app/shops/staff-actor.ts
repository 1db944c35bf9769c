import { staffName } from "~/text/staff-format";

/**
 * Who on the shop's staff is acting: their Shopify user id from the request's session token (`sub`),
 * and their name from the online session's associated user (app/shopify.server.ts asks for online
 * tokens), taken when they act and stored with the action. A staff member's name is personal data:
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
 * staff; the id stays in the staff actions log). Actions taken before the app asked for online tokens,
 * or whose user has no name in Shopify, have none. `inSentence`: "a staff member" after other words.
 */
export function actorLabel(actor: StaffActor, options: { inSentence?: boolean } = {}): string {
  return staffName(actor.name, options);
}
