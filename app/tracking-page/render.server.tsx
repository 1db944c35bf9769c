import { renderToStaticMarkup } from "react-dom/server";
import { mapGeometry } from "./map";
import { PAGE_SCRIPT, PAGE_STYLE } from "./page-assets";
import { SHOPPER_NOTES_MAX } from "./shopper-changes";
import { brandOf, type BrandView, type MapView, type StoreContact, type TrackingPageView } from "./view-model";

/**
 * The tracking page as server-rendered HTML (React escapes every value): no client bundle, one small
 * inline script and style allowed by the response's CSP nonce. The live part (`#live`) is rendered
 * here for the first answer and for each poll, so the page and its updates can never differ.
 */

function DeliveryMap({ map }: { map: MapView }) {
  const geometry = mapGeometry(map);
  if (!geometry) return null;
  const { width, height, pickup, destination, driver } = geometry;
  const parts = [
    pickup ? "the store" : null,
    destination ? `the delivery area${map.city ? ` in ${map.city}` : ""}` : null,
    driver ? `the driver's approximate position${map.heading !== null ? " and direction" : ""}` : null,
  ].filter(Boolean);
  return (
    <figure className="map">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="map-title">
        <title id="map-title">{`Map showing ${parts.join(", ")}`}</title>
        <rect width={width} height={height} rx="12" fill="#eef2f6" />
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
        {pickup ? <span className="key key-store">Store</span> : null}
        {destination ? <span className="key key-area">{map.city ?? "Delivery area"}</span> : null}
        {driver ? <span className="key key-driver">Driver</span> : null}
      </figcaption>
    </figure>
  );
}

function Live({ view }: { view: TrackingPageView }) {
  const facts = [
    view.window ? ["Delivery window", view.window] : null,
    view.eta ? ["Arrival", view.eta] : null,
    view.driver ? ["Your driver", view.driver] : null,
  ].filter((row): row is [string, string] => row !== null);
  return (
    <>
      <p className="greeting">{view.greeting}</p>
      <h1 id="headline">{view.headline}</h1>
      {view.detail ? <p className={view.outcome ? "detail notice" : "detail"}>{view.detail}</p> : null}
      {view.photoUrl ? (
        <figure className="photo">
          <img src={view.photoUrl} alt="Photo of your delivery, taken by the driver" width="640" height="480" />
        </figure>
      ) : null}
      {facts.length ? (
        <dl className="facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ol className="steps" aria-label="Delivery progress">
        {view.steps.map((step) => (
          <li key={step.key} className={step.status} aria-current={step.status === "current" ? "step" : undefined}>
            <span className="visually-hidden">
              {step.status === "done" ? "Done: " : step.status === "current" ? "Now: " : "Next: "}
            </span>
            {step.label}
          </li>
        ))}
      </ol>
      {view.map ? <DeliveryMap map={view.map} /> : null}
      {view.contact && !view.changes ? <ContactButton contact={view.contact} /> : null}
    </>
  );
}

function ContactButton({ contact }: { contact: StoreContact }) {
  return (
    <p className="contact">
      <a className="button" href={contact.href}>
        {contact.label}
      </a>
    </p>
  );
}

/**
 * The shopper's change panel, outside the live part (a poll must not wipe what they are typing): the
 * notes for the driver and a move to another window while no driver has the order; afterwards why
 * not, and the store's contact. The page's script sends the changes (page-assets.ts).
 */
/** After delivery: one tap on a star sends the rating with the reasons ticked (page-assets.ts). */
function Rating({ rating }: { rating: NonNullable<TrackingPageView["rating"]> }) {
  if (!rating.open) return <p className="detail">{rating.message}</p>;
  return (
    <form id="rating-form" className="change">
      <h2>How was your delivery?</h2>
      {rating.reasons.length ? (
        <fieldset>
          <legend>Anything to tell the store? (optional)</legend>
          {rating.reasons.map((reason, i) => (
            <div className="choice" key={reason}>
              <input type="checkbox" id={`reason-${i}`} name="reason" value={reason} />
              <label htmlFor={`reason-${i}`}>{reason}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="stars" role="group" aria-label="Rate the delivery">
        {[1, 2, 3, 4, 5].map((value) => (
          <button type="button" className="star" data-value={value} key={value} aria-label={`${value} out of 5 stars`}>
            {"★".repeat(value)}
          </button>
        ))}
      </div>
      <p id="change-message" role="status" aria-live="polite" />
    </form>
  );
}

function Changes({ view }: { view: TrackingPageView }) {
  if (view.rating) return <Rating rating={view.rating} />;
  const changes = view.changes;
  if (!changes) return null;
  if (!changes.open)
    return (
      <>
        <p className="detail">{changes.message}</p>
        {view.contact ? <ContactButton contact={view.contact} /> : null}
      </>
    );
  return (
    <>
      <h2>Change your delivery</h2>
      <p className="detail">Until a driver has your order, you can add notes for the driver or pick another time.</p>
      <form id="notes-form" className="change">
        <label htmlFor="notes">Notes for the driver</label>
        <textarea
          id="notes"
          name="notes"
          rows={3}
          maxLength={SHOPPER_NOTES_MAX}
          placeholder="Gate code, floor, leave at the door"
        />
        <p className="hint">These replace the instructions you gave at checkout.</p>
        <button type="submit">Save notes</button>
      </form>
      <form id="window-form" className="change">
        <button type="button" id="show-windows" className="secondary">
          Change delivery time
        </button>
        <fieldset id="window-choices" hidden>
          <legend>Available times at the same price or less</legend>
          <div id="window-list" />
          <button type="submit">Move my delivery</button>
        </fieldset>
      </form>
      <p id="change-message" role="status" aria-live="polite" />
    </>
  );
}

export function renderLive(view: TrackingPageView): string {
  return renderToStaticMarkup(<Live view={view} />);
}

/** The change panel's markup and whether it is open (the script replaces it only when that flips). */
export function renderChanges(view: TrackingPageView): { state: string; html: string } {
  const state = view.rating
    ? view.rating.open
      ? "rating"
      : "rated"
    : view.changes
      ? view.changes.open
        ? "open"
        : "closed"
      : "none";
  return { state, html: renderToStaticMarkup(<Changes view={view} />) };
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
  /** The live part's version (http.server.ts `liveVersion`), for the polling script; none when it never changes. */
  version: string | null;
  /** The page's script runs even without polling (the rating form of a delivered order). */
  script?: boolean;
};

function renderDocument(input: DocumentInput): string {
  const brand = input.brand ?? brandOf(null, null);
  // Only validated values reach here (#rrggbb, view-model.ts brandOf); the page's style reads them.
  const brandStyle = `:root{--accent:${brand.accent};--on-accent:${brand.onAccent}}`;
  const markup = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{input.title}</title>
        <style nonce={input.nonce} dangerouslySetInnerHTML={{ __html: `${brandStyle}${PAGE_STYLE}` }} />
      </head>
      <body>
        <header>
          {brand.logoUrl ? <img className="logo" src={brand.logoUrl} alt="" height="40" /> : null}
          <p className="store">{input.storeName ?? "Delivery tracking"}</p>
          {input.orderName ? <p className="order">{`Order ${input.orderName}`}</p> : null}
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
            aria-label="Change your delivery"
            data-state={input.changes.state}
            dangerouslySetInnerHTML={{ __html: input.changes.html }}
          />
        ) : null}
        {input.version || input.script ? (
          <script nonce={input.nonce} dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }} />
        ) : null}
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
  });
}

export function renderEndedBody(storeName: string | null): string {
  return renderToStaticMarkup(
    <>
      <h1 id="headline">This delivery has ended</h1>
      <p className="detail">
        {storeName
          ? `Tracking for this delivery is no longer available. For anything about your order, contact ${storeName}.`
          : "Tracking for this delivery is no longer available."}
      </p>
    </>,
  );
}

export function renderEndedPage(storeName: string, nonce: string): string {
  return renderDocument({
    title: "This delivery has ended",
    storeName,
    nonce,
    body: renderEndedBody(storeName),
    version: null,
  });
}

export function renderNotFoundPage(nonce: string): string {
  return renderDocument({
    title: "Delivery not found",
    storeName: null,
    nonce,
    body: renderToStaticMarkup(
      <>
        <h1 id="headline">We could not find this delivery</h1>
        <p className="detail">Check the link in your shipping email, or contact the store you ordered from.</p>
      </>,
    ),
    version: null,
  });
}
