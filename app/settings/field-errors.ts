/** Zod issues → the page's errors: one message per field, keyed by its dotted path ("form" for the whole). */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ readonly path: readonly PropertyKey[]; readonly message: string }>,
): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return fieldErrors;
}
