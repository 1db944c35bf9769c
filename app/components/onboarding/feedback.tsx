import { Banner, List } from "@shopify/polaris";

/** The result of a setup action, shown under the form that sent it. */
export function ActionFeedback({
  result,
}: {
  result: { ok: boolean; message: string; instructions?: string[] } | undefined;
}) {
  if (!result) return null;
  return (
    <Banner tone={result.ok ? "success" : "critical"}>
      <p>{result.message}</p>
      {result.instructions && result.instructions.length > 0 ? (
        <List type="number">
          {result.instructions.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      ) : null}
    </Banner>
  );
}
