/**
 * Step 6: staff act on a delivered shipment from the order page's extension (the extension API
 * routes, with a session token): a tip and a rating reach the courier; the pickup and delivery
 * photos are listed and loaded through the app's signed links. (The label is printed at booking,
 * step 3: the app offers it only while a shipment is on its way.)
 */
import type { PhotosResponse, RatingResponse, TipResponse } from "../../../extensions/shared/api-contract";
import { AppRequestError } from "../app-client";
import type { DemoContext, DemoStep } from "../context";

const TIP_DOLLARS = 6;
const RATING = 5;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const staffActions: DemoStep = {
  name: "Tip, rating and photos",
  proves: "Tip and rating reach the courier once; pickup and delivery photos load as PNG through signed links.",
  async run(ctx: DemoContext) {
    const { client, sandbox } = ctx.stack;
    const shipment = ctx.state.delivered?.shipments[0];
    ctx.check(shipment, "a delivered shipment exists (step 4)");
    ctx.check(shipment.canTip && shipment.canRate, `app: ${shipment.trackingNumber} can be tipped and rated`);
    ctx.check(!shipment.labelAvailable, `app: no label is offered for the delivered ${shipment.trackingNumber}`);
    const remote = [...sandbox.shipments.values()].find((s) => s.trackingNumber === shipment.trackingNumber);
    ctx.check(remote, `courier: shipment ${shipment.trackingNumber} is known`);
    const base = `/api/shipments/${shipment.id}`;

    const tip = await client.api<TipResponse>("POST", `${base}/tip`, { amountDollars: TIP_DOLLARS });
    ctx.check(
      tip.shipment.tipped && sandbox.shipment(remote.id)?.tip === TIP_DOLLARS,
      `tip: $${TIP_DOLLARS} recorded by the courier`,
      () => `courier tip ${sandbox.shipment(remote.id)?.tip}`,
    );
    ctx.say(
      `Tip: $${TIP_DOLLARS.toFixed(2)} for ${tip.shipment.driverFirstName ?? "the driver"} (courier shipment ${remote.id}).`,
    );

    const rating = await client.api<RatingResponse>("POST", `${base}/rating`, { value: RATING });
    ctx.check(
      rating.shipment.rated && sandbox.shipment(remote.id)?.rating === RATING,
      `rating: ${RATING} of 5 recorded by the courier`,
    );
    ctx.say(`Rating: ${"★".repeat(RATING)} (${RATING} of 5).`);

    // The courier takes one tip per shipment: the app refuses a second one in words, before asking.
    const again = await client.api("POST", `${base}/tip`, { amountDollars: TIP_DOLLARS }).then(
      () => null,
      (error: unknown) => error,
    );
    ctx.check(
      again instanceof AppRequestError && again.status === 409 && sandbox.shipment(remote.id)?.tip === TIP_DOLLARS,
      "tip: a second tip is refused (409) and the courier's tip stays",
      () => String(again),
    );
    ctx.say(`A second tip is refused: ${(again as AppRequestError).detail}`);

    const photos = await client.api<PhotosResponse>("GET", `${base}/photos`);
    const kinds = photos.photos.map((p) => p.kind);
    ctx.check(
      kinds.includes("pickup") && kinds.includes("delivery"),
      "photos: the pickup and delivery photos are listed",
      () => kinds.join(", ") || "none",
    );
    for (const photo of photos.photos) {
      const image = await client.download(photo.url);
      ctx.check(
        image.contentType.startsWith("image/png") && image.bytes.subarray(0, 8).equals(PNG_SIGNATURE),
        `photos: the ${photo.kind} photo loads as a PNG`,
        () => image.contentType,
      );
      ctx.say(`Photo (${photo.kind}): ${image.bytes.length} bytes of PNG.`);
    }
  },
};
