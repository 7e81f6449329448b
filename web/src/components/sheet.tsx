// A bottom sheet on a native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
// Escape closes it, and focus goes back to the button that opened it.
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { X } from 'lucide-react';
import './sheet.css';

const messages = defineMessages({
  close: { id: 'components.sheet.close', defaultMessage: 'Close' },
});

interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

export function Sheet({ open, title, onClose, children, footer }: SheetProps) {
  const intl = useIntl();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={`${id}-title`}
      // Escape fires "cancel": the parent's state closes the dialog, so state and DOM agree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A tap on the backdrop (outside the sheet's box) closes it too.
      onClick={(event) => {
        if (event.target === event.currentTarget) {
          const box = event.currentTarget.getBoundingClientRect();
          const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
          if (!inside) onClose();
        }
      }}
    >
      <div className="sheet__header">
        <h2 className="sheet__title" id={`${id}-title`}>
          {title}
        </h2>
        <button type="button" className="sheet__close" onClick={onClose} aria-label={intl.formatMessage(messages.close)}>
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <div className="sheet__body">{open ? children : null}</div>
      {footer && open ? <div className="sheet__footer">{footer}</div> : null}
    </dialog>
  );
}
