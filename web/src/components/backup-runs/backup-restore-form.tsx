// The form that uploads a backup's zip to restore it, for the whole instance (Configuration → Backups)
// and for one's own collections (the profile): the file, a box to tick where a restore replaces what
// is there, then the upload; once sent, the run goes on in the list below, which the form says.
import { ArchiveRestore } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { isTooBig, ZipFileField } from '@web/components/zip-file-field';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';

const messages = defineMessages({
  change: { id: 'components.backupRestoreForm.change', defaultMessage: 'Choose another file' },
});

const valueMessages = defineMessages<{ tooBig: { size: string } }>({
  tooBig: {
    id: 'components.backupRestoreForm.tooBig',
    defaultMessage: 'This file is larger than {size}: it cannot be restored from here.',
  },
});

interface BackupRestoreFormProps {
  /** The file field's id. */
  fieldId: string;
  /** A heading inside the form, which names it; without one, the section around it does. */
  title?: { id: string; text: string };
  label: string;
  maxBytes: number;
  /** What the field takes, given the limit as `size`. */
  hint: (size: string) => string;
  /** What the person acknowledges before a restore that fills the instance; none where it only adds. */
  confirmation?: string;
  submitLabel: string;
  /** A restore that fills the whole instance is a danger button; one that adds beside, a plain one. */
  danger?: boolean;
  /** Said once the file is uploaded. */
  started: string;
  /** Read-only, demo mode, or a run already going on. */
  disabled: boolean;
  restore: (file: File) => Promise<unknown>;
}

export function BackupRestoreForm(props: BackupRestoreFormProps) {
  const { fieldId, title, label, maxBytes, hint, confirmation, submitLabel, danger = false, started, disabled, restore } = props;
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [sent, setSent] = useState(false);
  const action = useAction(
    useCallback(
      async (chosen: File) => {
        await restore(chosen);
        setFile(null);
        setConfirmed(false);
        setSent(true);
      },
      [restore],
    ),
  );
  const tooBig = isTooBig(file, maxBytes);
  const ready = file !== null && !tooBig && (confirmation === undefined || confirmed);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (file && ready) void action.run(file);
  }
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby={title?.id}>
      {title ? <h3 id={title.id}>{title.text}</h3> : null}
      {action.error ? <ErrorAlert>{describeError(intl, action.error)}</ErrorAlert> : null}
      {sent && !action.error ? <SuccessStatus>{started}</SuccessStatus> : null}
      <ZipFileField
        id={fieldId}
        label={label}
        file={file}
        onFile={(chosen) => {
          setSent(false);
          setFile(chosen);
        }}
        maxBytes={maxBytes}
        hint={hint}
        tooBig={(size) => intl.formatMessage(valueMessages.tooBig, { size })}
        changeLabel={intl.formatMessage(messages.change)}
        disabled={disabled}
        busy={action.busy}
      />
      {confirmation !== undefined && file && !tooBig ? (
        <CheckboxField label={confirmation} checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
      ) : null}
      <div className="actions">
        <Button type="submit" variant={danger ? 'danger' : undefined} icon={ArchiveRestore} disabled={disabled || action.busy || !ready}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
