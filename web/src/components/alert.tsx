import type { ReactNode } from 'react';

/** An error the user must notice: announced at once by screen readers. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert--error" role="alert">
      {children}
    </div>
  );
}

/** A success or progress message: announced politely. */
export function SuccessStatus({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert--success" role="status">
      {children}
    </div>
  );
}
