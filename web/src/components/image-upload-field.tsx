// Upload and removal of one picture (avatars, collection images): checks type and size first, then
// reports 'Your file has been uploaded' or the upload error.
import { useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { IMAGE_MEDIA_TYPES } from '../../../shared/constants';
import { ApiError } from '../lib/api-client';
import { describeError } from '../lib/error-messages';
import { useMediaSrc } from '../lib/media-url';
import { ErrorAlert, SuccessStatus } from './alert';
import { commonMessages } from './common-messages';

const messages = defineMessages({
  upload: { id: 'components.imageUploadField.upload', defaultMessage: 'Upload' },
});

const valued = defineMessages<{ hint: { size: number } }>({
  hint: {
    id: 'components.imageUploadField.hint',
    defaultMessage: 'PNG, JPEG, GIF or WebP, {size, number} MB at most.',
  },
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

export function ImageUploadField({
  image,
  maxBytes,
  texts,
  imageClassName,
  disabled = false,
  onUpload,
  onRemove,
}: ImageUploadFieldProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const src = useMediaSrc()(image);

  async function run(action: () => Promise<unknown>, upload: boolean) {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
      setOutcome({ kind: upload ? 'uploaded' : 'removed' });
      if (input.current) input.current.value = '';
    } catch (error) {
      setOutcome({ kind: 'error', upload, error });
    } finally {
      setBusy(false);
    }
  }

  function upload() {
    const file = input.current?.files?.[0];
    if (!file) return;
    const refused = checkFile(file, maxBytes);
    if (refused) {
      setOutcome({ kind: 'error', upload: true, error: refused });
      return;
    }
    void run(() => onUpload(file), true);
  }

  return (
    <div className="avatar-field">
      <div className="avatar-field__preview">
        {src ? <img className={imageClassName} src={src} alt={texts.current} /> : <p className="muted">{texts.none}</p>}
      </div>
      <div className="avatar-field__controls">
        <label className="field__label" htmlFor={id}>
          {texts.file}
        </label>
        <input
          ref={input}
          id={id}
          name="file"
          type="file"
          className="field__file"
          accept={IMAGE_MEDIA_TYPES.join(',')}
          disabled={disabled || busy}
          aria-describedby={`${id}-hint`}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {intl.formatMessage(valued.hint, { size: maxBytes / (1024 * 1024) })}
        </p>
        <div className="actions">
          <button type="button" className="button" disabled={disabled || busy} onClick={upload}>
            {intl.formatMessage(messages.upload)}
          </button>
          {src ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={disabled || busy}
              onClick={() => void run(onRemove, false)}
            >
              {texts.remove}
            </button>
          ) : null}
        </div>
        {outcome?.kind === 'uploaded' ? (
          <SuccessStatus>{intl.formatMessage(commonMessages.fileUploaded)}</SuccessStatus>
        ) : null}
        {outcome?.kind === 'removed' ? (
          <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus>
        ) : null}
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
