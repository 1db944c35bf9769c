/** A spinner with what the extension is waiting for, in words (also its accessibility label). */
export function Waiting({ label }: { label: string }) {
  return (
    <s-stack direction="inline" gap="small" alignItems="center">
      <s-spinner accessibilityLabel={label} />
      <s-text>{label}</s-text>
    </s-stack>
  );
}
