import { describe, expect, it } from "vitest";
import { actorLabel, staffActorOf } from "~/shops/staff-actor";

describe("the staff member acting", () => {
  it.each([
    [
      "an offline session: the session token's user only",
      { session: {}, sessionToken: { sub: "42" } },
      { userId: "42", name: null },
    ],
    [
      "an online session: its user's name too",
      {
        session: { onlineAccessInfo: { associated_user: { id: 42, first_name: " Ada ", last_name: "Lovelace" } } },
        sessionToken: { sub: "42" },
      },
      { userId: "42", name: "Ada Lovelace" },
    ],
    [
      "an online session without a session token",
      { session: { onlineAccessInfo: { associated_user: { id: 7, first_name: "Grace" } } } },
      { userId: "7", name: "Grace" },
    ],
    ["nothing known", { session: {}, sessionToken: { sub: " " } }, { userId: null, name: null }],
  ])("%s", (_name, auth, actor) => {
    expect(staffActorOf(auth)).toEqual(actor);
  });

  it.each([
    [{ userId: "42", name: "Ada Lovelace" }, "Ada Lovelace"],
    [{ userId: null, name: "Ada Lovelace" }, "Ada Lovelace"],
    [{ userId: "42", name: null }, "A staff member"],
    [{ userId: null, name: null }, "A staff member"],
  ])("names %j as %s", (actor, label) => {
    expect(actorLabel(actor)).toBe(label);
  });
});
