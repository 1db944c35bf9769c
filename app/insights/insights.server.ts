import type { Db } from "~/db/client.server";
import { emptyCounts, addCounts } from "~/quote/public";
import { takenPlaces } from "~/schedule/slot-reservations.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { capacitySlotKeys, capacityView, type CapacityLocation } from "./capacity";
import { deliveryFigures, rowsBehind, type DeliveryFigures, type FigureKey } from "./delivery-figures";
import { figureList, type Figure } from "./figure-list";
import { funnelFigures, type FunnelFigures } from "./funnel-figures";
import { loadDeliveryGroups, loadDeliveryRows, loadFunnelDays, loadFunnelHours } from "./load.server";
import { periodOf, type PeriodDays } from "./period";
import { diagnoseRates, type DiagnosisCause } from "./rate-diagnosis";
import { insightsCsvText } from "./csv";

/**
 * Insights' data for a shop: the period's figures against the previous equal period, per day, for
 * every pickup location or one; the capacity of the coming days; the rate diagnosis from what the
 * caller read of Shopify and the courier.
 */

export interface InsightsQuery {
  shopDomain: string;
  now: Date;
  days: PeriodDays;
  locationGid: string | null;
}

export interface InsightsData {
  timeZone: string;
  days: PeriodDays;
  locationGid: string | null;
  locations: { locationGid: string; name: string }[];
  figures: Figure[];
  deliveries: DeliveryFigures;
  funnel: FunnelFigures;
  capacity: CapacityLocation[];
}

async function shopOf(db: Db, shopDomain: string) {
  return db.shop.findUnique({
    where: { domain: shopDomain },
    select: {
      id: true,
      timezone: true,
      settingsJson: true,
      pickupLocations: {
        where: { enabled: true },
        select: { locationGid: true, name: true },
        orderBy: { name: "asc" },
      },
    },
  });
}

export async function insightsData(db: Db, query: InsightsQuery): Promise<InsightsData | null> {
  const shop = await shopOf(db, query.shopDomain);
  if (!shop) return null;
  const timeZone = shop.timezone;
  const period = periodOf(query.now, timeZone, query.days);
  const [deliveries, hours, capacity] = await Promise.all([
    loadDeliveryGroups(db, {
      shopId: shop.id,
      periods: [period.previous, period.current],
      timeZone,
      locationGid: query.locationGid,
    }),
    loadFunnelDays(db, {
      shopDomain: query.shopDomain,
      periods: [period.previous, period.current],
      timeZone,
      locationGid: query.locationGid,
    }),
    capacityOf(db, query.shopDomain, shop, query.now),
  ]);
  const now = {
    deliveries: deliveryFigures(deliveries.groups, deliveries.minutes.get(period.current.days[0]!)!, period.current),
    funnel: funnelFigures(hours, period.current, timeZone),
  };
  const before = {
    deliveries: deliveryFigures(deliveries.groups, deliveries.minutes.get(period.previous.days[0]!)!, period.previous),
    funnel: funnelFigures(hours, period.previous, timeZone),
  };
  return {
    timeZone,
    days: query.days,
    locationGid: query.locationGid,
    locations: shop.pickupLocations,
    figures: figureList(now, before),
    deliveries: now.deliveries,
    funnel: now.funnel,
    capacity: query.locationGid ? capacity.filter((c) => c.locationGid === query.locationGid) : capacity,
  };
}

/** The deliveries behind one figure in the period, as CSV text; null for an unknown shop. */
export async function insightsCsv(db: Db, query: InsightsQuery & { figure: FigureKey }): Promise<string | null> {
  const shop = await shopOf(db, query.shopDomain);
  if (!shop) return null;
  const period = periodOf(query.now, shop.timezone, query.days);
  const rows = await loadDeliveryRows(db, {
    shopId: shop.id,
    start: period.current.start,
    end: period.current.end,
    locationGid: query.locationGid,
  });
  const names = new Map(shop.pickupLocations.map((l) => [l.locationGid, l.name]));
  return insightsCsvText(rowsBehind(query.figure, rows, period.current, shop.timezone), shop.timezone, names);
}

async function capacityOf(
  db: Db,
  shopDomain: string,
  shop: { timezone: string; settingsJson: string; pickupLocations: { locationGid: string; name: string }[] },
  now: Date,
): Promise<CapacityLocation[]> {
  const input = {
    now,
    timeZone: shop.timezone,
    settings: parseShopSettings(shop.settingsJson),
    locations: shop.pickupLocations,
  };
  return capacityView(input, await takenPlaces(db, shopDomain, capacitySlotKeys(input)));
}

/** Home's capacity card: every location with a cap, today and the next 7 days. */
export async function capacityData(db: Db, shopDomain: string, now: Date): Promise<CapacityLocation[]> {
  const shop = await shopOf(db, shopDomain);
  return shop ? capacityOf(db, shopDomain, shop, now) : [];
}

const DAY_MS = 24 * 3_600_000;
const RECENT_DAYS = 7;

/**
 * The rate diagnosis: what Shopify and the courier check said (from the caller, who read them for the
 * page), with the orders received and the funnel of the last 7 days from the database.
 */
export async function rateDiagnosis(
  db: Db,
  input: {
    shopDomain: string;
    now: Date;
    planRefused: boolean;
    zonesMissingRate: number | null;
    tokenRejected: boolean;
  },
): Promise<DiagnosisCause[]> {
  const shop = await db.shop.findUnique({ where: { domain: input.shopDomain }, select: { settingsJson: true } });
  if (!shop) return [];
  const since = new Date(input.now.getTime() - DAY_MS);
  const recentStart = new Date(input.now.getTime() - RECENT_DAYS * DAY_MS);
  const [paidOrdersRecently, last, hours] = await Promise.all([
    db.webhookDelivery.count({
      where: { shopDomain: input.shopDomain, topic: "orders/paid", receivedAt: { gte: since } },
    }),
    db.quoteFunnelHour.findFirst({
      where: { shopDomain: input.shopDomain, requests: { gt: 0 } },
      orderBy: { hourStart: "desc" },
      select: { hourStart: true },
    }),
    loadFunnelHours(db, { shopDomain: input.shopDomain, start: recentStart, end: input.now, locationGid: null }),
  ]);
  const recent = emptyCounts();
  for (const hour of hours) addCounts(recent, hour.counts);
  return diagnoseRates({
    planRefused: input.planRefused,
    zonesMissingRate: input.zonesMissingRate,
    tokenRejected: input.tokenRejected,
    paidOrdersRecently,
    // The hour's start: a request in it came at most an hour later.
    lastRateRequestAt: last ? new Date(last.hourStart.getTime() + 3_600_000) : null,
    now: input.now,
    recent,
    busiestHourRequests: Math.max(0, ...hours.map((hour) => hour.counts.requests)),
    timeBudgetMs: parseShopSettings(shop.settingsJson).timeBudgetMs,
  });
}
