// The picture side of a collection's header, decorative (the heading names the collection): its own
// picture as a jacket over a blurred copy of it, else its first covers as a 2×2 jacket and a shelf-like
// band behind the header, else its type's icon on a colour drawn from its name, as on the home cards.
import type { Collection } from '../../../../../shared/schemas/collections';
import { TypeIcon } from '../../../components/cover-placeholder';
import { placeholderColourClass } from '../../../lib/placeholder-colour';
import './collection-cards.css';

/** Covers the jacket's mosaic holds; the band behind takes all the header was given. */
const JACKET_COVERS = 4;

function Jacket({ collection, image, covers }: { collection: Collection; image: string | null; covers: string[] }) {
  if (image) return <img src={image} alt="" decoding="async" />;
  const shown = covers.slice(0, JACKET_COVERS);
  if (shown.length > 0) {
    return (
      <span className={`collection-mosaic collection-mosaic--${shown.length}`}>
        {shown.map((src, index) => (
          <img key={`${index}-${src}`} src={src} alt="" decoding="async" />
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

export function CollectionBanner({ collection, image, covers }: { collection: Collection; image: string | null; covers: string[] }) {
  const band = image ? [image] : covers;
  return (
    <>
      {band.length > 0 ? (
        <div className={image ? 'showcase__band showcase__band--picture' : 'showcase__band'} aria-hidden="true" data-testid="collection-banner">
          {band.map((src, index) => (
            <img key={`${index}-${src}`} src={src} alt="" decoding="async" />
          ))}
        </div>
      ) : null}
      <div className="showcase__jacket" aria-hidden="true">
        <Jacket collection={collection} image={image} covers={covers} />
      </div>
    </>
  );
}
