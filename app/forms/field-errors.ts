/**
 * Zod issues → a form's errors: one message per field (the first), keyed by its dotted path, "form" for
 * the whole. `prefix` places the fields under a parent (a list validated on its own).
 */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ readonly path: readonly PropertyKey[]; readonly message: string }>,
  prefix: readonly string[] = [],
): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[[...prefix, ...issue.path.map(String)].join(".") || "form"] ??= issue.message;
  return fieldErrors;
}
