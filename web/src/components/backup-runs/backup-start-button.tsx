// The button that starts a backup in the background (of the instance, or of one's collections), with
// the server's refusal above it; the run then shows in the list of runs.
import { DatabaseBackup } from 'lucide-react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';

interface BackupStartButtonProps {
  label: string;
  /** Read-only, demo mode, or a run already going on. */
  disabled: boolean;
  start: () => Promise<unknown>;
}

export function BackupStartButton({ label, disabled, start }: BackupStartButtonProps) {
  const intl = useIntl();
  const begin = useAction(useCallback(() => start(), [start]));
  return (
    <>
      {begin.error ? <ErrorAlert>{describeError(intl, begin.error)}</ErrorAlert> : null}
      <div className="actions">
        <Button icon={DatabaseBackup} disabled={disabled || begin.busy} onClick={() => void begin.run()}>
          {label}
        </Button>
      </div>
    </>
  );
}
