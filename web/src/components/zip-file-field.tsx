// A field that takes one zip to upload (a backup to restore): dropped or chosen, then shown with its
// size and a way to choose another; a file over the limit is named as such and cannot be sent.
import { useIntl } from 'react-intl';
import { Button } from './button';
import { FileDrop, FileSummary } from './file-drop';
import { formatFileSize } from '../lib/file-size';

interface ZipFileFieldProps {
  id: string;
  label: string;
  /** The chosen file, or null. */
  file: File | null;
  onFile: (file: File | null) => void;
  maxBytes: number;
  /** What the field takes, and why a file is refused: given the limit as `size`. */
  hint: (size: string) => string;
  tooBig: (size: string) => string;
  changeLabel: string;
  disabled: boolean;
  /** Sending: the chosen file stays as it is. */
  busy: boolean;
}

export const isTooBig = (file: File | null, maxBytes: number) => file !== null && file.size > maxBytes;

export function ZipFileField({ id, label, file, onFile, maxBytes, hint, tooBig, changeLabel, disabled, busy }: ZipFileFieldProps) {
  const intl = useIntl();
  const size = formatFileSize(intl, maxBytes);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {file ? (
        <FileSummary
          kind="file"
          name={file.name}
          size={file.size}
          actions={
            <Button variant="secondary" size="small" disabled={busy} onClick={() => onFile(null)}>
              {changeLabel}
            </Button>
          }
        />
      ) : (
        <FileDrop id={id} kind="file" accept=".zip,application/zip" disabled={disabled} hint={hint(size)} onFile={onFile} />
      )}
      {isTooBig(file, maxBytes) ? <p className="field__error">{tooBig(size)}</p> : null}
    </div>
  );
}
