// Upload and removal of one picture (avatars, collection images): a drop zone, then the chosen picture
// (thumbnail, name, size) and Upload. A picture larger than allowed is made smaller in the browser
// first; the type is checked before sending. Reports 'Your file has been uploaded' or the upload error.
import { Trash2, Upload as UploadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { IMAGE_MEDIA_TYPES } from '@shared/constants';
import { ApiError } from '../lib/api-client';
import { describeError } from '../lib/error-messages';
import { formatFileSize } from '../lib/file-size';
import { useMediaSrc } from '../lib/media-url';
import { fitImage } from '../lib/resize-image';
import { ErrorAlert, SuccessStatus } from './alert';
import { Button } from './button';
import { commonMessages } from './common-messages';
import { FileDrop, FileSummary, usePicturePreview } from './file-drop';

const messages = defineMessages({
  upload: { id: 'components.imageUploadField.upload', defaultMessage: 'Upload' },
});

const valued = defineMessages<{ hint: { size: string }; resizing: { name: string } }>({
  hint: {
    id: 'components.imageUploadField.hint',
    defaultMessage: 'PNG, JPEG, GIF or WebP. Larger pictures are made smaller to fit {size}.',
  },
  resizing: { id: 'components.imageUploadField.resizing', defaultMessage: 'Making {name} smaller…' },
});

type Outcome = { kind: 'uploaded' } | { kind: 'removed' } | { kind: 'error'; upload: boolean; error: unknown } | null;

export interface ImageUploadFieldProps {
  /** media://<key> or null. */
  image: string | null;
  maxBytes: number;
  /** Texts: the picture's alternative text, the empty state, the file input's label, the remove button. */
  texts: { current: string; none: string; file: string; remove: string };
  imageClassName: string;
  disabled?: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}

function checkFile(file: File, maxBytes: number): ApiError | null {
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)) {
    return new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  if (file.size > maxBytes) return new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  return null;
}

export function ImageUploadField({ image, maxBytes, texts, imageClassName, disabled = false, onUpload, onRemove }: ImageUploadFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [resizing, setResizing] = useState<string | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const src = useMediaSrc()(image);
  const preview = usePicturePreview(picked);

  async function run(action: () => Promise<unknown>, upload: boolean) {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
      setOutcome({ kind: upload ? 'uploaded' : 'removed' });
      if (upload) setPicked(null);
    } catch (error) {
      setOutcome({ kind: 'error', upload, error });
    } finally {
      setBusy(false);
    }
  }

  async function choose(file: File) {
    setOutcome(null);
    setPicked(null);
    let fitted = file;
    if (file.size > maxBytes) {
      setResizing(file.name);
      try {
        fitted = await fitImage(file, maxBytes);
      } finally {
        setResizing(null);
      }
    }
    const refused = checkFile(fitted, maxBytes);
    if (refused) {
      setOutcome({ kind: 'error', upload: true, error: refused });
      return;
    }
    setPicked(fitted);
  }

  function upload() {
    if (!picked) return;
    const file = picked;
    void run(() => onUpload(file), true);
  }

  const locked = disabled || busy || resizing !== null;
  return (
    <div className="avatar-field">
      <div className="avatar-field__preview">
        {src ? <img className={imageClassName} src={src} alt={texts.current} /> : <p className="muted">{texts.none}</p>}
      </div>
      <div className="avatar-field__controls">
        <label className="field__label" htmlFor={id}>
          {texts.file}
        </label>
        <FileDrop
          id={id}
          kind="image"
          accept={IMAGE_MEDIA_TYPES.join(',')}
          disabled={locked}
          hint={intl.formatMessage(valued.hint, { size: formatFileSize(intl, maxBytes) })}
          onFile={(file) => void choose(file)}
        />
        {resizing ? (
          <p className="muted" role="status">
            {intl.formatMessage(valued.resizing, { name: resizing })}
          </p>
        ) : null}
        {picked ? (
          <FileSummary kind="image" name={picked.name} size={picked.size} preview={preview ? <img src={preview} alt="" /> : undefined} />
        ) : null}
        <div className="actions">
          <Button icon={UploadIcon} disabled={locked || !picked} onClick={upload}>
            {intl.formatMessage(messages.upload)}
          </Button>
          {src ? (
            <Button variant="secondary" icon={Trash2} disabled={locked} onClick={() => void run(onRemove, false)}>
              {texts.remove}
            </Button>
          ) : null}
        </div>
        {outcome?.kind === 'uploaded' ? <SuccessStatus>{intl.formatMessage(commonMessages.fileUploaded)}</SuccessStatus> : null}
        {outcome?.kind === 'removed' ? <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus> : null}
        {outcome?.kind === 'error' ? (
          <ErrorAlert>
            {outcome.upload ? <strong>{intl.formatMessage(commonMessages.uploadFailed)} </strong> : null}
            {describeError(intl, outcome.error)}
          </ErrorAlert>
        ) : null}
      </div>
    </div>
  );
}
