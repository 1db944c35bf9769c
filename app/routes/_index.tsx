import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/** Shopify opens the app at its URL with ?shop=&host=; the embedded app lives under /app. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return new Response("Same-day delivery for Shopify. Install the app from the Shopify App Store.", {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
