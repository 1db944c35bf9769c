import { BlockStack, Card, DataTable, Link, Text } from "@shopify/polaris";
import { changeOf, type Figure } from "~/insights/figure-list";

/** Every figure as text: this period, the previous equal period, the change, and the CSV of the deliveries behind it. */

export function formatFigure(unit: Figure["unit"], value: number | null): string {
  if (value === null) return "–";
  switch (unit) {
    case "count":
      return value.toLocaleString("en-US");
    case "share":
      return `${(value * 100).toFixed(1)}%`;
    case "cents":
      return `${value < 0 ? "-" : ""}$${(Math.abs(value) / 100).toFixed(2)}`;
    case "minutes":
      return value >= 120 ? `${(value / 60).toFixed(1)} h` : `${Math.round(value)} min`;
    case "per_dollar":
      return value.toFixed(2);
    case "ms":
      return `≤ ${value.toLocaleString("en-US")} ms`;
  }
}

export function changeWords(figure: Figure): string {
  const { delta, ratio } = changeOf(figure);
  if (delta === null) return "–";
  if (delta === 0) return "no change";
  const sign = delta > 0 ? "+" : "-";
  const amount =
    figure.unit === "share"
      ? `${(Math.abs(delta) * 100).toFixed(1)} pts`
      : formatFigure(figure.unit, Math.abs(delta)).replace("≤ ", "");
  return ratio === null || figure.unit === "share"
    ? `${sign}${amount}`
    : `${sign}${amount} (${sign}${Math.abs(ratio * 100).toFixed(0)}%)`;
}

export function FigureTables({ figures, exportQuery, days }: { figures: Figure[]; exportQuery: string; days: number }) {
  const groups = [...new Set(figures.map((f) => f.group))];
  return (
    <>
      {groups.map((group) => (
        <Card key={group}>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {group}
            </Text>
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric", "text"]}
              headings={["", `Last ${days} days`, `${days} days before`, "Change", "Deliveries"]}
              rows={figures
                .filter((f) => f.group === group)
                .map((f) => [
                  f.label,
                  formatFigure(f.unit, f.current),
                  formatFigure(f.unit, f.previous),
                  changeWords(f),
                  f.csv ? (
                    <Link key={f.key} url={`/app/insights/export?${exportQuery}&figure=${f.csv}`} target="_blank">
                      CSV
                    </Link>
                  ) : (
                    ""
                  ),
                ])}
            />
          </BlockStack>
        </Card>
      ))}
    </>
  );
}
