import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, FormLayout, Modal, Select, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { CANCEL_COMMENT_MAX_LENGTH } from "../../../extensions/shared/api-contract";
import { CANCEL_REASON_OPTIONS } from "../../../extensions/shared/english-words";

/**
 * The Shipments list's bulk actions: labels printed as one PDF (opened in a new tab), a cancel with
 * one reason, and file downloads. App Bridge adds the session token to the app's own fetches.
 */

/** Fetches a file of the app (a CSV export) and saves it under `name`. */
export async function downloadFile(url: string, name: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The download failed (${response.status}).`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function useLabelPrint() {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const print = async (ids: string[]) => {
    setMessage(null);
    const response = await fetch("/app/shipments/labels", {
      method: "POST",
      body: new URLSearchParams({ ids: ids.join(",") }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      setMessage({ ok: false, text: body?.message ?? `The labels could not be printed (${response.status}).` });
      return;
    }
    const printed = Number(response.headers.get("X-Labels-Printed") ?? "0");
    const failed = (JSON.parse(response.headers.get("X-Labels-Failed") ?? "[]") as unknown[]).length;
    const href = URL.createObjectURL(await response.blob());
    window.open(href, "_blank");
    setMessage({
      ok: failed === 0,
      text:
        `${printed} ${printed === 1 ? "label" : "labels"} in one PDF` +
        (failed ? `; ${failed} had no label at the courier.` : "."),
    });
  };
  return { print, message, dismiss: () => setMessage(null) };
}

export function BulkCancelModal({
  open,
  ids,
  onClose,
}: {
  open: boolean;
  ids: string[];
  onClose: (done: boolean) => void;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [code, setCode] = useState("");
  const [comment, setComment] = useState("");
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose(true);
  }, [fetcher.state, fetcher.data]);
  return (
    <Modal
      open={open}
      onClose={() => onClose(false)}
      title={`Cancel ${ids.length} ${ids.length === 1 ? "delivery" : "deliveries"}`}
      primaryAction={{
        content: "Cancel deliveries",
        destructive: true,
        loading: busy,
        disabled: code === "",
        onAction: () =>
          fetcher.submit({ intent: "bulk-cancel", ids: ids.join(","), code, comment }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Keep them", onAction: () => onClose(false) }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {fetcher.data && !fetcher.data.ok ? <Banner tone="critical">{fetcher.data.message}</Banner> : null}
          <FormLayout>
            <Select
              label="Reason"
              options={[
                { label: "Choose a reason", value: "" },
                ...CANCEL_REASON_OPTIONS.map((o) => ({ label: o.label, value: o.code })),
              ]}
              value={code}
              onChange={setCode}
            />
            <TextField
              label="Comment for the courier"
              value={comment}
              onChange={setComment}
              multiline={2}
              autoComplete="off"
              maxLength={CANCEL_COMMENT_MAX_LENGTH}
            />
          </FormLayout>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
