import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { attentionCount } from "~/routes/app.attention/attention-list.server";
import { appConfig } from "~/config/env.server";
import { getRuntime } from "~/runtime.server";
import { authenticate } from "~/shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { apiKey: appConfig().shopify.apiKey, needsAttention: await attentionCount(getRuntime().db, session.shop) };
};

export default function App() {
  const { apiKey, needsAttention } = useLoaderData<typeof loader>();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <NavMenu>
        <Link to="/app" rel="home">
          Home
        </Link>
        <Link to="/app/attention">{`Needs attention (${needsAttention})`}</Link>
        <Link to="/app/shipments">Deliveries</Link>
        <Link to="/app/insights">Insights</Link>
        <Link to="/app/settings">Settings</Link>
        <Link to="/app/data-requests">Data requests</Link>
      </NavMenu>
      <Outlet />
    </AppProvider>
  );
}

// Shopify needs Remix to catch thrown responses so that headers (re-auth, CSP) reach the browser.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
