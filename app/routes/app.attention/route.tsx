import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Page } from "@shopify/polaris";
import { attentionList, runAttentionAction } from "./attention-list.server";
import { AttentionCard } from "./attention-card";
import { FlowAlertsHint } from "~/components/flow-alerts-hint";
import { readFormData } from "~/forms/read-form.server";
import { getRuntime } from "~/runtime.server";
import { staffDeps } from "~/server/staff-http.server";
import { staffActorOf } from "~/shops/staff-actor";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return attentionList(getRuntime().db, session.shop);
};

/** The attention list's buttons (here and on Home): the action the item's reason names. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const auth = await authenticate.admin(request);
  const fields = Object.fromEntries(await readFormData(request));
  return runAttentionAction({ ...staffDeps(), admin: auth.admin }, auth.session.shop, fields, staffActorOf(auth));
};

export default function AttentionPage() {
  const { items, total } = useLoaderData<typeof loader>();
  return (
    <Page title="Needs attention" backAction={{ content: "Home", url: "/app" }}>
      <BlockStack gap="300">
        <AttentionCard items={items} total={total} />
        <FlowAlertsHint />
      </BlockStack>
    </Page>
  );
}
