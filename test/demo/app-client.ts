/**
 * The demo's side of the app's HTTP surface, as Shopify and the admin reach it:
 * - embedded pages opened with an `id_token` (App Bridge's session token) — the first one installs
 *   the app by token exchange;
 * - page loaders and form actions as Remix's browser client calls them (single fetch: `<path>.data`,
 *   turbo-stream bodies), authenticated with `Authorization: Bearer <session token>`;
 * - the extension API routes (JSON, same bearer token);
 * - Shopify's signed calls: webhooks and the carrier-service rate callback.
 */
import { decode } from "turbo-stream";
import { carrierCallbackRequest, mintSessionToken, webhookRequest } from "../support/shopify-signing";

/** App Bridge's session tokens live one minute; a fresh one is minted for every request. */
const TOKEN_TTL_S = 60;
/** The library answers bots with 410; the admin iframe is a browser. */
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export class AppRequestError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${what} answered ${status}${detail ? `: ${detail}` : ""}`);
    this.name = "AppRequestError";
  }
}

export type AppClient = ReturnType<typeof createAppClient>;

export function createAppClient(options: { appUrl: string; shop: string; apiKey: string; apiSecret: string }) {
  const { appUrl, shop, apiKey, apiSecret } = options;
  const host = Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`).toString("base64url");
  const sessionToken = (expiresInS = TOKEN_TTL_S) => mintSessionToken({ shop, apiKey, apiSecret, expiresInS });
  const bearer = () => ({ Authorization: `Bearer ${sessionToken()}`, "User-Agent": BROWSER_USER_AGENT });

  /** How the admin loads an embedded page in its iframe. */
  const embeddedUrl = (pathname: string, expiresInS = TOKEN_TTL_S) =>
    `${appUrl}${pathname}?${new URLSearchParams({ embedded: "1", shop, host, id_token: sessionToken(expiresInS) })}`;

  async function detailOf(response: Response): Promise<string> {
    const text = await response.text().catch(() => "");
    try {
      const body = JSON.parse(text) as { error?: { message?: string } | string };
      if (typeof body.error === "string") return body.error;
      if (body.error?.message) return body.error.message;
    } catch {
      // not JSON
    }
    return text.replace(/\s+/g, " ").slice(0, 300);
  }

  /** A single-fetch body: Remix encodes loader and action results with turbo-stream. */
  async function decodeData(what: string, response: Response): Promise<unknown> {
    if (!response.ok || !response.body) throw new AppRequestError(what, response.status, await detailOf(response));
    const decoded = await decode(response.body, {
      plugins: [
        (type: string, ...rest: unknown[]) =>
          type === "SanitizedError" || type === "ErrorResponse"
            ? { value: { error: rest } }
            : type === "SingleFetchRedirect"
              ? { value: { redirect: rest[0] } }
              : undefined,
      ],
    });
    await decoded.done;
    return decoded.value;
  }

  function unwrap<T>(what: string, result: unknown): T {
    const entry = result as { data?: T; error?: unknown; redirect?: unknown } | undefined;
    if (entry && "data" in entry) return entry.data as T;
    if (entry && "redirect" in entry)
      throw new AppRequestError(
        what,
        302,
        `redirected to ${String((entry.redirect as { redirect?: string })?.redirect ?? entry.redirect)}`,
      );
    throw new AppRequestError(what, 500, JSON.stringify(entry?.error ?? entry).slice(0, 300));
  }

  const dataUrl = (pathname: string) => `${appUrl}${pathname.replace(/\/$/, "")}.data`;

  return {
    appUrl,
    shop,
    host,
    sessionToken,
    embeddedUrl,

    /** GET an embedded page as the admin's iframe does; returns the HTML. */
    async openPage(pathname: string): Promise<string> {
      const response = await fetch(embeddedUrl(pathname), {
        headers: { "User-Agent": BROWSER_USER_AGENT, Accept: "text/html" },
        redirect: "manual",
      });
      if (response.status !== 200)
        throw new AppRequestError(`GET ${pathname}`, response.status, await detailOf(response));
      return response.text();
    },

    /** A page's loader data, as Remix's client fetches it on navigation. */
    async loader<T>(pathname: string, routeId: string, query = ""): Promise<T> {
      const what = `the ${routeId} loader`;
      const response = await fetch(`${dataUrl(pathname)}?${new URLSearchParams({ _routes: routeId })}${query}`, {
        headers: bearer(),
      });
      const body = (await decodeData(what, response)) as Record<string, unknown>;
      return unwrap<T>(what, body[routeId]);
    },

    /** A form post to a page's action (`index` for an index route), as `useFetcher().submit` sends it. */
    async action<T>(pathname: string, fields: [string, string][], { index = false } = {}): Promise<T> {
      const what = `POST ${pathname} (${fields.find(([name]) => name === "intent")?.[1] ?? "form"})`;
      const response = await fetch(`${dataUrl(pathname)}${index ? "?index" : ""}`, {
        method: "POST",
        headers: { ...bearer(), "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" },
        body: new URLSearchParams(fields).toString(),
      });
      return unwrap<T>(what, await decodeData(what, response));
    },

    /** An extension API route (JSON in and out); a non-2xx answer throws with the app's message. */
    async api<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${appUrl}${path}`, {
        method,
        headers: { ...bearer(), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new AppRequestError(`${method} ${path}`, response.status, await detailOf(response));
      return (await response.json()) as T;
    },

    /** A URL the app handed out (a signed file link): fetched as a browser would, no token. */
    async download(url: string): Promise<{ contentType: string; bytes: Buffer }> {
      if (!url.startsWith(`${appUrl}/`))
        throw new AppRequestError(`GET ${url}`, 0, "the link does not point at the app");
      const response = await fetch(url, { headers: { "User-Agent": BROWSER_USER_AGENT } });
      if (!response.ok)
        throw new AppRequestError(`GET ${new URL(url).pathname}`, response.status, await detailOf(response));
      return {
        contentType: response.headers.get("content-type") ?? "",
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    },

    /** A Shopify webhook delivery, signed with the app secret. */
    async shopifyWebhook(topic: string, body: unknown): Promise<Response> {
      const path = `/webhooks/${topic}`;
      return fetch(webhookRequest({ url: `${appUrl}${path}`, topic, shop, body, secret: apiSecret }));
    },

    /** Shopify's carrier-service callback at checkout, signed with the app secret. */
    async carrierCallback(callbackUrl: string, body: unknown): Promise<Response> {
      return fetch(carrierCallbackRequest({ url: callbackUrl, shop, body, secret: apiSecret }));
    },
  };
}
