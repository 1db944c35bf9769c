/**
 * Last step: what the merchant's Insights page says about this very run, printed: the deliveries by
 * outcome, on time, money, raises, returns, and checkout's quote funnel (the signed rate requests of
 * step 2, counted as the app answered them and written within the funnel's flush interval).
 */
import { formatFigure } from "~/routes/app.insights/figure-tables";
import type { loader as insightsLoader } from "~/routes/app.insights/route";
import { FUNNEL_FLUSH_INTERVAL_MS } from "~/quote/quote-funnel.server";
import { isoDate } from "~/schedule/opening-hours";
import { zonedDate } from "~/schedule/time-zone";
import type { DemoContext, DemoStep } from "../context";

type InsightsPage = Awaited<ReturnType<typeof insightsLoader>>;

const WAIT_MS = FUNNEL_FLUSH_INTERVAL_MS + 5_000;

export const insightsFigures: DemoStep = {
  name: "Insights",
  proves:
    "Insights reads this run back: deliveries by outcome, on time, money and margin, raises, returns, and checkout's rate requests counted by the quote funnel.",
  async run(ctx: DemoContext) {
    const { client } = ctx.stack;
    const load = () => client.loader<InsightsPage>("/app/insights", "routes/app.insights", "&days=7");
    let page = await load();
    const deadline = Date.now() + WAIT_MS;
    const requests = (p: InsightsPage) => p.insights?.figures.find((f) => f.key === "rate_requests")?.current ?? 0;
    // The counts reach the database at the server's next flush.
    while (requests(page) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      page = await load();
    }
    ctx.check(page.insights, "insights page: the shop is installed");
    ctx.check(
      requests(page) > 0,
      "insights page: checkout's rate requests of this run counted by the quote funnel",
      () => `no rate request counted within ${WAIT_MS / 1000} s`,
    );
    const delivered = page.insights.figures.find((f) => f.key === "delivered")!.current ?? 0;
    // Insights counts a delivery on its window's day. Just before the shop's midnight the demo's slot
    // starts on the shop's next day, which the last 7 days do not hold yet; the slot's places are then
    // on the next days' capacity.
    const slot = ctx.state.slot!;
    const slotDay = isoDate(slot.day);
    const today = isoDate(zonedDate(new Date(), page.insights.timeZone));
    if (slotDay <= today) {
      ctx.check(delivered > 0, "insights page: this run's delivered deliveries counted", () => `${delivered}`);
    } else {
      const booked = page.insights.capacity
        .flatMap((location) => location.days)
        .filter((day) => day.day === slotDay)
        .reduce((sum, day) => sum + day.booked, 0);
      ctx.check(
        booked > 0,
        `insights page: this run's slot (${slotDay}, the shop's next day) shows its booked places in capacity`,
        () => `${booked}`,
      );
      ctx.say(`This run's slot starts on ${slotDay}: its deliveries count on that day's figures.`);
    }
    ctx.say(`Insights, last 7 days (${page.insights.timeZone}):`);
    for (const figure of page.insights.figures) {
      if (figure.current === null || figure.current === 0) continue;
      ctx.say(`  ${figure.group} · ${figure.label}: ${formatFigure(figure.unit, figure.current)}`);
    }
  },
};
