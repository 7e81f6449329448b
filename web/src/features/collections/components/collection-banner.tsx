// The picture side of a collection's header, decorative (the heading names the collection): its own
// picture as a jacket over a blurred copy of it, else its first covers as a 2×2 jacket and a shelf-like
// band behind the header, else its type's icon on a colour drawn from its name, as on the home cards.
import type { Collection } from '@shared/schemas/collections';
import { TypeIcon } from '@web/components/cover-placeholder';
import type { CoverSources } from '@web/lib/picture-srcset';
import { placeholderColourClass } from '@web/lib/placeholder-colour';
import './collection-cards.css';

/**
 * Covers the jacket's mosaic holds; the band behind takes all the header was given. The band starts at
 * the header's right edge with the same first covers (collection-header.css), so the pictures a phone
 * shows of it are the jacket's, fetched once for both.
 */
const JACKET_COVERS = 4;

/**
 * How wide each picture is shown (collection-header.css), for the browser to pick its image: the jacket
 * is 4.5rem (a quarter of it per cover); the band's covers are about 4.5rem wide (the header's height)
 * but faded to a third behind a gradient, so they are announced a little smaller to take the small
 * thumbnail on phones, as the blurred collection picture does. Only a sharp jacket needs more.
 */
const JACKET_SIZES = '4.5rem';
const JACKET_COVER_SIZES = '2.25rem';
const BAND_SIZES = '4rem';

type Sources = CoverSources | null;

/**
 * The header's pictures are the largest a phone shows first (a list's covers are smaller): they are asked
 * for first, and the app waits for them before loading (lib/start-after-paint.ts).
 */
function Picture({ sources, sizes }: { sources: CoverSources; sizes: string }) {
  return <img src={sources.src} srcSet={sources.srcSet} sizes={sizes} alt="" fetchPriority="high" decoding="async" />;
}

function Jacket({ collection, image, covers }: { collection: Collection; image: Sources; covers: CoverSources[] }) {
  if (image) return <Picture sources={image} sizes={JACKET_SIZES} />;
  const shown = covers.slice(0, JACKET_COVERS);
  if (shown.length > 0) {
    return (
      <span className={`collection-mosaic collection-mosaic--${shown.length}`}>
        {shown.map((cover, index) => (
          <Picture key={`${index}-${cover.src}`} sources={cover} sizes={shown.length === 1 ? JACKET_SIZES : JACKET_COVER_SIZES} />
        ))}
      </span>
    );
  }
  return (
    <span className={`showcase__placeholder ${placeholderColourClass(collection.name)}`}>
      <TypeIcon type={collection.type} className="showcase__placeholder-icon" />
    </span>
  );
}

export function CollectionBanner({ collection, image, covers }: { collection: Collection; image: Sources; covers: CoverSources[] }) {
  const band = image ? [image] : covers;
  return (
    <>
      {band.length > 0 ? (
        <div
          className={image ? 'showcase__band showcase__band--picture' : 'showcase__band'}
          aria-hidden="true"
          data-testid="collection-banner"
        >
          {band.map((cover, index) => (
            <Picture key={`${index}-${cover.src}`} sources={cover} sizes={BAND_SIZES} />
          ))}
        </div>
      ) : null}
      <div className="showcase__jacket" aria-hidden="true">
        <Jacket collection={collection} image={image} covers={covers} />
      </div>
    </>
  );
}
