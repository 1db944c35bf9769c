import { isPlainObject } from "~/http/plain-object";

/**
 * Cross-field rules run even when other fields failed (zod skips them by default), so the settings page
 * shows every error at once; each rule checks that the fields it compares are valid themselves.
 */
export const EVEN_WITH_OTHER_ERRORS = { when: (payload: { value: unknown }) => isPlainObject(payload.value) };

type IssueList = ReadonlyArray<{ readonly path?: readonly PropertyKey[] | undefined }>;

export function hasIssueUnder(issues: IssueList, ...prefix: PropertyKey[]): boolean {
  return issues.some((issue) => prefix.every((segment, i) => issue.path?.[i] === segment));
}
