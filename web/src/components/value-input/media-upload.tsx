// Image, video and file values: the current file (a thumbnail or an icon, its name and size) with a
// remove button, and a drop zone that checks the file before uploading it. A picture larger than an
// upload may be is scaled down in the browser first. While a file uploads, or after its upload failed,
// the form around it refuses to save (upload-guard.tsx) and says why.
import { X } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { ITEM_FILE_MAX_BYTES } from '@shared/catalogue';
import { IMAGE_MEDIA_TYPES, VIDEO_MEDIA_TYPES } from '@shared/constants';
import { isMediaValue } from '@shared/values';
import { ApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { formatFileSize } from '@web/lib/file-size';
import { mediaFileName } from '@web/lib/media-file-name';
import { useMediaSrc } from '@web/lib/media-url';
import { fitImage } from '@web/lib/resize-image';
import { ErrorAlert, SuccessStatus } from '../alert';
import { Button, IconButton } from '../button';
import { commonMessages } from '../common-messages';
import { FileDrop, FileSummary } from '../file-drop';
import type { FileKind } from '../file-drop';
import type { ControlProps } from './control-props';
import { useUploadReport } from './upload-guard';
import { useUploadedName } from './use-uploaded-name';

const messages = defineMessages<{
  removeFile: { label: string };
  uploading: { name: string };
  resizing: { name: string };
  skip: NoMessageValues;
  imageHint: { size: string };
  videoHint: { size: string };
  fileHint: { size: string };
}>({
  removeFile: { id: 'components.valueInput.removeFile', defaultMessage: 'Remove the file of {label}' },
  uploading: { id: 'components.valueInput.uploading', defaultMessage: 'Uploading {name}…' },
  resizing: { id: 'components.valueInput.resizing', defaultMessage: 'Making {name} smaller…' },
  skip: { id: 'components.valueInput.skipFile', defaultMessage: 'Continue without this file' },
  imageHint: {
    id: 'components.valueInput.imageHint',
    defaultMessage: 'PNG, JPEG, GIF or WebP. Larger pictures are made smaller to fit {size}.',
  },
  videoHint: { id: 'components.valueInput.videoHint', defaultMessage: 'MP4, WebM or Ogg, {size} at most.' },
  fileHint: { id: 'components.valueInput.fileHint', defaultMessage: 'Any kind of file, {size} at most.' },
});

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

type Outcome = { uploaded: true } | { error: unknown } | null;
/** The file chosen in this visit, to show its real name and size once stored. */
type Chosen = { name: string; size: number; value: string };

/** `children`: another way to give the value, shown below the drop zone (a video's address). */
export function MediaUpload({
  field,
  id,
  text,
  onText,
  disabled,
  describedBy,
  invalid,
  name,
  upload,
  children,
}: ControlProps & { children?: ReactNode }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<{ name: string; resizing: boolean } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const report = useUploadReport(id);
  const mediaSrc = useMediaSrc();
  const media = isMediaValue(text) ? mediaSrc(text) : null;
  const uploadedName = useUploadedName(media);
  const kind: FileKind = field.type === 'image' ? 'image' : field.type === 'video' ? 'video' : 'file';

  function fail(error: unknown) {
    setOutcome({ error });
    report({ id, name, error });
  }

  async function onFile(picked: File) {
    if (!upload) return;
    setOutcome(null);
    report({ id, name, busy: true });
    let file = picked;
    if (field.type === 'image' && picked.size > ITEM_FILE_MAX_BYTES) {
      setBusy({ name: picked.name, resizing: true });
      file = await fitImage(picked, ITEM_FILE_MAX_BYTES);
    }
    const refused = refusal(field.type, file);
    if (refused) {
      setBusy(null);
      fail(refused);
      return;
    }
    setBusy({ name: file.name, resizing: false });
    try {
      const value = await upload(file);
      onText(value);
      setChosen({ name: file.name, size: file.size, value });
      setOutcome({ uploaded: true });
      report(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  const sizeLimit = formatFileSize(intl, ITEM_FILE_MAX_BYTES);
  const hint = intl.formatMessage(messages[`${kind}Hint`], { size: sizeLimit });
  const known = chosen && chosen.value === text ? chosen : null;

  return (
    <div className="media-input">
      {media ? (
        <FileSummary
          kind={kind}
          name={known?.name ?? uploadedName ?? mediaFileName(text)}
          size={known?.size}
          preview={
            kind === 'image' ? (
              <img src={media} alt={name} loading="lazy" />
            ) : kind === 'video' ? (
              <video src={media} preload="metadata" muted aria-hidden="true" />
            ) : undefined
          }
          actions={
            <IconButton
              size="small"
              icon={X}
              disabled={disabled || busy !== null}
              label={intl.formatMessage(messages.removeFile, { label: name })}
              onClick={() => {
                setOutcome(null);
                report(null);
                onText('');
              }}
            />
          }
        />
      ) : null}
      {upload ? (
        <FileDrop
          id={id}
          kind={kind}
          accept={ACCEPT[field.type]}
          disabled={disabled || busy !== null}
          describedBy={describedBy}
          invalid={invalid || (outcome !== null && 'error' in outcome)}
          hint={hint}
          onFile={(file) => void onFile(file)}
        />
      ) : null}
      {children}
      {busy ? (
        <p className="muted" role="status">
          {intl.formatMessage(busy.resizing ? messages.resizing : messages.uploading, { name: busy.name })}
        </p>
      ) : null}
      {outcome && 'uploaded' in outcome ? <SuccessStatus>{intl.formatMessage(commonMessages.fileUploaded)}</SuccessStatus> : null}
      {outcome && 'error' in outcome ? (
        <ErrorAlert>
          <strong>{intl.formatMessage(commonMessages.uploadFailed)} </strong>
          {describeError(intl, outcome.error)}{' '}
          <Button
            variant="quiet"
            size="small"
            disabled={disabled}
            onClick={() => {
              setOutcome(null);
              report(null);
            }}
          >
            {intl.formatMessage(messages.skip)}
          </Button>
        </ErrorAlert>
      ) : null}
    </div>
  );
}
