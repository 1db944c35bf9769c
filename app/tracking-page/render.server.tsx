import { renderToStaticMarkup } from "react-dom/server";
import { mapGeometry } from "./map";
import { MapTileCredit, MapTileLayer } from "./map-tile-layer.server";
import type { MapTileSource } from "~/config/map-tile-source";
import { PAGE_SCRIPT, PAGE_STYLE } from "./page-assets";
import { StoreContactList, renderChanges } from "./change-panel.server";
import { brandOf, type BrandView } from "./brand";
import type { MapView, TrackingPageView } from "./view-model";
import { shopperText, type ShopperText } from "~/text/shopper/shopper-text";
import type { ShopperLanguage } from "~/text/shopper/languages";

/**
 * The tracking page as server-rendered HTML (React escapes every value): no client bundle, one small
 * inline script and style allowed by the response's CSP nonce. The live part (`#live`) is rendered
 * here for the first answer and for each poll, so the page and its updates can never differ.
 */

function DeliveryMap({
  map,
  labels,
  tiles,
  text,
}: {
  map: MapView;
  labels: TrackingPageView["labels"];
  tiles: MapTileSource | null;
  text: ShopperText;
}) {
  const geometry = mapGeometry(map);
  if (!geometry) return null;
  // Without streets, marks on a blank frame tell the shopper nothing: the page says the map is unavailable.
  if (!tiles) return <MapUnavailable text={text} />;
  const { width, height, pickup, destination, driver } = geometry;
  const parts = [
    pickup ? text.t("page.map.store") : null,
    destination
      ? map.city
        ? text.t("page.map.areaIn", { area: labels?.area ?? text.t("page.map.area"), city: map.city })
        : (labels?.area ?? text.t("page.map.area"))
      : null,
    driver ? text.t(map.heading !== null ? "page.map.driverHeading" : "page.map.driver") : null,
  ].filter(Boolean);
  return (
    <figure className="map">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="map-title">
        <title id="map-title">{text.t("page.map.title", { parts: parts.join(", ") })}</title>
        <rect width={width} height={height} rx="12" fill="#eef2f6" />
        <MapTileLayer map={map} source={tiles} />
        {pickup && destination ? (
          <line
            x1={pickup.x}
            y1={pickup.y}
            x2={destination.x}
            y2={destination.y}
            stroke="#94a3b8"
            strokeWidth="2"
            strokeDasharray="6 5"
          />
        ) : null}
        {destination ? (
          <circle cx={destination.x} cy={destination.y} r={destination.r} fill="#2563eb" fillOpacity="0.18" />
        ) : null}
        {pickup ? <rect x={pickup.x - 7} y={pickup.y - 7} width="14" height="14" rx="3" fill="#0f172a" /> : null}
        {driver ? (
          <g transform={`translate(${driver.x} ${driver.y})`}>
            {map.heading !== null ? (
              <path d="M0 -19 L7 -8 L-7 -8 Z" fill="#16a34a" transform={`rotate(${map.heading})`} />
            ) : null}
            <circle r="8" fill="#16a34a" stroke="#ffffff" strokeWidth="3" />
          </g>
        ) : null}
      </svg>
      <figcaption>
        {pickup ? <span className="key key-store">{text.t("page.map.keyStore")}</span> : null}
        {destination ? (
          <span className="key key-area">{map.city ?? labels?.areaKey ?? text.t("page.map.keyArea")}</span>
        ) : null}
        {driver ? <span className="key key-driver">{text.t("page.map.keyDriver")}</span> : null}
        <MapTileCredit source={tiles} />
      </figcaption>
    </figure>
  );
}

function MapUnavailable({ text }: { text: ShopperText }) {
  return (
    <section className="map-unavailable" aria-labelledby="map-unavailable">
      <h2 id="map-unavailable">{text.t("page.map.unavailable")}</h2>
      <p>{text.t("page.map.unavailableBody")}</p>
    </section>
  );
}

function Live({ view }: { view: TrackingPageView }) {
  const text = shopperText(view.language);
  const facts = [
    view.window ? { label: view.labels?.window ?? text.t("page.facts.window"), value: view.window } : null,
    view.eta ? { label: view.labels?.arrival ?? text.t("page.facts.arrival"), value: view.eta, late: view.late } : null,
    view.driver ? { label: text.t("page.facts.driver"), value: view.driver, phone: view.driverPhone } : null,
  ].filter((row) => row !== null);
  return (
    <>
      <p className="greeting">{view.greeting}</p>
      <h1 id="headline">{view.headline}</h1>
      {view.detail ? <p className={view.outcome ? "detail notice" : "detail"}>{view.detail}</p> : null}
      {view.photoUrl ? (
        <figure className="photo">
          <img src={view.photoUrl} alt={text.t("page.photoAlt")} width="640" height="480" />
        </figure>
      ) : null}
      {facts.length ? (
        <dl className="facts">
          {facts.map(({ label, value, late, phone }) => (
            <div key={label} className={late ? "late" : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
              {phone ? (
                <dd className="call">
                  <a href={phone.href} aria-label={phone.label}>
                    {phone.text}
                  </a>
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      ) : null}
      <ol className="steps" aria-label={view.labels?.progress ?? text.t("page.facts.progress")}>
        {view.steps.map((step) => (
          <li
            key={step.key}
            // A canceled delivery's last step is marked as canceled, never as a completed (green) one.
            className={step.key === "canceled" ? "canceled" : step.status}
            aria-current={step.status === "current" ? "step" : undefined}
          >
            <span className="visually-hidden">{`${text.t(`page.stepStatus.${step.status}`)} `}</span>
            {step.label}
          </li>
        ))}
      </ol>
      {view.items ? (
        <section className="items" aria-label={view.items.heading}>
          <h2>{view.items.heading}</h2>
          <ul>
            {view.items.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.map ? <DeliveryMap map={view.map} labels={view.labels} tiles={view.mapTiles} text={text} /> : null}
      {view.contact && !view.changes ? <StoreContactList contact={view.contact} text={text} /> : null}
    </>
  );
}

export function renderLive(view: TrackingPageView): string {
  return renderToStaticMarkup(<Live view={view} />);
}

type DocumentInput = {
  title: string;
  storeName: string | null;
  orderName?: string | null;
  /** The store's logo and accent (the app's own when none). */
  brand?: BrandView;
  /** The change panel (renderChanges); none on pages that never change. */
  changes?: { state: string; html: string } | null;
  nonce: string;
  body: string;
  /** The live part's version (app/server/tracking-page-http.server.ts `liveVersion`), for the polling script; none when it never changes. */
  version: string | null;
  /** The page's script runs even without polling (the rating form of a delivered order). */
  script?: boolean;
  text: ShopperText;
};

/** The words the page's script says while it sends a change (page-assets.ts reads them from `<body data-words>`). */
function scriptWords(text: ShopperText): string {
  const keys = ["saving", "unreachable", "looking", "loadFailed", "chooseFirst"] as const;
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, text.t(`page.script.${key}`)])));
}

function renderDocument(input: DocumentInput): string {
  const { text } = input;
  const brand = input.brand ?? brandOf(null, null);
  // Only validated values reach here (#rrggbb, view-model.ts brandOf); the page's style reads them.
  const brandStyle = `:root{--accent:${brand.accent};--on-accent:${brand.onAccent}}`;
  const scripted = Boolean(input.version || input.script);
  const markup = renderToStaticMarkup(
    <html lang={text.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{input.title}</title>
        <style nonce={input.nonce} dangerouslySetInnerHTML={{ __html: `${brandStyle}${PAGE_STYLE}` }} />
      </head>
      <body data-words={scripted ? scriptWords(text) : undefined}>
        <header>
          {brand.logoUrl ? <img className="logo" src={brand.logoUrl} alt="" height="40" /> : null}
          <p className="store">{input.storeName ?? text.t("page.storeFallback")}</p>
          {input.orderName ? <p className="order">{text.t("page.order", { name: input.orderName })}</p> : null}
        </header>
        <main
          id="live"
          aria-live="polite"
          data-version={input.version ?? undefined}
          dangerouslySetInnerHTML={{ __html: input.body }}
        />
        {input.changes ? (
          <section
            id="changes"
            aria-label={text.t("page.changes.region")}
            data-state={input.changes.state}
            dangerouslySetInnerHTML={{ __html: input.changes.html }}
          />
        ) : null}
        {scripted ? <script nonce={input.nonce} dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }} /> : null}
      </body>
    </html>,
  );
  return `<!doctype html>${markup}`;
}

export function renderTrackingPage(view: TrackingPageView, nonce: string, version: string): string {
  return renderDocument({
    title: `${view.headline} · ${view.storeName}`,
    storeName: view.storeName,
    orderName: view.orderName,
    brand: view.brand,
    changes: renderChanges(view),
    nonce,
    body: renderLive(view),
    version: view.final ? null : version,
    script: Boolean(view.rating?.open),
    text: shopperText(view.language),
  });
}

export function renderEndedBody(storeName: string | null, language: ShopperLanguage): string {
  const text = shopperText(language);
  return renderToStaticMarkup(
    <>
      <h1 id="headline">{text.t("page.ended.title")}</h1>
      <p className="detail">
        {storeName ? text.t("page.ended.bodyStore", { store: storeName }) : text.t("page.ended.body")}
      </p>
    </>,
  );
}

export function renderEndedPage(storeName: string, nonce: string, language: ShopperLanguage): string {
  const text = shopperText(language);
  return renderDocument({
    title: text.t("page.ended.title"),
    storeName,
    nonce,
    body: renderEndedBody(storeName, language),
    version: null,
    text,
  });
}

export function renderNotFoundPage(nonce: string, language: ShopperLanguage): string {
  const text = shopperText(language);
  return renderDocument({
    title: text.t("page.notFound.title"),
    storeName: null,
    nonce,
    body: renderToStaticMarkup(
      <>
        <h1 id="headline">{text.t("page.notFound.heading")}</h1>
        <p className="detail">{text.t("page.notFound.body")}</p>
      </>,
    ),
    version: null,
    text,
  });
}
