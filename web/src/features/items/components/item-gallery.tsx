// The item's pictures as a row of thumbnails; each opens the full-screen viewer, and closing it puts the
// focus back on the thumbnail of the picture last shown.
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { PictureViewer } from './picture-viewer';
import type { Picture } from './picture-viewer';

const messages = defineMessages<{ title: NoMessageValues; open: { label: string } }>({
  title: { id: 'items.itemGallery.title', defaultMessage: 'Pictures' },
  open: { id: 'items.itemGallery.open', defaultMessage: '{label}: full screen' },
});

export function ItemGallery({ pictures }: { pictures: Picture[] }) {
  const intl = useIntl();
  const [shown, setShown] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const returnTo = useRef<number | null>(null);
  // Once the viewer is gone (while it is open the page behind is inert and cannot take the focus).
  useEffect(() => {
    if (shown !== null || returnTo.current === null) return;
    thumbs.current[returnTo.current]?.focus();
    returnTo.current = null;
  }, [shown]);
  if (pictures.length === 0) return null;
  const close = () => {
    returnTo.current = shown;
    setShown(null);
  };
  const title = intl.formatMessage(messages.title);
  return (
    <section className="item-section" aria-label={title}>
      <h2 className="item-section__title">{title}</h2>
      <ul className="gallery">
        {pictures.map((picture, index) => (
          <li key={index}>
            <button
              type="button"
              className="gallery__thumb"
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              aria-label={intl.formatMessage(messages.open, { label: picture.label })}
              onClick={() => setShown(index)}
            >
              <img src={picture.thumb} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {shown !== null ? <PictureViewer pictures={pictures} index={shown} onMove={setShown} onClose={close} /> : null}
    </section>
  );
}
