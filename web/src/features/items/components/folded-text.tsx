// A long text shown as its first lines, with a button that unfolds it and folds it again. Short texts
// show whole, without the button.
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  more: { id: 'items.foldedText.more', defaultMessage: 'Show more' },
  less: { id: 'items.foldedText.less', defaultMessage: 'Show less' },
});

/** Past about six lines of a phone's width, a text is folded (the CSS shows six lines). */
const FOLD_CHARACTERS = 320;
const FOLD_LINES = 6;

export function isLongText(text: string): boolean {
  return text.length > FOLD_CHARACTERS || text.split('\n').length > FOLD_LINES;
}

export function FoldedText({ text }: { text: string }) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!isLongText(text)) return <p className="folded-text">{text}</p>;
  return (
    <div className="folded">
      <p id={id} className={open ? 'folded-text' : 'folded-text folded-text--folded'}>
        {text}
      </p>
      <button type="button" className="link-button folded__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {intl.formatMessage(open ? messages.less : messages.more)}
      </button>
    </div>
  );
}
