import { Button, TextField } from "@shopify/polaris";
import { useCallback, useId, useRef } from "react";

/** App Bridge's toast when the admin provides it (it does in the embedded app). */
export function toast(message: string, isError = false) {
  if (typeof window !== "undefined" && window.shopify?.toast) window.shopify.toast.show(message, { isError });
}

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The admin's iframe may not grant clipboard access: fall back to selecting the text.
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}

/** A read-only value with a Copy button (webhook URL, header name, secret). */
export function CopyField({
  label,
  value,
  monospace = true,
  helpText,
}: {
  label: string;
  value: string;
  monospace?: boolean;
  helpText?: string;
}) {
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const copy = useCallback(async () => {
    const copied = await copyText(value, wrapper.current?.querySelector("input") ?? null);
    toast(copied ? `${label} copied` : "Select the text and copy it", !copied);
  }, [label, value]);
  return (
    <div ref={wrapper}>
      <TextField
        id={id}
        label={label}
        value={value}
        readOnly
        autoComplete="off"
        monospaced={monospace}
        helpText={helpText}
        connectedRight={
          <Button onClick={copy} accessibilityLabel={`Copy ${label.toLowerCase()}`}>
            Copy
          </Button>
        }
      />
    </div>
  );
}
