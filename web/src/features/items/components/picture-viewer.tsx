// One picture at a time over the whole screen, on a native modal <dialog> (the page behind is inert):
// arrows move through the pictures, Escape or Close closes, and the caller puts the focus back.
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';

const messages = defineMessages<{
  position: { index: number; count: number };
  previous: NoMessageValues;
  next: NoMessageValues;
  close: NoMessageValues;
}>({
  position: { id: 'items.pictureViewer.position', defaultMessage: 'Picture {index, number} of {count, number}' },
  previous: { id: 'items.pictureViewer.previous', defaultMessage: 'Previous picture' },
  next: { id: 'items.pictureViewer.next', defaultMessage: 'Next picture' },
  close: { id: 'items.pictureViewer.close', defaultMessage: 'Close' },
});

export interface Picture {
  thumb: string;
  full: string;
  label: string;
}

interface PictureViewerProps {
  pictures: Picture[];
  index: number;
  onMove: (index: number) => void;
  onClose: () => void;
}

export function PictureViewer({ pictures, index, onMove, onClose }: PictureViewerProps) {
  const intl = useIntl();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const count = pictures.length;
  const picture = pictures[index]!;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);

  const move = (step: number) => onMove((index + step + count) % count);
  function onKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  }

  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-labelledby={`${id}-title`}
      // Escape fires "cancel": the parent unmounts the dialog, so its state and the DOM agree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="viewer__bar">
        <h2 className="viewer__title" id={`${id}-title`}>
          {picture.label}
          <span className="viewer__position"> · {intl.formatMessage(messages.position, { index: index + 1, count })}</span>
        </h2>
        <button type="button" className="viewer__button" onClick={onClose} aria-label={intl.formatMessage(messages.close)}>
          <X aria-hidden="true" size={24} />
        </button>
      </div>
      <div className="viewer__stage">
        <img className="viewer__picture" src={picture.full} alt={picture.label} />
      </div>
      {count > 1 ? (
        <div className="viewer__nav">
          <button type="button" className="viewer__button" onClick={() => move(-1)} aria-label={intl.formatMessage(messages.previous)}>
            <ChevronLeft aria-hidden="true" size={28} />
          </button>
          <button type="button" className="viewer__button" onClick={() => move(1)} aria-label={intl.formatMessage(messages.next)}>
            <ChevronRight aria-hidden="true" size={28} />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
