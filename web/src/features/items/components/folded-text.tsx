// A long text shown as its first lines, with a button that unfolds it and folds it again. Whether it
// is long is measured, not guessed: a text that fits in the folded height on this screen shows whole,
// without the button.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  more: { id: 'items.foldedText.more', defaultMessage: 'Show more' },
  less: { id: 'items.foldedText.less', defaultMessage: 'Show less' },
});

export function FoldedText({ text }: { text: string }) {
  const intl = useIntl();
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured while folded, again whenever its width changes (a turned phone, a resized window).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, text]);

  return (
    <div className="folded">
      <p ref={ref} id={id} className={open ? 'folded-text' : 'folded-text folded-text--folded'}>
        {text}
      </p>
      {overflows || open ? (
        <button type="button" className="link-button folded__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {intl.formatMessage(open ? messages.less : messages.more)}
        </button>
      ) : null}
    </div>
  );
}
