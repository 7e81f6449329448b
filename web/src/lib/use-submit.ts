// A form's submit in one hook: no page load, our own checks of the fields first (forms carry
// noValidate), the form's fields handed over, busy while it runs, what failed turned into the alert and
// per-field messages of useFormErrors, and the first invalid field brought into view and focused.
import { useCallback, useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from './api-client';
import { checkForm, focusFirstInvalid } from './form-check';
import { useAction } from './use-action';
import { useFormErrors } from './use-form-errors';
import type { FormErrors } from './use-form-errors';

export interface Submit {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  error: unknown;
  errors: FormErrors;
}

/**
 * `action` gets the submitted fields and the form (to reset it); it throws to refuse or fail. It runs
 * only when every field passes the checks its attributes declare (see form-check.ts).
 */
export function useSubmit(
  action: (fields: FormData, form: HTMLFormElement) => Promise<unknown>,
  onDone?: () => void,
  options: { subject?: string } = {},
): Submit {
  const checked = useCallback(
    async (fields: FormData, form: HTMLFormElement) => {
      const issues = checkForm(form);
      if (issues.length > 0) throw new ApiError({ status: 0, code: 'VALIDATION_FAILED', fields: issues });
      return action(fields, form);
    },
    [action],
  );
  const { run, busy, error } = useAction(checked, onDone);
  const errors = useFormErrors(error, options.subject);
  const formRef = useRef<HTMLFormElement | null>(null);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      void run(new FormData(event.currentTarget), event.currentTarget);
    },
    [run],
  );
  useFocusFirstInvalid(formRef, error);
  return { onSubmit, busy, error, errors };
}

/**
 * After a refusal has rendered (`error` set and the fields re-enabled), the view goes to the first
 * invalid field. Forms that check outside useSubmit pass their own "refused" value.
 */
export function useFocusFirstInvalid(formRef: { readonly current: HTMLFormElement | null }, refusal: unknown): void {
  useEffect(() => {
    if (!refusal || !formRef.current) return;
    // The fieldset is enabled again in this same render; focus waits for the browser to apply it.
    const form = formRef.current;
    const frame = requestAnimationFrame(() => focusFirstInvalid(form));
    return () => cancelAnimationFrame(frame);
  }, [formRef, refusal]);
}

/** A submitted field as text ("" when absent). */
export function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}
