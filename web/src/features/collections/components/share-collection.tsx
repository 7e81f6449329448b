// Share on a collection's page. A collection others may see: the system share sheet on a touch device
// that has one, else its address copied, with a word saying so. A private one gives no link at all:
// the note says who may see it and, to its owner, where to change that.
import { useEffect, useId, useState } from 'react';
import { Share2, X } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { VISIBILITY } from '@shared/constants';
import type { Collection } from '@shared/schemas/collections';
import { Button } from '@web/components/button';
import { paths } from '@web/lib/paths';
import { COARSE_POINTER, useMediaQuery } from '@web/lib/use-media-query';

const messages = defineMessages({
  share: { id: 'collections.shareCollection.share', defaultMessage: 'Share' },
  copied: { id: 'collections.shareCollection.copied', defaultMessage: 'Link copied: anyone who has it can see this collection.' },
  copiedMembers: {
    id: 'collections.shareCollection.copiedMembers',
    defaultMessage: 'Link copied. Only people signed in here can open it.',
  },
  private: { id: 'collections.shareCollection.private', defaultMessage: 'This collection is private: only you can see it.' },
  nobody: { id: 'collections.shareCollection.nobody', defaultMessage: 'This collection is visible to nobody: it has no link to share.' },
  change: { id: 'collections.shareCollection.change', defaultMessage: 'Change who may see it' },
  failed: { id: 'collections.shareCollection.failed', defaultMessage: 'The link could not be copied. Copy it from here:' },
  link: { id: 'collections.shareCollection.link', defaultMessage: 'Link to this collection' },
  close: { id: 'collections.shareCollection.close', defaultMessage: 'Close' },
});

type Note = 'none' | 'copied' | 'failed' | 'restricted';

/** How long the "copied" word stays: long enough to read, then it gets out of the way. */
const COPIED_FOR_MS = 5000;

/** The collection's own address, without the search or display of the moment (read on a click: the Worker renders this screen too). */
function collectionUrl(id: number): string {
  return new URL(paths.collection(id), window.location.origin).href;
}

export function ShareCollection({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const noteId = useId();
  const touch = useMediaQuery(COARSE_POINTER);
  const [note, setNote] = useState<Note>('none');
  const shareable = collection.visibility === VISIBILITY.everyone || collection.visibility === VISIBILITY.loggedIn;

  useEffect(() => {
    if (note !== 'copied') return;
    const timer = window.setTimeout(() => setNote('none'), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [note]);

  async function share() {
    const url = collectionUrl(collection.id);
    if (!shareable) {
      setNote('restricted');
      return;
    }
    if (touch && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: collection.name, url });
        return;
      } catch (error) {
        // Closing the sheet is an answer; any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote('copied');
    } catch {
      setNote('failed');
    }
  }

  return (
    <div className="share">
      <Button variant="secondary" icon={Share2} onClick={() => void share()} aria-describedby={note === 'none' ? undefined : noteId}>
        <span className="button__label">{intl.formatMessage(messages.share)}</span>
      </Button>
      <div role="status" id={noteId} className={note === 'none' ? 'share__note' : 'share__note is-shown'}>
        {note === 'none' ? null : (
          <>
            {note === 'copied' ? (
              <p>{intl.formatMessage(collection.visibility === VISIBILITY.everyone ? messages.copied : messages.copiedMembers)}</p>
            ) : null}
            {note === 'failed' ? (
              <>
                <p>{intl.formatMessage(messages.failed)}</p>
                <input
                  className="field__input"
                  readOnly
                  value={collectionUrl(collection.id)}
                  aria-label={intl.formatMessage(messages.link)}
                  onFocus={(event) => event.currentTarget.select()}
                />
              </>
            ) : null}
            {note === 'restricted' ? (
              <p>
                {intl.formatMessage(collection.visibility === VISIBILITY.nobody ? messages.nobody : messages.private)}{' '}
                {collection.isOwner ? <Link to={paths.collectionEdit(collection.id)}>{intl.formatMessage(messages.change)}</Link> : null}
              </p>
            ) : null}
            <button
              type="button"
              className="icon-button icon-button--small share__close"
              aria-label={intl.formatMessage(messages.close)}
              title={intl.formatMessage(messages.close)}
              onClick={() => setNote('none')}
            >
              <X size={16} aria-hidden="true" />
            </button>
          </>
        )}
      </div>
    </div>
  );
}
