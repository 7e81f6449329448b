// What a form shows for a failed request: one alert text, plus a message per field it knows.
import { useIntl } from 'react-intl';
import { isApiError } from './api-client';
import { describeError, describeFieldIssue, fieldIssues } from './error-messages';

export interface FormErrors {
  /** The general message, or null without an error. */
  message: string | null;
  /** The message for one field, if the server flagged it. */
  field: (path: string) => string | undefined;
  /** The message for a field or anything inside it ("tags" also answers for "tags.2"). */
  fieldUnder: (path: string) => string | undefined;
  /** Messages for flagged fields the form does not show (so they are not lost). */
  unmatched: (shown: readonly string[]) => string[];
  /** Someone else's edit landed since the form was loaded (409 STALE_WRITE): nothing was saved. */
  stale: boolean;
}

const inside = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** `subject` names what the form edits, for field messages that depend on it (see describeFieldIssue). */
export function useFormErrors(error: unknown, subject?: string): FormErrors {
  const intl = useIntl();
  const issues = fieldIssues(error);
  const all = isApiError(error) ? error.fields : [];
  return {
    message: error ? describeError(intl, error) : null,
    stale: isApiError(error) && error.code === 'STALE_WRITE',
    field: (path) => {
      const issue = issues.get(path);
      return issue ? describeFieldIssue(intl, issue, subject) : undefined;
    },
    fieldUnder: (path) => {
      const issue = all.find((candidate) => inside(candidate.path, path));
      return issue ? describeFieldIssue(intl, issue, subject) : undefined;
    },
    unmatched: (shown) =>
      [...issues.values()]
        .filter((issue) => !shown.some((field) => inside(issue.path, field)))
        .map((issue) => describeFieldIssue(intl, issue, subject)),
  };
}
