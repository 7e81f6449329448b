// A form's submit in one hook: no page load, the form's fields handed over, busy while it runs, and
// what failed turned into the alert and per-field messages of useFormErrors.
import { useCallback } from 'react';
import type { FormEvent } from 'react';
import { useAction } from './use-action';
import { useFormErrors } from './use-form-errors';
import type { FormErrors } from './use-form-errors';

export interface Submit {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  error: unknown;
  errors: FormErrors;
}

/** `action` gets the submitted fields and the form (to reset it); it throws to refuse or fail. */
export function useSubmit(
  action: (fields: FormData, form: HTMLFormElement) => Promise<unknown>,
  onDone?: () => void,
): Submit {
  const { run, busy, error } = useAction(action, onDone);
  const errors = useFormErrors(error);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(new FormData(event.currentTarget), event.currentTarget);
    },
    [run],
  );
  return { onSubmit, busy, error, errors };
}

/** A submitted field as text ("" when absent). */
export function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}
