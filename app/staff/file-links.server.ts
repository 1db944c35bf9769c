import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  LABEL_FORMATS,
  PHOTO_KINDS,
  SHIPMENT_ID_PATTERN,
  type LabelFormat,
  type PhotoKind,
} from "../../extensions/shared/api-contract";

/**
 * Short-lived signed links to a shipment's courier files (photos, signature, label), served by the
 * app (app/routes/api.files.$shipmentId.$file.ts) so that a browser can load them in an <img> or a
 * download without a session token, and the courier token never leaves the server.
 *
 * The signature covers the shop, the shipment, the file and the expiry, under a key derived from
 * the app's secret; it is checked in constant time.
 */

export const FILE_LINK_TTL_MS = 15 * 60 * 1000;
/** Longest `exp` accepted in the future: a link can never be made to outlive this (clock skew included). */
const MAX_FUTURE_MS = FILE_LINK_TTL_MS + 60_000;
export const FILE_LINK_PATH_PREFIX = "/api/files";

export const FILE_NAMES = [...PHOTO_KINDS, "label.png", "label.pdf"] as const;
export type FileName = (typeof FILE_NAMES)[number];

export function labelFileName(format: LabelFormat): FileName {
  return format === "PDF" ? "label.pdf" : "label.png";
}

export function photoKindOf(file: FileName): PhotoKind | null {
  return (PHOTO_KINDS as readonly string[]).includes(file) ? (file as PhotoKind) : null;
}

export function labelFormatOf(file: FileName): LabelFormat | null {
  const format = file.startsWith("label.") ? file.slice("label.".length).toUpperCase() : "";
  return (LABEL_FORMATS as readonly string[]).includes(format) ? (format as LabelFormat) : null;
}

export type FileLinkSigner = {
  /** Absolute URL of the file, valid for FILE_LINK_TTL_MS. */
  link(input: { shopDomain: string; shipmentId: string; file: FileName }): string;
  /** Whether a presented link is authentic and not expired for that shop. */
  verify(input: { shopDomain: string; shipmentId: string; file: FileName; exp: number; sig: string }): boolean;
};

const digest = (key: Buffer, shopDomain: string, shipmentId: string, file: string, exp: number) =>
  createHmac("sha256", key).update(`${shopDomain}|${shipmentId}|${file}|${exp}`, "utf8").digest();

export function createFileLinkSigner(deps: { appSecret: string; appUrl: string; clock: () => Date }): FileLinkSigner {
  // A key of its own, so a file-link signature can never stand in for any other use of the secret.
  const key = createHmac("sha256", deps.appSecret).update("courier-app:file-links:v1").digest();
  const base = deps.appUrl.replace(/\/+$/, "");
  return {
    link({ shopDomain, shipmentId, file }) {
      const exp = Math.floor((deps.clock().getTime() + FILE_LINK_TTL_MS) / 1000);
      const sig = digest(key, shopDomain, shipmentId, file, exp).toString("base64url");
      return `${base}${FILE_LINK_PATH_PREFIX}/${encodeURIComponent(shipmentId)}/${file}?exp=${exp}&sig=${sig}`;
    },
    verify({ shopDomain, shipmentId, file, exp, sig }) {
      const nowMs = deps.clock().getTime();
      if (exp * 1000 < nowMs || exp * 1000 > nowMs + MAX_FUTURE_MS) return false;
      const presented = Buffer.from(sig, "base64url");
      const expected = digest(key, shopDomain, shipmentId, file, exp);
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    },
  };
}

/** The link's parts as the file route receives them (path parameters and query). */
export const FileLinkInput = z.object({
  shipmentId: z.string().regex(SHIPMENT_ID_PATTERN),
  file: z.enum(FILE_NAMES),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type FileLinkInput = z.infer<typeof FileLinkInput>;
