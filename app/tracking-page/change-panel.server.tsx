import { renderToStaticMarkup } from "react-dom/server";
import type { StoreContact } from "./brand";
import { RATING_COMMENT_MAX, SHOPPER_NOTES_MAX } from "./shopper-changes";
import type { TrackingPageView } from "./view-model";
import { shopperText, type ShopperText } from "~/text/shopper/shopper-text";

/**
 * The part of the tracking page beside the live part (render.server.tsx): the shopper's changes
 * before a driver has the order, why they closed and the store's contact, and the rating after
 * delivery. The page's script sends what is entered here (page-assets.ts).
 */

/** The store's phone and email, each as its label and the number or address as a link (read on any width). */
export function StoreContactList({ contact, text }: { contact: StoreContact; text: ShopperText }) {
  return (
    <ul className="contact">
      {contact.phone ? (
        <li>
          <span className="contact-label">{text.t("page.contact.call")}</span>
          <a href={contact.phone.href}>{contact.phone.text}</a>
        </li>
      ) : null}
      {contact.email ? (
        <li>
          <span className="contact-label">{text.t("page.contact.email")}</span>
          <a href={contact.email.href}>{contact.email.text}</a>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The shopper's change panel, outside the live part (a poll must not wipe what they are typing): the
 * notes for the driver and a move to another window while no driver has the order; afterwards why
 * not, and the store's contact. The page's script sends the changes (page-assets.ts).
 */
/** After delivery: one tap on a star sends the rating with the reasons ticked (page-assets.ts). */
function Rating({ rating, text }: { rating: NonNullable<TrackingPageView["rating"]>; text: ShopperText }) {
  if (!rating.open)
    return (
      <>
        {rating.stars && rating.starsText ? (
          <p className="stars-given" role="img" aria-label={rating.starsText}>
            {"★".repeat(rating.stars) + "☆".repeat(5 - rating.stars)}
          </p>
        ) : null}
        <p className="detail">{rating.message}</p>
      </>
    );
  return (
    <form id="rating-form" className="change">
      <h2>{text.t("page.rating.heading")}</h2>
      {rating.reasons.length ? (
        <fieldset>
          <legend>{text.t("page.rating.reasons")}</legend>
          {rating.reasons.map((reason, i) => (
            <div className="choice" key={reason}>
              <input type="checkbox" id={`reason-${i}`} name="reason" value={reason} />
              <label htmlFor={`reason-${i}`}>{reason}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <label htmlFor="rating-comment">{text.t("page.rating.comment")}</label>
      <textarea id="rating-comment" name="comment" rows={3} maxLength={RATING_COMMENT_MAX} />
      <div className="stars" role="group" aria-label={text.t("page.rating.stars")}>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            type="button"
            className="star"
            data-value={value}
            key={value}
            aria-label={text.t("page.rating.star", { value })}
          >
            {"★".repeat(value)}
          </button>
        ))}
      </div>
      <p id="change-message" role="status" aria-live="polite" />
    </form>
  );
}

function Changes({ view }: { view: TrackingPageView }) {
  const text = shopperText(view.language);
  if (view.rating) return <Rating rating={view.rating} text={text} />;
  const changes = view.changes;
  if (!changes) return null;
  if (!changes.open)
    return (
      <>
        <p className="detail">{changes.message}</p>
        {view.contact ? <StoreContactList contact={view.contact} text={text} /> : null}
      </>
    );
  return (
    <>
      <h2>{text.t("page.changes.heading")}</h2>
      <p className="detail">{text.t("page.changes.intro")}</p>
      <form id="notes-form" className="change">
        <label htmlFor="notes">{text.t("page.changes.notesLabel")}</label>
        <textarea
          id="notes"
          name="notes"
          rows={3}
          maxLength={SHOPPER_NOTES_MAX}
          placeholder={text.t("page.changes.notesPlaceholder")}
        />
        <p className="hint">{text.t("page.changes.notesHint")}</p>
        <button type="submit">{text.t("page.changes.saveNotes")}</button>
      </form>
      <form id="window-form" className="change">
        <button type="button" id="show-windows" className="secondary">
          {text.t("page.changes.changeTime")}
        </button>
        <fieldset id="window-choices" hidden>
          <legend>{text.t("page.changes.availableTimes")}</legend>
          <div id="window-list" />
          <button type="submit">{text.t("page.changes.move")}</button>
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
