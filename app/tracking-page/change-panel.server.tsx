import { renderToStaticMarkup } from "react-dom/server";
import type { StoreContact } from "./brand";
import { SHOPPER_NOTES_MAX } from "./shopper-changes";
import type { TrackingPageView } from "./view-model";

/**
 * The part of the tracking page beside the live part (render.server.tsx): the shopper's changes
 * before a driver has the order, why they closed and the store's contact, and the rating after
 * delivery. The page's script sends what is entered here (page-assets.ts).
 */

export function ContactButton({ contact }: { contact: StoreContact }) {
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
