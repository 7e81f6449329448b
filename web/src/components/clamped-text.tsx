// A text cut after a few lines (CSS line-clamp) with a button when it does not fit, so a long text does
// not push the rest of the page down; the button shows it whole and folds it again. Whether it is long
// is measured, not guessed. Two lines with the toggle over the last one (a header's description), or
// six lines with "Show more" beneath (an item's long texts: `folded`).
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import './clamped-text.css';

const messages = defineMessages({
  more: { id: 'components.clampedText.more', defaultMessage: 'More' },
  less: { id: 'components.clampedText.less', defaultMessage: 'Less' },
  showMore: { id: 'items.foldedText.more', defaultMessage: 'Show more' },
  showLess: { id: 'items.foldedText.less', defaultMessage: 'Show less' },
});

export function ClampedText({ text, className, folded = false }: { text: string; className?: string; folded?: boolean }) {
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
    <div
      className={['clamped-text', folded ? 'clamped-text--folded' : '', expanded ? 'is-expanded' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <p ref={ref} id={id} className="clamped-text__text">
        {text}
      </p>
      {overflows || expanded ? (
        <button
          type="button"
          className="link-button clamped-text__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {intl.formatMessage(folded ? (expanded ? messages.showLess : messages.showMore) : expanded ? messages.less : messages.more)}
        </button>
      ) : null}
    </div>
  );
}
