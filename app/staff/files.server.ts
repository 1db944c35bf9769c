import type { Shipment } from "@prisma/client";
import type { LabelFormat, LabelResponse, PhotoKind, PhotosResponse } from "../../extensions/shared/api-contract";
import { PHOTO_LABELS } from "../../extensions/shared/english-words";
import { actionRefusal } from "../../extensions/shared/shipment-rules";
import { courierShipment } from "./courier-shipment.server";
import type { StaffDeps } from "./deps";
import { courierCall, SHIPMENT_NOT_FOUND, StaffActionError } from "./errors";
import type { CourierFile, FileFetches } from "./file-fetches.server";
import { labelFileName, labelFormatOf, photoKindOf, type FileLinkInput } from "./file-links.server";
import { shipmentViewModel } from "./shipments.server";

/**
 * The shipment's courier files — signature, pickup and delivery images, and the barcode label —
 * fetched with the shop's token on the server and handed to the browser through signed links.
 */

export const LABEL_REFUSED =
  "The courier has no label for this delivery. Labels need barcode scanning on your courier account: ask the courier to enable it.";

export type { CourierFile };

/** Types the browser may render inline; anything else the courier sends is downloaded as bytes. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

export function safeContentType(contentType: string): { contentType: string; inline: boolean } {
  const type = contentType.toLowerCase();
  return INLINE_TYPES.has(type)
    ? { contentType: type, inline: true }
    : { contentType: "application/octet-stream", inline: false };
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

function fileStem(shipment: Shipment): string {
  return (shipment.trackingNumber ?? shipment.courierShipmentId ?? shipment.id).replace(/[^A-Za-z0-9_-]/g, "");
}

/** The barcode label (PNG or PDF). */
export async function fetchLabel(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; format: LabelFormat },
  signal?: AbortSignal,
): Promise<CourierFile> {
  const { shipment, courier, courierId } = await courierShipment(deps, input);
  const label = await courierCall(
    () => courier.getLabel(courierId, input.format, { lane: "background", signal }),
    LABEL_REFUSED,
  );
  return {
    bytes: label.bytes,
    contentType: label.contentType,
    fileName: `label-${fileStem(shipment)}.${input.format.toLowerCase()}`,
  };
}

/** A signature, pickup or delivery image; 404 in words when the courier has none (yet). */
export async function fetchImage(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; kind: PhotoKind },
  signal?: AbortSignal,
): Promise<CourierFile> {
  const { shipment, courier, courierId } = await courierShipment(deps, input);
  const image = await courierCall(
    () => courier.getImage(courierId, input.kind, { lane: "background", signal }),
    "The courier has no such image.",
  );
  if (image.kind === "none") {
    throw new StaffActionError(
      404,
      `The courier has no ${PHOTO_LABELS[input.kind].toLowerCase()} for this delivery yet.`,
    );
  }
  const extension = EXTENSIONS[image.contentType.toLowerCase()] ?? "bin";
  return {
    bytes: image.bytes,
    contentType: image.contentType,
    fileName: `${input.kind}-${fileStem(shipment)}.${extension}`,
  };
}

/** A signed link to the label, when the delivery can have one. */
export async function labelLink(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; format: LabelFormat },
): Promise<LabelResponse> {
  const view = await shipmentViewModel(deps, input.shopDomain, input.shipmentId);
  const refusal = actionRefusal(view, "label", deps.clock());
  if (refusal) throw new StaffActionError(409, refusal);
  return {
    format: input.format,
    url: deps.files.link({ shopDomain: input.shopDomain, shipmentId: view.id, file: labelFileName(input.format) }),
  };
}

export async function shipmentPhotos(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string },
): Promise<PhotosResponse> {
  const view = await shipmentViewModel(deps, input.shopDomain, input.shipmentId);
  return { photos: view.photos };
}

/**
 * A signed file link as presented by a browser: the shipment names its shop, the signature must
 * match that shop, the shipment and the file, and must not have expired. The file comes from
 * `fetches` (memory, or the courier once, within its limits); the browser's `signal` (it went away)
 * reaches the courier call.
 */
export async function fileForLink(
  deps: StaffDeps,
  link: FileLinkInput,
  fetches: FileFetches,
  signal?: AbortSignal,
): Promise<CourierFile> {
  const owner = await deps.db.shipment.findUnique({
    where: { id: link.shipmentId },
    select: { shop: { select: { domain: true } } },
  });
  const authentic =
    owner !== null &&
    deps.files.verify({
      shopDomain: owner.shop.domain,
      shipmentId: link.shipmentId,
      file: link.file,
      exp: link.exp,
      sig: link.sig,
    });
  if (!owner || !authentic)
    throw new StaffActionError(404, "This link has expired or is not valid. Reload the page to get a new one.");
  const input = { shopDomain: owner.shop.domain, shipmentId: link.shipmentId };
  const kind = photoKindOf(link.file);
  const format = labelFormatOf(link.file);
  if (!kind && !format) throw new StaffActionError(404, SHIPMENT_NOT_FOUND);
  return fetches.file({ ...input, file: link.file }, signal, (bounded) =>
    kind ? fetchImage(deps, { ...input, kind }, bounded) : fetchLabel(deps, { ...input, format: format! }, bounded),
  );
}
