/**
 * Step 8: the merchant's view at the end: the home checklist complete, the shipments page listing
 * every delivery with none stuck, and nothing the app did that Shopify would have refused.
 */
import type { loader as homeLoader } from "~/routes/app._index/route";
import type { loader as shipmentsLoader } from "~/routes/app.shipments._index/route";
import type { DemoContext, DemoStep } from "../context";

type HomeData = Awaited<ReturnType<typeof homeLoader>>;
type ShipmentsData = Awaited<ReturnType<typeof shipmentsLoader>>;

export const SHIPMENTS_PAGE = "/app/shipments";

export const summary: DemoStep = {
  name: "Summary",
  proves:
    "Setup checklist complete, shipments page lists all seven shipments, no failed job, every Admin API call valid, no unhandled server error.",
  async run(ctx: DemoContext) {
    const { client, shopifyProblems, app } = ctx.stack;
    const orders = [
      ctx.state.delivered?.order,
      ctx.state.returned?.order,
      ctx.state.canceled?.order,
      ctx.state.noDriver?.order,
    ];
    ctx.check(orders.every(Boolean), "every order of the demo was placed (steps 3, 5 and 7)");

    const home = await client.loader<HomeData>("/app", "routes/app._index");
    ctx.check(home.status, "home page: the shop is installed");
    const { checklist } = home.status;
    ctx.check(
      checklist.done === checklist.steps.length,
      "home page: every setup step done (the courier's events arrived)",
      () => checklist.steps.map((s) => `${s.id}:${s.state}`).join(", "),
    );
    ctx.say(`Home page: ${checklist.done} of ${checklist.steps.length} setup steps done.`);

    const list = await client.loader<ShipmentsData>(SHIPMENTS_PAGE, "routes/app.shipments._index");
    const states = list.entries
      .flatMap((entry) => entry.legs)
      .map((s) => s.state)
      .sort();
    const trips = list.entries.filter((entry) => entry.tripWords !== null);
    ctx.check(
      list.total === 6 &&
        trips.length === 1 &&
        trips[0]!.legs.length === 2 &&
        JSON.stringify(states) ===
          JSON.stringify(["canceled", "delivered", "delivered", "delivered", "delivered", "delivered", "returned"]),
      "shipments page: 7 shipments in 6 entries (3 delivered, 1 returned, 1 canceled; the exchange one round trip, its 2 legs delivered)",
      () => `${list.total}: ${states.join(", ")}`,
    );
    ctx.check(list.deadJobs.length === 0, "shipments page: no background task failed", () =>
      JSON.stringify(list.deadJobs),
    );
    const html = await client.openPage(SHIPMENTS_PAGE);
    const missing = orders.filter((o) => !html.includes(o!.name));
    ctx.check(
      missing.length === 0,
      "shipments page: renders every order of the demo",
      () => `missing ${missing.map((o) => o!.name).join(", ")}`,
    );
    ctx.say(`Shipments page: ${list.total} deliveries — ${states.join(", ")}.`);

    ctx.check(
      shopifyProblems.length === 0,
      "Shopify: every Admin API call of the app was valid against the 2026-10 schema",
      () => shopifyProblems.slice(0, 3).join(" | "),
    );
    ctx.check(!/Unhandled request error/.test(app.logs.join("")), "app server: no unhandled request error in its log");
  },
};
