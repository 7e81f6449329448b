// Avatar upload and removal, shared by "My profile" and the administrator's user form.
import { useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { AVATAR_MAX_BYTES, IMAGE_MEDIA_TYPES, mediaUrl } from '../../../shared/constants';
import { ApiError } from '../lib/api-client';
import { describeError } from '../lib/error-messages';
import { ErrorAlert, SuccessStatus } from './alert';
import { commonMessages } from './common-messages';

const messages = defineMessages({
  current: { id: 'components.avatarField.current', defaultMessage: 'Current avatar' },
  none: { id: 'components.avatarField.none', defaultMessage: 'No avatar yet.' },
  file: { id: 'components.avatarField.file', defaultMessage: 'Picture file' },
  upload: { id: 'components.avatarField.upload', defaultMessage: 'Upload' },
  remove: { id: 'components.avatarField.remove', defaultMessage: 'Remove avatar' },
});

const valued = defineMessages<{ hint: { size: number } }>({
  hint: {
    id: 'components.avatarField.hint',
    defaultMessage: 'PNG, JPEG, GIF or WebP, {size, number} MB at most.',
  },
});

type Outcome = { kind: 'uploaded' } | { kind: 'removed' } | { kind: 'error'; upload: boolean; error: unknown } | null;

interface AvatarFieldProps {
  /** media://<key> or null. */
  avatar: string | null;
  disabled?: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}

function checkFile(file: File): ApiError | null {
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)) {
    return new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  if (file.size > AVATAR_MAX_BYTES) return new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  return null;
}

export function AvatarField({ avatar, disabled = false, onUpload, onRemove }: AvatarFieldProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const src = mediaUrl(avatar);

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
    const refused = checkFile(file);
    if (refused) {
      setOutcome({ kind: 'error', upload: true, error: refused });
      return;
    }
    void run(() => onUpload(file), true);
  }

  return (
    <div className="avatar-field">
      <div className="avatar-field__preview">
        {src ? (
          <img className="avatar avatar--large" src={src} alt={intl.formatMessage(messages.current)} />
        ) : (
          <p className="muted">{intl.formatMessage(messages.none)}</p>
        )}
      </div>
      <div className="avatar-field__controls">
        <label className="field__label" htmlFor={id}>
          {intl.formatMessage(messages.file)}
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
          {intl.formatMessage(valued.hint, { size: AVATAR_MAX_BYTES / (1024 * 1024) })}
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
              {intl.formatMessage(messages.remove)}
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
