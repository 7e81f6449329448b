// A text cut after a few lines (CSS line-clamp) with a "More" button when it does not fit, so a long
// description does not push the rest of the page down; the button shows it whole.
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import './clamped-text.css';

const messages = defineMessages({
  more: { id: 'components.clampedText.more', defaultMessage: 'More' },
  less: { id: 'components.clampedText.less', defaultMessage: 'Less' },
});

export function ClampedText({ text, className }: { text: string; className?: string }) {
  const intl = useIntl();
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured again when the width changes (a phone turned, a window resized).
  useEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className={['clamped-text', expanded ? 'is-expanded' : '', className ?? ''].filter(Boolean).join(' ')}>
      <p ref={ref} id={id} className="clamped-text__text">
        {text}
      </p>
      {overflows || expanded ? (
        <button type="button" className="link-button clamped-text__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {intl.formatMessage(expanded ? messages.less : messages.more)}
        </button>
      ) : null}
    </div>
  );
}
