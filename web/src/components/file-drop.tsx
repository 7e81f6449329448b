// The file pickers: a zone that takes a click, a tap, or a file dropped on it, around a real file input
// (visually hidden, still focusable: Tab reaches it and Enter or Space opens the browser's picker, and
// its label stays the field's). FileSummary shows a file: a thumbnail for pictures, an icon otherwise,
// its name and its size in the app's language.
import { File as FileIcon, FileImage, FileVideo, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { formatFileSize } from '../lib/file-size';
import './file-drop.css';

const messages = defineMessages<{ drop: NoMessageValues; choose: NoMessageValues; dropHere: NoMessageValues }>({
  drop: { id: 'components.fileDrop.drop', defaultMessage: 'Drop a file here' },
  choose: { id: 'components.fileDrop.choose', defaultMessage: 'or choose one' },
  dropHere: { id: 'components.fileDrop.dropHere', defaultMessage: 'Release to use this file' },
});

export type FileKind = 'image' | 'video' | 'file';

interface FileDropProps {
  id: string;
  kind: FileKind;
  accept?: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  /** A line under the invitation (accepted types, the largest size), also describing the input. */
  hint?: ReactNode;
  onFile: (file: File) => void;
}

export function FileDrop({ id, kind, accept, disabled = false, describedBy, invalid, hint, onFile }: FileDropProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const Icon = kind === 'image' ? FileImage : kind === 'video' ? FileVideo : Upload;

  function take(file: File | undefined) {
    if (!file || disabled) return;
    onFile(file);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  }

  const classes = ['file-drop'];
  if (over) classes.push('is-over');
  if (disabled) classes.push('is-disabled');
  if (invalid) classes.push('is-invalid');
  return (
    <div
      className={classes.join(' ')}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      onClick={(event) => {
        if (!disabled && event.target !== input.current) input.current?.click();
      }}
    >
      <input
        ref={input}
        id={id}
        type="file"
        className="file-drop__input"
        accept={accept}
        disabled={disabled}
        aria-describedby={[describedBy, hint ? `${id}-drop-hint` : null].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          const picker = event.currentTarget;
          take(picker.files?.[0]);
          // The same file can be chosen again after a failure.
          picker.value = '';
        }}
      />
      <span className="file-drop__icon">
        <Icon size={24} aria-hidden="true" />
      </span>
      <span className="file-drop__text" aria-hidden="true">
        {over ? (
          <strong>{intl.formatMessage(messages.dropHere)}</strong>
        ) : (
          <>
            <strong>{intl.formatMessage(messages.drop)}</strong>{' '}
            <span className="file-drop__choose">{intl.formatMessage(messages.choose)}</span>
          </>
        )}
      </span>
      {hint ? (
        <span className="file-drop__hint" id={`${id}-drop-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A preview of a chosen picture (a data: address, which the Content-Security-Policy allows). */
export function usePicturePreview(file: Blob | null): string | null {
  const [read, setRead] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setRead({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  // A preview of another file than the current one is never shown.
  return read && read.file === file ? read.url : null;
}

interface FileSummaryProps {
  kind: FileKind;
  name: string;
  /** Unknown for files stored before this visit. */
  size?: number | null;
  /** A picture's address (or a video element) to show instead of the icon. */
  preview?: ReactNode;
  /** Buttons: remove, download… */
  actions?: ReactNode;
}

export function FileSummary({ kind, name, size, preview, actions }: FileSummaryProps) {
  const intl = useIntl();
  const Icon = kind === 'image' ? FileImage : kind === 'video' ? FileVideo : FileIcon;
  return (
    <div className="file-summary">
      <span className="file-summary__preview">{preview ?? <Icon size={28} aria-hidden="true" />}</span>
      <span className="file-summary__about">
        <span className="file-summary__name">{name}</span>
        {size != null ? <span className="file-summary__size">{formatFileSize(intl, size)}</span> : null}
      </span>
      {actions ? <span className="file-summary__actions">{actions}</span> : null}
    </div>
  );
}
