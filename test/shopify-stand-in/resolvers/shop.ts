import { gid } from "../gid";
import type { AppInstallationState, LocationAddressState, ShopState } from "../shop-state";
import { hasMetafields } from "./metafields";
import type { AppIdentity, ResolverContext, Resolvers } from "./types";

function timeZoneParts(timeZone: string, at: Date) {
  const part = (style: "short" | "shortOffset") =>
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(part("shortOffset"));
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
  const abs = Math.abs(minutes);
  const offset = `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
  return { minutes, offset, abbreviation: part("short") };
}

export function formattedAddress(address: LocationAddressState): string[] {
  const cityLine = [address.city, [address.provinceCode, address.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(" ");
  return [address.address1, address.address2, cityLine, address.country].filter((line): line is string =>
    Boolean(line),
  );
}

function appObject(app: AppIdentity) {
  return {
    id: gid("App", app.apiClientId),
    apiKey: app.apiKey,
    title: app.title,
    handle: app.handle,
    embedded: true,
    developerName: "Same-day courier",
    published: false,
  };
}

function shopHandle(shop: ShopState) {
  return shop.myshopifyDomain.replace(/\.myshopify\.com$/, "");
}

export const shopResolvers: Resolvers = {
  QueryRoot: {
    shop: (_root: unknown, _args: unknown, ctx: ResolverContext) => ctx.shop,
    // `published: true` leaves out the languages the shop has not published.
    shopLocales: (_root: unknown, args: { published?: boolean | null }, ctx: ResolverContext) =>
      ctx.shop.locales
        .filter((locale) => !args.published || locale.published)
        .map((locale) => ({ ...locale, name: new Intl.DisplayNames(["en"], { type: "language" }).of(locale.locale) })),
    currentAppInstallation: (_root: unknown, _args: unknown, ctx: ResolverContext) => ctx.shop.appInstallation,
    appInstallation: (_root: unknown, args: { id?: string | null }, ctx: ResolverContext) =>
      args.id == null || args.id === ctx.shop.appInstallation.id ? ctx.shop.appInstallation : null,
  },
  Shop: {
    ...hasMetafields,
    plan: (shop: ShopState) => shop.plan,
    primaryDomain: (shop: ShopState) => ({
      id: gid("Domain", 1),
      host: shop.primaryDomainHost,
      url: `https://${shop.primaryDomainHost}`,
      sslEnabled: true,
    }),
    url: (shop: ShopState) => `https://${shop.primaryDomainHost}`,
    shopAddress: (shop: ShopState) => ({
      ...shop.address,
      id: gid("ShopAddress", 1),
      company: null,
      countryCodeV2: shop.address.countryCode,
      coordinatesValidated: shop.address.latitude !== null,
      formatted: formattedAddress(shop.address),
      formattedArea: [shop.address.city, shop.address.province, shop.address.country].filter(Boolean).join(", "),
    }),
    enabledPresentmentCurrencies: (shop: ShopState) => [shop.currencyCode],
    unitSystem: (shop: ShopState) =>
      shop.weightUnit === "POUNDS" || shop.weightUnit === "OUNCES" ? "IMPERIAL_SYSTEM" : "METRIC_SYSTEM",
    timezoneOffsetMinutes: (shop: ShopState, _args: unknown, ctx: ResolverContext) =>
      timeZoneParts(shop.ianaTimezone, ctx.now()).minutes,
    timezoneOffset: (shop: ShopState, _args: unknown, ctx: ResolverContext) =>
      timeZoneParts(shop.ianaTimezone, ctx.now()).offset,
    timezoneAbbreviation: (shop: ShopState, _args: unknown, ctx: ResolverContext) =>
      timeZoneParts(shop.ianaTimezone, ctx.now()).abbreviation,
    shipsToCountries: (shop: ShopState) => [
      ...new Set(
        shop.deliveryProfiles
          .flatMap((p) => p.locationGroups)
          .flatMap((g) => g.zones)
          .flatMap((z) => z.countries)
          .map((c) => c.countryCode)
          .filter((c): c is string => c !== null),
      ),
    ],
  },
  ShopPlan: {
    publicDisplayName: (plan: ShopState["plan"]) => plan.displayName,
  },
  AppInstallation: {
    ...hasMetafields,
    app: (_installation: AppInstallationState, _args: unknown, ctx: ResolverContext) => appObject(ctx.app),
    accessScopes: (_installation: AppInstallationState, _args: unknown, ctx: ResolverContext) =>
      [...(ctx.scopes ?? [])].map((handle) => ({ handle, description: handle.replace(/_/g, " ") })),
    launchUrl: (_installation: AppInstallationState, _args: unknown, ctx: ResolverContext) =>
      `https://admin.shopify.com/store/${shopHandle(ctx.shop)}/apps/${ctx.app.handle}`,
    uninstallUrl: () => null,
  },
};
