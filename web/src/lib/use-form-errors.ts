// What a form shows for a failed request: one alert text, plus a message per field it knows.
import { useIntl } from 'react-intl';
import { describeError, describeFieldIssue, fieldIssues } from './error-messages';

export interface FormErrors {
  /** The general message, or null without an error. */
  message: string | null;
  /** The message for one field, if the server flagged it. */
  field: (path: string) => string | undefined;
  /** Messages for flagged fields the form does not show (so they are not lost). */
  unmatched: (shown: readonly string[]) => string[];
}

export function useFormErrors(error: unknown): FormErrors {
  const intl = useIntl();
  const issues = fieldIssues(error);
  return {
    message: error ? describeError(intl, error) : null,
    field: (path) => {
      const issue = issues.get(path);
      return issue ? describeFieldIssue(intl, issue) : undefined;
    },
    unmatched: (shown) =>
      [...issues.values()].filter((issue) => !shown.includes(issue.path)).map((issue) => describeFieldIssue(intl, issue)),
  };
}
