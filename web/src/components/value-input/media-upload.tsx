// Image, video and file values: the current file (preview or name) with a remove button, a file input
// that checks size and type before uploading, and what came of the upload.
import { useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { ITEM_FILE_MAX_BYTES } from '../../../../shared/catalogue';
import { IMAGE_MEDIA_TYPES, VIDEO_MEDIA_TYPES } from '../../../../shared/constants';
import { isMediaValue } from '../../../../shared/values';
import { ApiError } from '../../lib/api-client';
import { describeError } from '../../lib/error-messages';
import { useMediaSrc } from '../../lib/media-url';
import { ErrorAlert, SuccessStatus } from '../alert';
import { commonMessages } from '../common-messages';
import type { ControlProps } from './control-props';
import { valueInputMessages } from './value-input-messages';

const messages = defineMessages<{ removeFile: { label: string }; uploading: NoMessageValues }>({
  removeFile: { id: 'components.valueInput.removeFile', defaultMessage: 'Remove the file of {label}' },
  uploading: { id: 'components.valueInput.uploading', defaultMessage: 'Uploading…' },
});

/** The last segment of a media key, shown as the file's name. */
export function mediaFileName(value: string): string {
  const segments = value.split('/');
  return segments[segments.length - 1] ?? value;
}

/** Why a chosen file is refused before upload (the server would refuse it the same way), or null. */
function refusal(type: ControlProps['field']['type'], file: File): ApiError | null {
  if (file.size > ITEM_FILE_MAX_BYTES) return new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  const typeOk =
    type === 'image'
      ? (IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)
      : type === 'video'
        ? file.type.startsWith('video/')
        : true;
  return typeOk ? null : new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
}

const ACCEPT: Partial<Record<ControlProps['field']['type'], string>> = {
  image: IMAGE_MEDIA_TYPES.join(','),
  video: VIDEO_MEDIA_TYPES.join(','),
};

/** `children`: another way to give the value, shown below the file input (a video's address). */
export function MediaUpload({
  field,
  id,
  text,
  onText,
  disabled,
  describedBy,
  name,
  upload,
  children,
}: ControlProps & { children?: ReactNode }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ uploaded: true } | { error: unknown } | null>(null);
  const mediaSrc = useMediaSrc();
  const media = isMediaValue(text) ? mediaSrc(text) : null;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || !upload) return;
    setOutcome(null);
    const refused = refusal(field.type, file);
    if (refused) {
      setOutcome({ error: refused });
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      onText(await upload(file));
      setOutcome({ uploaded: true });
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  return (
    <div className="media-input">
      {media ? (
        <div className="media-input__current">
          {field.type === 'image' ? (
            <img className="media-input__preview" src={media} alt={name} loading="lazy" />
          ) : field.type === 'video' ? (
            <video className="media-input__preview" src={media} controls preload="metadata" />
          ) : (
            <span className="media-input__name">{mediaFileName(text)}</span>
          )}
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={disabled || busy}
            onClick={() => {
              setOutcome(null);
              onText('');
            }}
            aria-label={intl.formatMessage(messages.removeFile, { label: name })}
          >
            {intl.formatMessage(valueInputMessages.removeShort)}
          </button>
        </div>
      ) : null}
      {upload ? (
        <input
          id={id}
          type="file"
          className="field__file"
          accept={ACCEPT[field.type]}
          disabled={disabled || busy}
          aria-describedby={describedBy}
          onChange={(event) => void onFile(event)}
        />
      ) : null}
      {children}
      {busy ? (
        <p className="muted" role="status">
          {intl.formatMessage(messages.uploading)}
        </p>
      ) : null}
      {outcome && 'uploaded' in outcome ? (
        <SuccessStatus>{intl.formatMessage(commonMessages.fileUploaded)}</SuccessStatus>
      ) : null}
      {outcome && 'error' in outcome ? (
        <ErrorAlert>
          <strong>{intl.formatMessage(commonMessages.uploadFailed)} </strong>
          {describeError(intl, outcome.error)}
        </ErrorAlert>
      ) : null}
    </div>
  );
}
