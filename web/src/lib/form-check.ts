// Our own checks of a form's fields before anything is sent. Forms carry `noValidate`: the browser's
// bubbles speak the browser's language, not Vitrine's, and cut text silently at `maxLength`. The
// fields keep their constraints as attributes (required, type, min, max, step, pattern) and text limits
// as `data-max-length`; this reads them and answers issues shaped like the server's.
import type { FieldIssue } from '@shared/errors';

/** A pragmatic address check (the server decides): something@something.something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(element: Element): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** The first issue of one control, or null when it passes. */
export function checkControl(control: Control): FieldIssue | null {
  const path = control.name;
  const value = control.value;
  const type = control instanceof HTMLInputElement ? control.type : control.tagName.toLowerCase();
  if (control.required && value.trim() === '') return { path, reason: 'required', message: '' };
  if (value === '') return null;
  const maxLength = Number(control.dataset.maxLength);
  if (maxLength > 0 && [...value].length > maxLength) {
    return { path, reason: 'too_big', origin: 'string', maximum: maxLength, message: '' };
  }
  const minLength = control instanceof HTMLSelectElement ? -1 : control.minLength;
  if (minLength > 0 && [...value].length < minLength) {
    return { path, reason: 'too_small', origin: 'string', minimum: minLength, message: '' };
  }
  if (!(control instanceof HTMLInputElement)) return null;
  if (type === 'email' && !EMAIL.test(value.trim())) return { path, reason: 'invalid_email', message: '' };
  if (type === 'number') {
    const number = Number(value.trim().replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(number)) return { path, reason: 'invalid_number', message: '' };
    if (control.step === '1' && !Number.isInteger(number)) return { path, reason: 'not_integer', message: '' };
    if (control.min !== '' && number < Number(control.min)) {
      return { path, reason: 'too_small', origin: 'number', minimum: Number(control.min), message: '' };
    }
    if (control.max !== '' && number > Number(control.max)) {
      return { path, reason: 'too_big', origin: 'number', maximum: Number(control.max), message: '' };
    }
  }
  if (control.pattern && !new RegExp(`^(?:${control.pattern})$`, 'u').test(value)) {
    return { path, reason: 'invalid_format', message: '' };
  }
  return null;
}

/** Issues of every named, enabled control of a form, in the order they appear. */
export function checkForm(form: HTMLFormElement): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name || element.disabled || element.type === 'hidden') continue;
    if (element.closest('[data-no-check]')) continue;
    const issue = checkControl(element);
    if (issue) issues.push(issue);
  }
  return issues;
}

/**
 * Brings the first field marked invalid into view and gives it focus, or else the form's first alert,
 * so a refusal is never only shown out of sight (the top of a long form while the view is at its foot).
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  const target =
    form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form.querySelector<HTMLElement>('[role="alert"]') ??
    form.ownerDocument.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  if (!target.matches('input, select, textarea, button, [tabindex]')) target.tabIndex = -1;
  target.scrollIntoView?.({ block: 'center', behavior: 'auto' });
  target.focus({ preventScroll: true });
}
