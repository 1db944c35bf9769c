import { z } from "zod";

/** A token as app/tracking-page/token.server.ts makes it: 16 random bytes in base64url. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const TrackingTokenParam = z.string().regex(TRACKING_TOKEN_PATTERN);
