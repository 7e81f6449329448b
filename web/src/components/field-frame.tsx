import { useId } from 'react';
import type { ReactNode } from 'react';

export interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** What a control needs to be tied to its label, hint and error for assistive technologies. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame shared by every labelled form control: the label, the control, then its hint and error,
 * all tied together by ids. `children` renders the control with the props it must carry.
 */
export function FieldFrame({ label, error, hint, className, children }: FieldFrameProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
