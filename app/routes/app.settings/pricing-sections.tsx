import { Card, FormLayout, Layout } from "@shopify/polaris";
import { timeBudgetChoices } from "~/settings/time-choices";
import type { DraftControls } from "./draft-controls";
import { FALLBACKS, ROUNDING, TOLERANCE_UNITS } from "./option-lists";

/** What shoppers pay, checkout's fallback and time budget, the price tolerance and the default package. */
export function PricingSections({ controls: { field, choice, flag, value } }: { controls: DraftControls }) {
  return (
    <>
      <Layout.AnnotatedSection
        id="pricing"
        title="Prices for every window"
        description="The rules for windows priced from the courier's price (each window's own price is set with the window above), when delivery is free, and what checkout shows when the courier cannot answer in time."
      >
        <Card>
          <FormLayout>
            <FormLayout.Group>
              {field("pricing.markupPercent", "Markup (%)", { type: "number" })}
              {field("pricing.fixedMarkupCents", "Fixed markup", { prefix: "$" })}
              {choice("pricing.rounding", "Rounding", ROUNDING)}
            </FormLayout.Group>
            <FormLayout.Group>
              {field("pricing.minimumPriceCents", "Minimum price", { prefix: "$", helpText: "Empty: no minimum." })}
              {field("pricing.maximumPriceCents", "Maximum price", { prefix: "$", helpText: "Empty: no maximum." })}
              {field("pricing.freeAboveSubtotalCents", "Free above order subtotal", {
                prefix: "$",
                helpText: "Empty: never free.",
              })}
            </FormLayout.Group>
            {field("pricing.freeForCustomerTags", "Free for customers tagged", {
              helpText: "Customer tags, like VIP or wholesale. Each window's own price is set with the window.",
            })}
            <FormLayout.Group>
              {choice("checkoutFallback", "When the courier cannot answer", FALLBACKS)}
              {choice(
                "timeBudgetMs",
                "Checkout waits for the courier at most",
                timeBudgetChoices(value("timeBudgetMs")),
              )}
            </FormLayout.Group>
            {flag(
              "priceMemory.enabled",
              "When the courier cannot answer in time, price from its recent prices",
              "The courier's price for the same size of order to the same ZIP code from the last minutes below, else an estimate from its recent prices by distance; only when neither is known, the fallback above. Off: the courier's exact price or the fallback.",
            )}
            {field("priceMemory.maxAgeMinutes", "A recent courier price is used for at most", {
              type: "number",
              suffix: "minutes",
            })}
            <FormLayout.Group>
              {choice("priceTolerance.unit", "Flag a delivery priced above the quote by", TOLERANCE_UNITS)}
              {field("priceTolerance.amount", "Tolerance", {
                type: "number",
                ...(value("priceTolerance.unit") === "cents" ? { prefix: "$" } : { suffix: "%" }),
              })}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="packages"
        title="Default package"
        description="Used for products without a package size of their own."
      >
        <Card>
          <FormLayout>
            <FormLayout.Group>
              {field("defaultPackage.lengthInches", "Length (in)", { type: "number" })}
              {field("defaultPackage.widthInches", "Width (in)", { type: "number" })}
              {field("defaultPackage.heightInches", "Height (in)", { type: "number" })}
              {field("defaultPackage.weightPounds", "Weight (lb)", { type: "number" })}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
    </>
  );
}
